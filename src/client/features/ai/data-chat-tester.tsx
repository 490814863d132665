import { Button, Chip, Group, NumberInput, Paper, Stack, Text, Textarea } from '@mantine/core';
import { IconDatabaseSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  AI_DATA_CHAT_DEFAULT_LIMIT,
  AI_DATA_CHAT_MAX_LIMIT,
  AI_MAX_QUERY_CHARS,
  type AiDataChatResponse,
} from '@/domain/ai';
import { COLLECTIONS, isSyncCollection } from '@/client/offline/collections';
import { SYNC_COLLECTIONS } from '@/domain/sync';
import { aiDataChat } from './api';
import { CallError } from './call-error';
import { useAiCall } from './use-ai-call';
import { growingTextarea } from '@/client/ui/growing-textarea';

/**
 * POST /api/ai/admin/data-chat: a question about the fleet, answered from at most `limit` records of
 * the chosen collections (read with the admin's rights, quoted to the model; the model runs no queries).
 */
export function DataChatTester({ disabled }: { disabled: boolean }) {
  const { t } = useTranslation();
  const [query, setQuery] = useState('');
  const [collections, setCollections] = useState<string[]>(['excavators']);
  const [limit, setLimit] = useState<number | string>(AI_DATA_CHAT_DEFAULT_LIMIT);
  const { state, run } = useAiCall<AiDataChatResponse>();
  const limitValue = typeof limit === 'number' ? limit : Number.NaN;
  const limitOk = Number.isInteger(limitValue) && limitValue >= 1 && limitValue <= AI_DATA_CHAT_MAX_LIMIT;
  const canAsk =
    !disabled && query.trim() !== '' && collections.length > 0 && limitOk && state.status !== 'loading';
  const ask = () => {
    if (canAsk) run((signal) => aiDataChat({ query, collections, limit: limitValue }, signal));
  };

  return (
    <Stack gap="sm">
      <Textarea
        label={t('ai.admin.dataChat.query')}
        placeholder={t('ai.admin.dataChat.placeholder')}
        {...growingTextarea(2, 6)}
        maxLength={AI_MAX_QUERY_CHARS}
        value={query}
        onChange={(event) => setQuery(event.currentTarget.value)}
        disabled={disabled}
      />
      <div>
        <Text size="sm" fw={500} mb={6} id="ai-data-chat-collections">
          {t('ai.admin.dataChat.collections')}
        </Text>
        <Chip.Group multiple value={collections} onChange={setCollections}>
          <Group gap="xs" role="group" aria-labelledby="ai-data-chat-collections">
            {SYNC_COLLECTIONS.map((name) => (
              <Chip key={name} value={name} disabled={disabled}>
                {t(COLLECTIONS[name].label)}
              </Chip>
            ))}
          </Group>
        </Chip.Group>
        {collections.length === 0 && (
          <Text size="xs" c="red" mt={4}>
            {t('ai.admin.dataChat.pickCollection')}
          </Text>
        )}
      </div>
      <Group align="flex-end" justify="space-between">
        <NumberInput
          label={t('ai.admin.dataChat.limit')}
          description={t('ai.admin.dataChat.limitHint', { max: AI_DATA_CHAT_MAX_LIMIT })}
          min={1}
          max={AI_DATA_CHAT_MAX_LIMIT}
          allowDecimal={false}
          value={limit}
          onChange={setLimit}
          error={limitOk ? undefined : t('ai.admin.dataChat.limitError', { max: AI_DATA_CHAT_MAX_LIMIT })}
          disabled={disabled}
          w={220}
        />
        <Button
          leftSection={<IconDatabaseSearch size={16} />}
          onClick={ask}
          disabled={!canAsk}
          loading={state.status === 'loading'}
        >
          {t('ai.admin.dataChat.ask')}
        </Button>
      </Group>
      {state.status === 'error' && <CallError message={state.message} detail={state.detail} />}
      {state.status === 'done' && (
        <Paper withBorder p="sm" role="region" aria-label={t('ai.admin.dataChat.answer')}>
          <Text size="xs" c="dimmed" mb={4}>
            {t('ai.admin.dataChat.answer')}
          </Text>
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }} data-testid="ai-data-chat-answer">
            {state.data.answer}
          </Text>
          <Text size="xs" c="dimmed" mt="xs">
            {t('ai.admin.dataChat.used', {
              list: Object.entries(state.data.used)
                .map(
                  ([name, count]) =>
                    `${isSyncCollection(name) ? t(COLLECTIONS[name].label) : name}: ${count}`,
                )
                .join(', '),
            })}
          </Text>
        </Paper>
      )}
    </Stack>
  );
}
