import { Alert, Button, Card, Skeleton, Stack, Tabs, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconLock } from '@tabler/icons-react';
import { useCallback, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { isAiConfigured, type AiConfig } from '@/domain/ai';
import { can } from '@/domain/permissions';
import { aiErrorMessage } from '@/client/ui/ai/ai-errors';
import { useSession } from '@/client/lib/session/session-store';
import { useRemoteData } from '@/client/lib/use-remote-data';
import { getAiConfig } from './api';
import { ChatTester } from './chat-tester';
import { ConfigSection } from './config-section';
import { DataChatTester } from './data-chat-tester';
import { HealthCard } from './health-card';
import { StatsCard } from './stats-card';
import { TranslationTester } from './translation-tester';
import { useModels } from './use-models';

export interface AiAdminSectionProps {
  /** Shows the configuration without controls. @default false */
  readOnly?: boolean;
  /** Told whenever the form starts or stops holding unsaved input. */
  onDirtyChange?: (dirty: boolean) => void;
}

function Part({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card withBorder radius="md" padding="lg">
      <Title order={3} size="h5" mb="sm">
        {title}
      </Title>
      {children}
    </Card>
  );
}

/**
 * Settings → AI (admin): the model server's configuration, its models and health, usage
 * statistics and test tools (chat, data chat, translation test). Other roles see a short note: the
 * admin endpoints would refuse them.
 */
export function AiAdminSection({ readOnly = false, onDirtyChange }: AiAdminSectionProps) {
  const { t } = useTranslation();
  const { user } = useSession();
  const isAdmin = can(user, 'ai:admin');
  const loaded = useRemoteData(isAdmin ? 'ai-config' : null, getAiConfig);
  // A save answers with the stored configuration: it replaces the loaded one without asking again.
  const [saved, setSaved] = useState<AiConfig | null>(null);
  // Bumped on every save: health, statistics and model lists follow the new configuration.
  const [version, setVersion] = useState(0);

  const config = saved ?? loaded.data;
  const models = useModels(!!config && config.baseUrl !== '');
  const { reload: reloadModels } = models;
  const onSaved = useCallback(
    (next: AiConfig) => {
      setSaved(next);
      setVersion((n) => n + 1);
      reloadModels();
    },
    [reloadModels],
  );

  if (!isAdmin)
    return (
      <Alert color="gray" variant="light" icon={<IconLock size={18} />}>
        {t('ai.admin.adminOnly')}
      </Alert>
    );
  if (!config && loaded.error)
    return (
      <Alert
        color="red"
        variant="light"
        role="alert"
        icon={<IconAlertTriangle size={18} />}
        title={t('ai.admin.loadFailed')}
      >
        <Text size="sm">{aiErrorMessage(t, loaded.error)}</Text>
        <Button mt="sm" size="xs" variant="light" color="red" onClick={loaded.reload}>
          {t('ai.assist.retry')}
        </Button>
      </Alert>
    );
  if (!config)
    return (
      <Stack role="status" gap="md" aria-busy="true" aria-label={t('ai.admin.loading')}>
        <Skeleton height={260} radius="md" />
        <Skeleton height={100} radius="md" />
      </Stack>
    );

  const configured = isAiConfigured(config);
  return (
    <Stack gap="lg">
      <Part title={t('ai.admin.config.title')}>
        <ConfigSection
          config={config}
          onSaved={onSaved}
          models={models}
          readOnly={readOnly}
          onDirtyChange={onDirtyChange}
        />
      </Part>
      <Part title={t('ai.admin.health.title')}>
        <HealthCard configured={config.baseUrl !== ''} version={version} />
      </Part>
      <Part title={t('ai.admin.stats.title')}>
        <StatsCard version={version} />
      </Part>
      <Part title={t('ai.admin.tools.title')}>
        {!configured && (
          <Text size="sm" c="dimmed" mb="sm">
            {t('ai.admin.tools.notConfigured')}
          </Text>
        )}
        <Tabs defaultValue="chat" keepMounted={false}>
          <Tabs.List mb="md">
            <Tabs.Tab value="chat">{t('ai.admin.tools.chat')}</Tabs.Tab>
            <Tabs.Tab value="data">{t('ai.admin.tools.dataChat')}</Tabs.Tab>
            <Tabs.Tab value="translation">{t('ai.admin.tools.translation')}</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="chat">
            <ChatTester disabled={!configured} />
          </Tabs.Panel>
          <Tabs.Panel value="data">
            <DataChatTester disabled={!configured} />
          </Tabs.Panel>
          <Tabs.Panel value="translation">
            <TranslationTester disabled={!configured} />
          </Tabs.Panel>
        </Tabs>
      </Part>
    </Stack>
  );
}
