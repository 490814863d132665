import type { ConnectionOptions } from 'node:tls';
import nodemailer from 'nodemailer';
import type { SmtpSecurity } from '@/domain/notification-channels';

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
 * Sends one message over SMTP. `security`: 'tls' is implicit TLS (port 465), 'starttls' upgrades a
 * plain connection and refuses to go on without TLS (port 587), 'none' never uses TLS (a relay on a
 * trusted network). Throws with the server's answer when it refuses.
 */
export async function sendSmtpMail(settings: SmtpSettings, message: MailMessage, options: SmtpOptions) {
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
    const info = await transport.sendMail({ from: settings.sender, ...message });
    if (info.rejected.length > 0) throw new Error(`Recipient refused: ${String(info.rejected[0])}`);
    return { messageId: info.messageId };
  } finally {
    transport.close();
  }
}
