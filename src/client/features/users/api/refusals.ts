import type { TFunction } from 'i18next';
import { ApiError } from '@/client/api/client';
import { serverMessage } from './api-errors';
import { isNetworkError } from '@/client/lib/api-errors';

/**
 * The server's refusals of user changes (src/server/modules/users/service.ts), shown in the user's
 * language. Any other message the server sends is shown as it is.
 */
const REFUSALS: Record<string, string> = {
  'You cannot remove your own administrator role.': 'users.errors.ownAdminRole',
  'You cannot deactivate your own account.': 'users.errors.ownDeactivation',
  'At least one active administrator must remain.': 'users.errors.lastAdmin',
};

export function refusalMessage(error: unknown, t: TFunction, fallback: string): string {
  if (isNetworkError(error)) return t('users.errors.offline');
  const known = error instanceof ApiError ? REFUSALS[error.message] : undefined;
  return known ? t(known) : serverMessage(error, fallback);
}
