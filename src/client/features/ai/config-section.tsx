import { Alert, Button, Group, NumberInput, SimpleGrid, Stack, Switch, TextInput } from '@mantine/core';
import { notifications as toast } from '@mantine/notifications';
import { IconAlertTriangle, IconDeviceFloppy } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AiConfig } from '@/domain/ai';
import { ApiError } from '@/client/api/client';
import { aiErrorMessage } from '@/client/ui/ai/ai-errors';
import { invalidateAiStatus } from '@/client/ui/ai/ai-status';
import { updateAiConfig } from './api';
import { ApiKeyField } from './api-key-field';
import {
  formFromConfig,
  formsEqual,
  serverFields,
  validateForm,
  type AiConfigErrors,
  type AiConfigField,
  type AiConfigForm,
} from './config-form';
import { ModelField } from './model-field';
import type { ModelsState } from './use-models';
import { CONFIG_ERROR_KEY } from './labels';

interface ConfigSectionProps {
  config: AiConfig;
  onSaved: (config: AiConfig) => void;
  models: { chat: ModelsState; translator: ModelsState };
  readOnly: boolean;
  onDirtyChange?: (dirty: boolean) => void;
}

/** The AI configuration form (GET/PUT /api/ai/admin/config). The API key is write-only. */
export function ConfigSection({ config, onSaved, models, readOnly, onDirtyChange }: ConfigSectionProps) {
  const { t } = useTranslation();
  const saved = formFromConfig(config);
  const [form, setForm] = useState<AiConfigForm>(saved);
  const [errors, setErrors] = useState<AiConfigErrors>({});
  const [saving, setSaving] = useState(false);
  const [saveError, setSaveError] = useState<string | null>(null);
  const dirty = !formsEqual(form, saved);

  useEffect(() => {
    onDirtyChange?.(dirty);
  }, [dirty, onDirtyChange]);
  useEffect(() => () => onDirtyChange?.(false), [onDirtyChange]);

  const set = <K extends keyof AiConfigForm>(key: K, value: AiConfigForm[K]) => {
    setForm((current) => ({ ...current, [key]: value }));
    setErrors((current) => ({ ...current, [key]: undefined }));
    setSaveError(null);
  };
  const fieldErrors = (fields: AiConfigField[]) =>
    Object.fromEntries(fields.map((field) => [field, t(CONFIG_ERROR_KEY[field])]));

  const save = async () => {
    const checked = validateForm(form);
    if (!checked.ok) {
      setErrors(fieldErrors(checked.fields));
      setSaveError(t('ai.admin.config.fixErrors'));
      return;
    }
    setSaving(true);
    setSaveError(null);
    try {
      const next = await updateAiConfig(checked.update);
      setForm(formFromConfig(next));
      setErrors({});
      invalidateAiStatus();
      onSaved(next);
      toast.show({ color: 'green', message: t('ai.admin.config.saved') });
    } catch (error) {
      if (error instanceof ApiError) setErrors(fieldErrors(serverFields(error.details)));
      setSaveError(aiErrorMessage(t, error));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Stack gap="md">
      <Switch
        label={t('ai.admin.config.enabled')}
        description={t('ai.admin.config.enabledHint')}
        checked={form.enabled}
        onChange={(event) => set('enabled', event.currentTarget.checked)}
        disabled={readOnly}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <TextInput
          label={t('ai.admin.config.baseUrl')}
          description={t('ai.admin.config.baseUrlHint')}
          placeholder="http://localhost:11434/v1"
          value={form.baseUrl}
          onChange={(event) => set('baseUrl', event.currentTarget.value)}
          error={errors.baseUrl}
          disabled={readOnly}
          inputMode="url"
        />
        <ApiKeyField
          configured={config.apiKeyConfigured}
          value={form.apiKey}
          onChange={(next) => set('apiKey', next)}
          error={errors.apiKey}
          disabled={readOnly}
        />
        <ModelField
          label={t('ai.admin.config.chatModel')}
          placeholder="llama3.1:8b"
          value={form.chatModel}
          onChange={(value) => set('chatModel', value)}
          models={models.chat}
          error={errors.chatModel}
          disabled={readOnly}
        />
        <ModelField
          label={t('ai.admin.config.translatorModel')}
          description={t('ai.admin.config.translatorModelHint')}
          value={form.translatorModel}
          onChange={(value) => set('translatorModel', value)}
          models={models.translator}
          error={errors.translatorModel}
          disabled={readOnly}
        />
        <NumberInput
          label={t('ai.admin.config.temperature')}
          description={t('ai.admin.config.temperatureHint')}
          min={0}
          max={2}
          step={0.1}
          decimalScale={2}
          value={form.temperature}
          onChange={(value) => set('temperature', value)}
          error={errors.temperature}
          disabled={readOnly}
        />
        <NumberInput
          label={t('ai.admin.config.maxTokens')}
          min={1}
          max={200_000}
          allowDecimal={false}
          value={form.maxTokens}
          onChange={(value) => set('maxTokens', value)}
          error={errors.maxTokens}
          disabled={readOnly}
        />
        <NumberInput
          label={t('ai.admin.config.timeout')}
          description={t('ai.admin.config.timeoutHint')}
          min={1}
          max={600}
          value={form.timeoutSeconds}
          onChange={(value) => set('timeoutSeconds', value)}
          error={errors.timeoutSeconds}
          disabled={readOnly}
        />
        <NumberInput
          label={t('ai.admin.config.rateLimit')}
          min={1}
          max={10_000}
          allowDecimal={false}
          value={form.rateLimitPerMinute}
          onChange={(value) => set('rateLimitPerMinute', value)}
          error={errors.rateLimitPerMinute}
          disabled={readOnly}
        />
      </SimpleGrid>
      {saveError && (
        <Alert color="red" variant="light" role="alert" icon={<IconAlertTriangle size={18} />}>
          {saveError}
        </Alert>
      )}
      {!readOnly && (
        <Group justify="flex-end" gap="sm">
          <Button variant="default" disabled={!dirty || saving} onClick={() => setForm(saved)}>
            {t('ai.admin.config.reset')}
          </Button>
          <Button
            leftSection={<IconDeviceFloppy size={16} />}
            loading={saving}
            disabled={!dirty}
            onClick={() => void save()}
          >
            {t('ai.admin.config.save')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
