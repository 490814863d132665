import { ApiError } from '@/client/api/client';

/** The server's own message when it sent one, else the given fallback. */
export function serverMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.serverMessage ? error.message : fallback;
}
