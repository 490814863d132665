import type { ConnectionOptions } from 'node:tls';
import type { ChannelFailure, SmtpSecurity } from '@/domain/notification-channels';
import { DeliveryError } from '../outbound/delivery-error';

export interface SmtpSettings {
  host: string;
  port: number;
  security: SmtpSecurity;
  user: string;
  password: string | undefined;
  /** "ops@example.com" or "FleetPilot <ops@example.com>". */
  sender: string;
}

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface SmtpOptions {
  timeoutMs: number;
  /** Extra TLS options, e.g. a private CA for a company mail server (tests use it for their fake). */
  tls?: ConnectionOptions;
}

/** The address inside a sender such as "FleetPilot <ops@example.com>". */
export function senderAddress(sender: string): string {
  return /<([^<>]+)>/.exec(sender)?.[1]?.trim() ?? sender.trim();
}

/**
 * What went wrong with a send, in our own words: the mail server's reply code when it answered, never
 * its text (that would let whoever sets the host read what any server says), and one wording for
 * every failure before a mail server greeted us — refused, reset, timed out, not TLS, not SMTP at
 * all — so the test send does not tell open ports from closed ones.
 */
export function describeSmtpError(err: unknown): string {
  const { code, responseCode } = (err ?? {}) as { code?: unknown; responseCode?: unknown };
  const reply =
    typeof responseCode === 'number' && responseCode >= 200 && responseCode < 600 ? responseCode : null;
  if (code === 'EAUTH') return `The mail server refused the sign-in${reply ? ` (${reply})` : ''}`;
  if (code === 'EENVELOPE')
    return `The mail server refused the sender or recipient${reply ? ` (${reply})` : ''}`;
  // Our own refusal to go on in plain text, not the server's words: safe and useful to say.
  if (code === 'ETLS')
    return `The mail server did not upgrade to TLS with STARTTLS, which this connection requires${reply ? ` (${reply})` : ''}`;
  if (reply) return `The mail server answered ${reply}`;
  return 'Could not connect to the mail server';
}

/** The kind of a send's failure, by the same reading as describeSmtpError. */
export function smtpFailureOf(err: unknown): ChannelFailure {
  const { code, responseCode } = (err ?? {}) as { code?: unknown; responseCode?: unknown };
  if (code === 'EAUTH') return 'AUTH_FAILED';
  if (code === 'EENVELOPE' || code === 'ETLS') return 'REJECTED';
  if (typeof responseCode === 'number' && responseCode >= 200 && responseCode < 600) return 'REJECTED';
  return 'UNREACHABLE';
}

/**
 * Sends one message over SMTP. `security`: 'tls' is implicit TLS (port 465), 'starttls' upgrades a
 * plain connection and refuses to go on without TLS (port 587), 'none' never uses TLS (a relay on a
 * trusted network). Throws an error saying what failed (describeSmtpError) when it does.
 */
export async function sendSmtpMail(settings: SmtpSettings, message: MailMessage, options: SmtpOptions) {
  // Loaded with the first mail, not with every start: most sites send none.
  const { default: nodemailer } = await import('nodemailer');
  const transport = nodemailer.createTransport({
    host: settings.host,
    port: settings.port,
    secure: settings.security === 'tls',
    requireTLS: settings.security === 'starttls',
    ignoreTLS: settings.security === 'none',
    ...(settings.user && { auth: { user: settings.user, pass: settings.password ?? '' } }),
    connectionTimeout: options.timeoutMs,
    greetingTimeout: options.timeoutMs,
    socketTimeout: options.timeoutMs,
    ...(options.tls && { tls: options.tls }),
  });
  try {
    const info = await transport.sendMail({ from: settings.sender, ...message }).catch((err: unknown) => {
      throw new DeliveryError(smtpFailureOf(err), describeSmtpError(err));
    });
    if (info.rejected.length > 0)
      throw new DeliveryError('REJECTED', `Recipient refused: ${String(info.rejected[0])}`);
    return { messageId: info.messageId };
  } finally {
    transport.close();
  }
}
