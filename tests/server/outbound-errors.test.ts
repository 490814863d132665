import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeSmtpError, sendSmtpMail } from '@/server/services/mail/smtp';

/*
 * A test send to an admin-set destination says what failed without the remote server's words, and
 * with one wording for a closed port and an open one that does not speak the protocol.
 */

let closedPort: number;
let chatty: net.Server;
let silent: net.Server;
const sockets = new Set<net.Socket>();

const listen = async (server: net.Server) => {
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
});
afterAll(async () => {
  for (const s of sockets) s.destroy();
  await Promise.all([chatty, silent].map((s) => new Promise((resolve) => s.close(resolve))));
});

async function smtpError(port: number): Promise<string> {
  const error = await sendSmtpMail(
    { host: '127.0.0.1', port, security: 'none', user: '', password: undefined, sender: 'ops@example.test' },
    { to: 'a@example.test', subject: 's', text: 't', html: '<p>t</p>' },
    { timeoutMs: 1_000 },
  ).then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(Error);
  return (error as Error).message;
}

describe('SMTP test sends', () => {
  it('say the same for a closed port, a port speaking something else and a silent one', async () => {
    const messages = [
      await smtpError(closedPort),
      await smtpError(await listen(chatty)),
      await smtpError(await listen(silent)),
    ];
    expect(messages).toEqual([
      'Could not connect to the mail server',
      'Could not connect to the mail server',
      'Could not connect to the mail server',
    ]);
  });

  it('name the mail server’s reply code, never its text', () => {
    const refused = Object.assign(new Error('Invalid login: 535 5.7.8 secret-banner'), {
      code: 'EAUTH',
      responseCode: 535,
    });
    expect(describeSmtpError(refused)).toBe('The mail server refused the sign-in (535)');
    const other = Object.assign(new Error('554 secret-banner'), { code: 'EMESSAGE', responseCode: 554 });
    expect(describeSmtpError(other)).toBe('The mail server answered 554');
    expect(describeSmtpError(new Error('getaddrinfo ENOTFOUND mail.internal'))).toBe(
      'Could not connect to the mail server',
    );
  });
});
