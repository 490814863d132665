import type { TFunction } from 'i18next';
import { ApiError } from '@/client/api/client';
import type { DispoRefusal } from '@/domain/workflow/dispo';

/** The refusal of a tick the device's copy of the assignment does not allow (nothing is queued). */
export class DispoActionRefused extends Error {
  constructor(
    readonly reason: DispoRefusal,
    message: string,
  ) {
    super(message);
    this.name = 'DispoActionRefused';
  }
}

/**
 * What to tell the user about a failed call: offline, the server's own message (it explains
 * refusals such as "This driver is used by 2 assignments"), else the fallback.
 */
export function dispoErrorMessage(error: unknown, t: TFunction, fallback: string): string {
  if (error instanceof ApiError) {
    if (error.isNetworkError) return t('dispo.errors.offline');
    if (error.status === 403) return t('dispo.errors.forbidden');
    if (error.serverMessage) return error.message;
  }
  // The device's own copy refused the step, as the server would have.
  if (error instanceof DispoActionRefused && error.reason === 'forbidden') return t('dispo.errors.forbidden');
  return fallback;
}

/** The 409 the server answers when the driver already has an assignment on that date. */
export function duplicateOf(error: unknown): { id: string } | null {
  if (!(error instanceof ApiError) || error.status !== 409) return null;
  const details = error.details as { reason?: unknown; duplicate?: { id?: unknown } } | undefined;
  if (details?.reason !== 'duplicate') return null;
  return { id: typeof details.duplicate?.id === 'string' ? details.duplicate.id : '' };
}
