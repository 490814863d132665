import { Alert, Button, Group, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGUAGES } from '@/domain/constants';
import { timeZoneNames } from '@/domain/format';
import { appSettingsSchema, type Settings } from '@/domain/settings';
import { useUnsavedChanges } from '@/client/lib/unsaved-changes';
import { loadSettings, showSettings, updateSettings, useSettings } from '@/client/lib/session/settings-store';
import { settingsErrorMessage, settingsFieldErrors } from '../api/settings-errors';
import { useSectionDirty, useSettingsEditing } from '../editing-context';
import { queueSave } from '../save-queue';

type AppValues = Settings['app'];

const validateApp = schemaResolver(appSettingsSchema, { sync: true });
const FIELD_MESSAGES: Record<keyof AppValues, string> = {
  name: 'settings.general.errors.name',
  version: 'settings.general.errors.version',
  defaultLanguage: 'settings.general.errors.defaultLanguage',
  timeZone: 'settings.general.errors.timeZone',
};

/**
 * General: app name, version, default language and the site's time zone, saved together
 * (PUT /api/settings `{ app }`).
 */
export function GeneralSection() {
  const { t } = useTranslation();
  const { readOnly } = useSettingsEditing();
  const { settings } = useSettings();
  const app = settings.app;
  const appKey = JSON.stringify(app);
  const [failure, setFailure] = useState<string | null>(null);
  // The zones this browser knows, plus the stored one should it know fewer than the server.
  const zones = useMemo(() => [...new Set([...timeZoneNames(), app.timeZone])].sort(), [app.timeZone]);
  const form = useForm<AppValues>({
    mode: 'controlled',
    initialValues: app,
    validate: (values) => {
      const errors: Partial<Record<keyof AppValues, string>> = {};
      for (const field of Object.keys(validateApp(values)) as Array<keyof AppValues>)
        if (FIELD_MESSAGES[field]) errors[field] = t(FIELD_MESSAGES[field]);
      return errors;
    },
  });
  const dirty = form.isDirty();
  useSectionDirty('general', dirty);
  useUnsavedChanges(dirty);

  // Settings changed elsewhere (another admin, a reload): show them, unless this form holds edits.
  useEffect(() => {
    if (form.isDirty() || form.submitting) return;
    if (JSON.stringify(form.getInitialValues()) === appKey) return;
    form.setInitialValues(app);
    form.setValues(app);
  }, [app, appKey, form]);

  const submit = form.onSubmit(async (values) => {
    setFailure(null);
    form.setSubmitting(true);
    try {
      const saved = await queueSave(() => updateSettings({ app: values }));
      showSettings(saved);
      form.setInitialValues(saved.app);
      form.setValues(saved.app);
    } catch (error) {
      const fields = settingsFieldErrors(error, 'app');
      form.setErrors(fields);
      setFailure(settingsErrorMessage(error, t));
      void loadSettings();
    } finally {
      form.setSubmitting(false);
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
          <TextInput
            size="md"
            label={t('shell.settings.appName')}
            description={t('settings.general.appNameHint')}
            maxLength={80}
            readOnly={readOnly}
            withAsterisk={!readOnly}
            {...form.getInputProps('name')}
          />
          <TextInput
            size="md"
            label={t('shell.settings.version')}
            description={t('settings.general.versionHint')}
            maxLength={40}
            readOnly={readOnly}
            withAsterisk={!readOnly}
            {...form.getInputProps('version')}
          />
          <Select
            size="md"
            label={t('shell.settings.defaultLanguage')}
            description={t('settings.general.defaultLanguageHint')}
            data={LANGUAGES.map((code) => ({ value: code, label: t(`languages.${code}`) }))}
            allowDeselect={false}
            readOnly={readOnly}
            {...form.getInputProps('defaultLanguage')}
          />
          <Select
            size="md"
            label={t('shell.settings.timeZone')}
            description={t('settings.general.timeZoneHint')}
            data={zones}
            searchable
            limit={50}
            allowDeselect={false}
            nothingFoundMessage={t('settings.general.timeZoneNone')}
            readOnly={readOnly}
            withAsterisk={!readOnly}
            {...form.getInputProps('timeZone')}
          />
        </SimpleGrid>
        {failure ? (
          <Alert color="red" role="alert" withCloseButton onClose={() => setFailure(null)}>
            {failure}
          </Alert>
        ) : null}
        {readOnly ? null : (
          <Group justify="flex-end" gap="sm">
            <Button
              variant="default"
              mih={44}
              disabled={!dirty || form.submitting}
              onClick={() => {
                setFailure(null);
                form.reset();
              }}
            >
              {t('settings.general.discard')}
            </Button>
            <Button type="submit" mih={44} loading={form.submitting} disabled={!dirty}>
              {t('settings.general.save')}
            </Button>
          </Group>
        )}
      </Stack>
    </form>
  );
}
