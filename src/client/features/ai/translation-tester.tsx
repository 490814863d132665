import { Badge, Button, Group, Paper, SimpleGrid, Stack, Text, Textarea } from '@mantine/core';
import { IconLanguage } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AI_MAX_TEXT_CHARS, type AiTranslationTestResponse } from '@/domain/ai';
import { LANGUAGES } from '@/domain/constants';
import { aiTranslationTest } from './api';
import { CallError } from './call-error';
import { useAiCall } from './use-ai-call';
import { aiCodeMessage } from '@/client/ui/ai/ai-errors';
import { AI_LANGUAGE_KEY } from '@/client/ui/ai/labels';
import { growingTextarea } from '@/client/ui/growing-textarea';

/** POST /api/ai/admin/translation-test: one text into en, de, bg and gr, side by side. */
export function TranslationTester({ disabled }: { disabled: boolean }) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const { state, run } = useAiCall<AiTranslationTestResponse>();
  const canRun = !disabled && text.trim() !== '' && state.status !== 'loading';
  return (
    <Stack gap="sm">
      <Textarea
        label={t('ai.admin.translation.text')}
        placeholder={t('ai.admin.translation.placeholder')}
        {...growingTextarea(2, 6)}
        maxLength={AI_MAX_TEXT_CHARS}
        value={text}
        onChange={(event) => setText(event.currentTarget.value)}
        disabled={disabled}
      />
      <Group justify="flex-end">
        <Button
          leftSection={<IconLanguage size={16} />}
          onClick={() => canRun && run((signal) => aiTranslationTest(text, signal))}
          disabled={!canRun}
          loading={state.status === 'loading'}
        >
          {t('ai.admin.translation.run')}
        </Button>
      </Group>
      {state.status === 'error' && <CallError message={state.message} detail={state.detail} />}
      {state.status === 'done' && (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="sm">
          {LANGUAGES.map((language) => {
            const outcome = state.data.results[language];
            return (
              <Paper key={language} withBorder p="sm" role="region" aria-label={t(AI_LANGUAGE_KEY[language])}>
                <Group justify="space-between" mb={4}>
                  <Text size="sm" fw={600}>
                    {t(AI_LANGUAGE_KEY[language])}
                  </Text>
                  <Badge size="xs" variant="light" color={outcome.error ? 'red' : 'green'}>
                    {language}
                  </Badge>
                </Group>
                {outcome.error ? (
                  <Text size="sm" c="red">
                    {aiCodeMessage(t, outcome.error.code, outcome.error.message)}
                  </Text>
                ) : (
                  <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                    {outcome.result}
                  </Text>
                )}
              </Paper>
            );
          })}
        </SimpleGrid>
      )}
    </Stack>
  );
}
