import { Alert, Button, Center, Fieldset, Group, Loader, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/client/api/client';
import { serverFieldErrors } from '@/client/lib/api-errors';
import { issueMessages } from '@/client/lib/validation-messages';
import { META_KEYS, useSyncEngine } from '@/client/offline';
import { logbookConfigEntity, type LogbookConfig } from '@/domain/logbook';
import { getLogbookConfig, saveLogbookConfig } from './config-api';
import { configValues, toConfig, type ConfigFormValues } from './config-form';
import { ConfigListEditor } from './config-list-editor';

interface LogbookConfigSectionProps {
  /** Users who may not change settings see the configuration without controls. */
  readOnly: boolean;
  onDirtyChange(dirty: boolean): void;
}

/**
 * Settings → Operations log: the site's conveyors and special checks (the entry form's toggles), the
 * site location the weather is looked up for, and the default shift. Saved with PUT
 * /api/betriebstagebuch-config; this device's cached copy is updated at once.
 */
export function LogbookConfigSection({ readOnly, onDirtyChange }: LogbookConfigSectionProps) {
  const { t } = useTranslation();
  const [loaded, setLoaded] = useState<LogbookConfig | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);

  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let live = true;
    getLogbookConfig().then(
      (config) => {
        if (live) setLoaded(config);
      },
      (error: unknown) => {
        console.error('Loading the logbook configuration failed', error);
        if (live) setLoadFailed(true);
      },
    );
    return () => {
      live = false;
    };
  }, [attempt]);
  const retry = () => {
    setLoadFailed(false);
    setAttempt((n) => n + 1);
  };

  if (loadFailed)
    return (
      <Alert color="red" role="alert">
        <Group justify="space-between">
          {t('logbook.config.loadFailed')}
          <Button size="xs" variant="white" color="red" onClick={retry}>
            {t('common.retry')}
          </Button>
        </Group>
      </Alert>
    );
  if (!loaded)
    return (
      <Center py="lg">
        <Loader aria-label={t('common.loading')} />
      </Center>
    );
  return (
    <ConfigEditor initial={loaded} readOnly={readOnly} onDirtyChange={onDirtyChange} onSaved={setLoaded} />
  );
}

function ConfigEditor({
  initial,
  readOnly,
  onDirtyChange,
  onSaved,
}: LogbookConfigSectionProps & { initial: LogbookConfig; onSaved(config: LogbookConfig): void }) {
  const { t } = useTranslation();
  const engine = useSyncEngine();
  const form = useForm<ConfigFormValues>({
    mode: 'controlled',
    initialValues: configValues(initial),
    validate: (values) => issueMessages(t, logbookConfigEntity.validate(values)),
  });
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const dirty = form.isDirty();
  useEffect(() => onDirtyChange(dirty), [dirty, onDirtyChange]);

  const save = async () => {
    if (form.validate().hasErrors) {
      setFailure(t('logbook.config.fixErrors'));
      return;
    }
    setSaving(true);
    setFailure(null);
    try {
      const saved = await saveLogbookConfig(toConfig(form.getValues()));
      await engine.db.meta.put({ key: META_KEYS.logbookConfig, value: saved });
      // One form value for all three: each reading makes new row keys, which would count as a change.
      const values = configValues(saved);
      form.setInitialValues(values);
      form.setValues(values);
      form.resetDirty(values);
      onSaved(saved);
      notifications.show({ color: 'green', message: t('logbook.config.saved') });
    } catch (error) {
      console.error('Saving the logbook configuration failed', error);
      // The server's refusal names its fields (keyed, in the user's language): shown under them.
      const fields = serverFieldErrors(error, t);
      if (Object.keys(fields).length > 0) {
        form.setErrors(fields);
        setFailure(t('logbook.config.fixErrors'));
        return;
      }
      setFailure(
        error instanceof ApiError && error.isNetworkError
          ? t('logbook.config.offline')
          : error instanceof ApiError && error.serverMessage
            ? error.message
            : t('logbook.config.saveFailed'),
      );
    } finally {
      setSaving(false);
    }
  };

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <Stack gap="md">
        <Fieldset legend={t('logbook.config.conveyors')} radius="md">
          <ConfigListEditor form={form} list="conveyors" readOnly={readOnly} />
        </Fieldset>
        <Fieldset legend={t('logbook.config.specialChecks')} radius="md">
          <ConfigListEditor form={form} list="specialChecks" readOnly={readOnly} />
        </Fieldset>
        <Fieldset legend={t('logbook.config.site')} radius="md">
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
            <TextInput
              label={t('logbook.config.siteName')}
              withAsterisk
              readOnly={readOnly}
              {...form.getInputProps('site.name')}
            />
            <TextInput
              label={t('logbook.config.latitude')}
              inputMode="decimal"
              withAsterisk
              readOnly={readOnly}
              {...form.getInputProps('site.latitude')}
            />
            <TextInput
              label={t('logbook.config.longitude')}
              inputMode="decimal"
              withAsterisk
              readOnly={readOnly}
              {...form.getInputProps('site.longitude')}
            />
          </SimpleGrid>
        </Fieldset>
        <Fieldset legend={t('logbook.config.defaultShift')} radius="md">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextInput
              type="time"
              label={t('logbook.fields.shiftStart')}
              withAsterisk
              readOnly={readOnly}
              {...form.getInputProps('defaultShift.start')}
            />
            <TextInput
              type="time"
              label={t('logbook.fields.shiftEnd')}
              withAsterisk
              readOnly={readOnly}
              {...form.getInputProps('defaultShift.end')}
            />
          </SimpleGrid>
        </Fieldset>
        {failure ? (
          <Alert color="red" role="alert">
            {failure}
          </Alert>
        ) : null}
        {readOnly ? null : (
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => form.reset()} disabled={!dirty || saving}>
              {t('logbook.config.discard')}
            </Button>
            <Button type="submit" loading={saving} disabled={!dirty}>
              {t('logbook.config.save')}
            </Button>
          </Group>
        )}
      </Stack>
    </form>
  );
}
