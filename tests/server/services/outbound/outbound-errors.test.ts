import http from 'node:http';
import net from 'node:net';
import webpush from 'web-push';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postWebhook } from '@/server/services/chat/webhooks';
import { describeSmtpError, sendSmtpMail, smtpFailureOf } from '@/server/services/mail/smtp';
import { DeliveryError } from '@/server/services/outbound/delivery-error';
import { sendWebPush } from '@/server/services/push/web-push';
import { startFakePushService, type FakePushService } from '../../../fixtures/fake-push-service';

/*
 * A send to an admin-set destination (mail server, chat webhook) or a push service says what failed
 * with a code the client words in the user's language and a detail in our own words — never the
 * remote server's — with one wording for a closed port and an open one that does not speak the
 * protocol.
 */

let closedPort: number;
let chatty: net.Server;
let silent: net.Server;
let banner: net.Server;
let talkative: http.Server;
let pushService: FakePushService;
const sockets = new Set<net.Socket>();

const listen = async (server: net.Server) => {
  if (server.listening) return (server.address() as net.AddressInfo).port;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  server.on('connection', (s) => sockets.add(s));
  return (server.address() as net.AddressInfo).port;
};

beforeAll(async () => {
  const probe = net.createServer();
  closedPort = await listen(probe);
  await new Promise((resolve) => probe.close(resolve));
  // Answers like another service would, with text a caller must never get to read.
  chatty = net.createServer((socket) =>
    socket.end('HTTP/1.1 400 Bad Request\r\nX-Internal: secret-banner\r\n\r\n'),
  );
  // Accepts and says nothing.
  silent = net.createServer(() => undefined);
  // Another protocol entirely: greets with its banner and hangs up.
  banner = net.createServer((socket) => socket.end('SSH-2.0-OpenSSH_9.6 secret-banner\r\n'));
  // An HTTP server failing with a body full of internals.
  talkative = http.createServer((_req, res) => {
    res.writeHead(502, { 'content-type': 'text/plain', 'x-internal': 'secret-banner' });
    res.end('upstream db=10.0.0.7 password=secret-banner');
  });
  pushService = await startFakePushService();
});
afterAll(async () => {
  for (const s of sockets) s.destroy();
  talkative.closeAllConnections();
  await Promise.all(
    [chatty, silent, banner, talkative].map((s) => new Promise((resolve) => s.close(resolve))),
  );
  await pushService.close();
});

const httpPort = async () => {
  if (!talkative.listening) await new Promise<void>((resolve) => talkative.listen(0, '127.0.0.1', resolve));
  return (talkative.address() as net.AddressInfo).port;
};

async function smtpError(port: number): Promise<string> {
  const error = await sendSmtpMail(
    { host: '127.0.0.1', port, security: 'none', user: '', password: undefined, sender: 'ops@example.test' },
    { to: 'a@example.test', subject: 's', text: 't', html: '<p>t</p>' },
    { timeoutMs: 1_000 },
  ).then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(DeliveryError);
  return `${(error as DeliveryError).failure}: ${(error as Error).message}`;
}

describe('SMTP test sends', () => {
  it('say the same for a closed port, a port speaking something else and a silent one', async () => {
    const messages = [
      await smtpError(closedPort),
      await smtpError(await listen(chatty)),
      await smtpError(await listen(silent)),
    ];
    expect(messages).toEqual([
      'UNREACHABLE: Could not connect to the mail server',
      'UNREACHABLE: Could not connect to the mail server',
      'UNREACHABLE: Could not connect to the mail server',
    ]);
  });

  it('name the mail server’s reply code, never its text', () => {
    const refused = Object.assign(new Error('Invalid login: 535 5.7.8 secret-banner'), {
      code: 'EAUTH',
      responseCode: 535,
    });
    expect(describeSmtpError(refused)).toBe('The mail server refused the sign-in (535)');
    expect(smtpFailureOf(refused)).toBe('AUTH_FAILED');
    const other = Object.assign(new Error('554 secret-banner'), { code: 'EMESSAGE', responseCode: 554 });
    expect(describeSmtpError(other)).toBe('The mail server answered 554');
    expect(smtpFailureOf(other)).toBe('REJECTED');
    expect(describeSmtpError(new Error('getaddrinfo ENOTFOUND mail.internal'))).toBe(
      'Could not connect to the mail server',
    );
  });
});

async function webhookError(port: number): Promise<string> {
  const error = await postWebhook(
    `http://127.0.0.1:${port}/hook`,
    { text: 'test' },
    { timeoutMs: 2_000 },
  ).then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(DeliveryError);
  return `${(error as DeliveryError).failure}: ${(error as Error).message}`;
}

describe('chat webhook sends', () => {
  it('say the same for a closed port and one speaking another protocol', async () => {
    expect([await webhookError(closedPort), await webhookError(await listen(banner))]).toEqual([
      'UNREACHABLE: Webhook unreachable: connection failed',
      'UNREACHABLE: Webhook unreachable: connection failed',
    ]);
  });

  it('name the HTTP status of a failed answer, never its body or headers', async () => {
    expect(await webhookError(await httpPort())).toBe('REJECTED: Webhook answered 502');
  });
});

async function pushError(port: number): Promise<string> {
  const { keys } = pushService.subscribe();
  const result = await sendWebPush(
    { endpoint: `http://127.0.0.1:${port}/push/x`, keys },
    { title: 't', body: 'm', link: '/', id: 'x' },
    { vapid: webpush.generateVAPIDKeys(), subject: 'mailto:ops@example.test', timeoutMs: 2_000 },
  );
  expect(result.ok).toBe(false);
  return result.ok ? '' : `${result.failure}: ${result.error}`;
}

describe('push sends', () => {
  it('say the same for a closed port and one speaking another protocol', async () => {
    expect([await pushError(closedPort), await pushError(await listen(banner))]).toEqual([
      'UNREACHABLE: Push service unreachable: connection failed',
      'UNREACHABLE: Push service unreachable: connection failed',
    ]);
  });

  it('name the HTTP status of a failed answer, never its body or headers', async () => {
    expect(await pushError(await httpPort())).toBe('REJECTED: Push service answered 502');
  });
});
