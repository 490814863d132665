import { notifications as toast } from '@mantine/notifications';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { NotificationChannelsView, NotificationRouting } from '@/domain/notification-channels';
import { serverFieldErrors } from '@/client/lib/api-errors';
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
  const [load, setLoad] = useState<ChannelSettingsLoad>({ status: 'loading' });
  const [saved, setSaved] = useState<ChannelForm | null>(null);
  const [form, setForm] = useState<ChannelForm | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [saving, setSaving] = useState(false);
  const [saveError, setSaveError] = useState<string | null>(null);

  const applyView = useCallback((view: NotificationChannelsView) => {
    const next = formFromView(view);
    setLoad({ status: 'ready', view });
    setSaved(next);
    setForm(next);
    setErrors({});
  }, []);

  const fetchView = useCallback(
    (signal?: AbortSignal) =>
      getNotificationChannels(signal).then(applyView, (error: unknown) => {
        if (!signal?.aborted) setLoad({ status: 'error', error });
      }),
    [applyView],
  );
  useEffect(() => {
    const controller = new AbortController();
    void fetchView(controller.signal);
    return () => controller.abort();
  }, [fetchView]);
  const reload = () => {
    setLoad({ status: 'loading' });
    void fetchView();
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
    if (!form || load.status !== 'ready') return;
    const problems = validateForm(form, load.view);
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
      const fields = serverFieldErrors(error);
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
