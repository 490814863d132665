import { Alert, Button, Group, Loader, Modal, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/client/api/client';
import { isLanguage } from '@/client/i18n';
import { aiErrorMessage } from './ai-errors';
import { runAiAssist, type AiAssistAction } from './ai-helpers-api';
import { noteAiErrorCode } from './ai-status';
import { AI_LANGUAGE_KEY, AI_TONE_KEY } from './labels';

type PreviewState =
  { kind: 'loading' } | { kind: 'done'; result: string } | { kind: 'failed'; message: string };

interface AssistPreviewProps {
  action: AiAssistAction;
  /** The text as it was when the helper was chosen. */
  text: string;
  onAccept: (next: string) => void;
  onDiscard: () => void;
}

/** Runs one helper and shows original and suggestion side by side until accepted or discarded. */
export function AssistPreview({ action, text, onAccept, onDiscard }: AssistPreviewProps) {
  const { t, i18n } = useTranslation();
  const [state, setState] = useState<PreviewState>({ kind: 'loading' });
  const controller = useRef<AbortController | null>(null);
  const language = isLanguage(i18n.language) ? i18n.language : 'de';

  // Starts the call; the state is 'loading' already (initially, or set by `retry`).
  const request = useCallback(() => {
    controller.current?.abort();
    const current = new AbortController();
    controller.current = current;
    runAiAssist(action, text, language, current.signal).then(
      (result) => {
        if (!current.signal.aborted) setState({ kind: 'done', result });
      },
      (error: unknown) => {
        if (current.signal.aborted) return;
        if (error instanceof ApiError) noteAiErrorCode(error.code);
        setState({ kind: 'failed', message: aiErrorMessage(t, error) });
      },
    );
  }, [action, text, language, t]);

  useEffect(() => {
    request();
    return () => controller.current?.abort();
  }, [request]);

  const retry = () => {
    setState({ kind: 'loading' });
    request();
  };

  const title =
    action.kind === 'summarize'
      ? t('ai.assist.summaryTitle')
      : action.kind === 'rewrite'
        ? t('ai.assist.rewriteTitle', { tone: t(AI_TONE_KEY[action.tone]) })
        : t('ai.assist.translateTitle', { language: t(AI_LANGUAGE_KEY[action.targetLanguage]) });

  return (
    <Modal opened onClose={onDiscard} title={title} size="xl" centered>
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <Stack gap={4}>
            <Text size="sm" fw={600} c="dimmed">
              {t('ai.assist.original')}
            </Text>
            <Paper withBorder p="sm" mah={320} style={{ overflowY: 'auto' }}>
              <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                {text}
              </Text>
            </Paper>
          </Stack>
          <Stack gap={4}>
            <Text size="sm" fw={600} c="dimmed">
              {t('ai.assist.suggestion')}
            </Text>
            <Paper withBorder p="sm" mah={320} style={{ overflowY: 'auto' }} aria-live="polite">
              {state.kind === 'loading' && (
                <Group gap="xs">
                  <Loader size="sm" />
                  <Text size="sm" c="dimmed">
                    {t('ai.assist.working')}
                  </Text>
                </Group>
              )}
              {state.kind === 'done' && (
                <Text size="sm" style={{ whiteSpace: 'pre-wrap' }} data-testid="ai-assist-result">
                  {state.result}
                </Text>
              )}
              {state.kind === 'failed' && (
                <Alert color="red" icon={<IconAlertTriangle size={18} />} role="alert" p="xs">
                  {state.message}
                </Alert>
              )}
            </Paper>
          </Stack>
        </SimpleGrid>
        <Group justify="flex-end" gap="sm">
          {state.kind === 'failed' && (
            <Button variant="default" onClick={retry}>
              {t('ai.assist.retry')}
            </Button>
          )}
          <Button variant="default" onClick={onDiscard}>
            {t('ai.assist.discard')}
          </Button>
          <Button
            disabled={state.kind !== 'done'}
            onClick={() => state.kind === 'done' && onAccept(state.result)}
          >
            {t('ai.assist.accept')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
