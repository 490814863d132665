import type { Language } from '@/domain/constants';
import { CHANNEL_TEXTS, fillTemplate } from '@/domain/notification-channels';

export interface NotificationMailInput {
  language: Language;
  appName: string;
  recipientName: string;
  title: string;
  message: string;
  /** Absolute link back into the app; omitted from the mail when the server has no PUBLIC_URL. */
  url: string | null;
}

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/** A notification as a plain-text and HTML mail in the app's default language. */
export function renderNotificationMail(input: NotificationMailInput): RenderedMail {
  const t = CHANNEL_TEXTS[input.language] ?? CHANNEL_TEXTS.en;
  const values = { appName: input.appName, title: input.title, name: input.recipientName };
  const subject = fillTemplate(t.mailSubject, values).replace(/[\r\n]+/g, ' ');
  const greeting = fillTemplate(t.mailGreeting, values);
  const intro = fillTemplate(t.mailIntro, values);
  const open = fillTemplate(t.open, values);
  const footer = fillTemplate(t.mailFooter, values);

  const text = [
    greeting,
    '',
    intro,
    '',
    input.title,
    input.message,
    ...(input.url ? ['', `${open}: ${input.url}`] : []),
    '',
    '-- ',
    footer,
  ].join('\n');

  const paragraphs = input.message
    .split(/\n{2,}/)
    .map((p) => `<p style="margin:0 0 12px">${escapeHtml(p).replace(/\n/g, '<br>')}</p>`)
    .join('');
  const button = input.url
    ? `<p style="margin:20px 0"><a href="${escapeHtml(input.url)}" style="background:#1c7ed6;color:#fff;padding:10px 18px;border-radius:6px;text-decoration:none;display:inline-block">${escapeHtml(open)}</a></p>`
    : '';
  const html = `<!doctype html>
<html lang="${input.language === 'gr' ? 'el' : input.language}"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:24px;background:#f1f3f5;font-family:Arial,Helvetica,sans-serif;color:#212529">
<div style="max-width:560px;margin:0 auto;background:#fff;border-radius:8px;padding:24px">
<p style="margin:0 0 12px">${escapeHtml(greeting)}</p>
<p style="margin:0 0 16px">${escapeHtml(intro)}</p>
<h2 style="margin:0 0 12px;font-size:18px">${escapeHtml(input.title)}</h2>
${paragraphs}${button}
<p style="margin:24px 0 0;font-size:12px;color:#868e96">${escapeHtml(footer)}</p>
</div></body></html>`;
  return { subject, text, html };
}
