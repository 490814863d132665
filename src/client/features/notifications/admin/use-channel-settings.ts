import { notifications as toast } from '@mantine/notifications';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { NotificationChannelsView, NotificationRouting } from '@/domain/notification-channels';
import { serverFieldErrors } from '@/client/lib/api-errors';
import { useRemoteData } from '@/client/lib/use-remote-data';
import {
  FIELD_ERROR,
  formFromView,
  formsEqual,
  REQUIRED_TO_ENABLE,
  updateFromForm,
  validateForm,
  type ChannelForm,
  type FieldErrors,
} from './channel-form';
import { getNotificationChannels, updateNotificationChannels } from './channels-api';

export type ChannelSettingsLoad =
  | { status: 'loading' }
  | { status: 'error'; error: unknown }
  | { status: 'ready'; view: NotificationChannelsView };

/**
 * The admin section's data: loads the channel settings, holds the form against what was saved, and
 * saves it. `onDirtyChange` hears whenever the form starts or stops differing from the saved settings.
 */
export function useChannelSettings(onDirtyChange?: (dirty: boolean) => void) {
  const { t } = useTranslation();
  const remote = useRemoteData('notification-channels', (signal) => getNotificationChannels(signal));
  // What was saved last: the loaded settings, or the server's answer to a save made since.
  const [view, setView] = useState<NotificationChannelsView | null>(null);
  const [saved, setSaved] = useState<ChannelForm | null>(null);
  const [form, setForm] = useState<ChannelForm | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [saving, setSaving] = useState(false);
  const [saveError, setSaveError] = useState<string | null>(null);

  const applyView = useCallback((next: NotificationChannelsView) => {
    const nextForm = formFromView(next);
    setView(next);
    setSaved(nextForm);
    setForm(nextForm);
    setErrors({});
  }, []);
  // A new answer of the server becomes the saved state and the form (adjusted while rendering, as React
  // recommends for state that follows other state).
  const [answer, setAnswer] = useState<NotificationChannelsView | null>(null);
  if (remote.data && remote.data !== answer) {
    setAnswer(remote.data);
    applyView(remote.data);
  }

  const load: ChannelSettingsLoad = view
    ? { status: 'ready', view }
    : remote.error
      ? { status: 'error', error: remote.error }
      : { status: 'loading' };
  const reload = () => {
    setView(null);
    remote.reload();
  };

  const dirty = !!form && !!saved && !formsEqual(form, saved);
  useEffect(() => {
    onDirtyChange?.(dirty);
  }, [dirty, onDirtyChange]);
  useEffect(() => () => onDirtyChange?.(false), [onDirtyChange]);

  // Stable, so the memoised routing matrix does not re-render on every keystroke elsewhere.
  const update = useCallback((patch: (current: ChannelForm) => ChannelForm) => {
    setForm((current) => (current ? patch(current) : current));
    setSaveError(null);
  }, []);
  const setRouting = useCallback(
    (routing: NotificationRouting) => update((current) => ({ ...current, routing })),
    [update],
  );

  const discard = () => {
    setForm(saved);
    setErrors({});
    setSaveError(null);
  };

  const save = async () => {
    if (!form || !view) return;
    const problems = validateForm(form, view);
    setErrors(Object.fromEntries(Object.entries(problems).map(([field, key]) => [field, t(key ?? '')])));
    if (Object.keys(problems).length > 0) {
      setSaveError(t('notifications.admin.fixErrors'));
      return;
    }
    setSaving(true);
    setSaveError(null);
    try {
      applyView(await updateNotificationChannels(updateFromForm(form)));
      toast.show({ color: 'green', message: t('notifications.admin.saved') });
    } catch (error) {
      const fields = serverFieldErrors(error, t);
      // The server's reasons in the user's language where they are known, else as it wrote them.
      setErrors(
        Object.fromEntries(
          Object.entries(fields).map(([field, message = '']) => [
            field,
            message.startsWith('Required to switch')
              ? t(REQUIRED_TO_ENABLE)
              : FIELD_ERROR[field]
                ? t(FIELD_ERROR[field])
                : message,
          ]),
        ),
      );
      setSaveError(error instanceof Error ? error.message : String(error));
    } finally {
      setSaving(false);
    }
  };

  return { load, form, saved, errors, saving, saveError, dirty, reload, update, setRouting, discard, save };
}
