import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';
import { AUTH_TOKEN_HEADER } from '@/domain/constants';

/**
 * What may reach the log. Database driver errors carry the failed statement's parameters (a password
 * hash, a token, a key) in their message and fields; request URLs may carry secrets in their query
 * string; headers carry the session token. None of that is needed to follow a failure, so it never
 * leaves the process.
 */

const MAX_CAUSE_DEPTH = 4;
/** Fields of driver errors that hold values from the statement or the row. */
const VALUE_FIELDS = new Set(['query', 'params', 'parameters', 'detail', 'where', 'internalQuery']);

/** Drizzle's wrapper message is "Failed query: <sql>\nparams: <values>"; only the first word stays. */
function safeMessage(message: string): string {
  if (message.startsWith('Failed query:')) return 'Failed query';
  const at = message.search(/\bparams:/);
  return at >= 0 ? message.slice(0, at).trim() : message;
}

export interface SafeError {
  type: string;
  message: string;
  code?: string;
  stack?: string;
  cause?: SafeError;
  [key: string]: unknown;
}

export function safeError(err: unknown, depth = 0): SafeError {
  if (!(err instanceof Error)) return { type: typeof err, message: 'non-error thrown' };
  const message = safeMessage(err.message);
  const out: SafeError = { type: err.name || err.constructor?.name || 'Error', message };
  const fields = err as unknown as Record<string, unknown>;
  for (const [key, value] of Object.entries(fields)) {
    if (VALUE_FIELDS.has(key) || key === 'cause' || key === 'message' || key === 'stack') continue;
    if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) out[key] = value;
  }
  if (typeof fields.code === 'string') out.code = fields.code;
  if (err.stack) {
    // The first stack line repeats the message, parameters included.
    const lines = err.stack.split('\n');
    const firstFrame = lines.findIndex((line) => line.trimStart().startsWith('at '));
    out.stack = [`${out.type}: ${message}`, ...(firstFrame >= 0 ? lines.slice(firstFrame) : [])].join('\n');
  }
  if (err.cause !== undefined && depth < MAX_CAUSE_DEPTH) out.cause = safeError(err.cause, depth + 1);
  return out;
}

/** The request as logged: method and path, never the query string. */
export function safeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: request.url.split('?')[0],
    host: request.host,
    remoteAddress: request.ip,
  };
}

/** Key names whose values never belong in a log line, wherever a plugin or route puts them. */
export const REDACT_PATHS = [
  'req.headers.authorization',
  `req.headers["${AUTH_TOKEN_HEADER}"]`,
  'req.headers.cookie',
  'password',
  'passwordHash',
  'token',
  'apiKey',
  '*.password',
  '*.newPassword',
  '*.currentPassword',
  '*.passwordHash',
  '*.token',
  '*.apiKey',
  '*.secret',
  '*.smtpPassword',
];

/** Adds the serializers and redaction above to whatever logger options the caller chose. */
export function withSafeLogging(options: boolean | object): boolean | object {
  if (options === false) return false;
  const base = options === true ? {} : options;
  return {
    ...base,
    serializers: {
      ...((base as { serializers?: object }).serializers ?? {}),
      req: safeRequest,
      err: safeError,
    },
    redact: { paths: REDACT_PATHS, censor: '[redacted]' },
  };
}

/**
 * One line per answered request: the method, URL and address (the `req` serializer) go on the line
 * that has the status and time taken, and the separate "incoming request" line is not written. A busy
 * site's log is half as long and each line says the whole story of its request.
 */
export class OneLinePerRequest extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (this.isLogDisabled(request)) return;
    if (error) {
      reply.log.error(
        { req: request, res: reply, err: error, responseTime: reply.elapsedTime },
        'request errored',
      );
    } else {
      reply.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
    }
  }
}
