import { Button, Group, Paper, Stack, Text, Textarea } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AI_MAX_TEXT_CHARS, type AiChatResponse } from '@/domain/ai';
import { aiChat } from './api';
import { CallError } from './call-error';
import { useAiCall } from './use-ai-call';
import { growingTextarea } from '@/client/ui/growing-textarea';

/** POST /api/ai/admin/chat: one message to the chat model, its reply below. */
export function ChatTester({ disabled }: { disabled: boolean }) {
  const { t } = useTranslation();
  const [message, setMessage] = useState('');
  const { state, run } = useAiCall<AiChatResponse>();
  const canSend = !disabled && message.trim() !== '' && state.status !== 'loading';
  const send = () => {
    if (canSend) run((signal) => aiChat(message, signal));
  };
  return (
    <Stack gap="sm">
      <Textarea
        label={t('ai.admin.chat.message')}
        placeholder={t('ai.admin.chat.placeholder')}
        {...growingTextarea(2, 8)}
        maxLength={AI_MAX_TEXT_CHARS}
        value={message}
        onChange={(event) => setMessage(event.currentTarget.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) send();
        }}
        disabled={disabled}
      />
      <Group justify="space-between">
        <Text size="xs" c="dimmed">
          {t('ai.admin.chat.shortcut')}
        </Text>
        <Button
          leftSection={<IconSend size={16} />}
          onClick={send}
          disabled={!canSend}
          loading={state.status === 'loading'}
        >
          {t('ai.admin.chat.send')}
        </Button>
      </Group>
      {state.status === 'error' && <CallError message={state.message} detail={state.detail} />}
      {state.status === 'done' && (
        <Paper withBorder p="sm" aria-label={t('ai.admin.chat.reply')} role="region">
          <Text size="xs" c="dimmed" mb={4}>
            {t('ai.admin.chat.reply')}
          </Text>
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }} data-testid="ai-chat-reply">
            {state.data.reply}
          </Text>
        </Paper>
      )}
    </Stack>
  );
}
