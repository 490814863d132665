import { Alert, Anchor, Group, Progress, Stack, Text } from '@mantine/core';
import { IconCloudCheck, IconCloudDown, IconShieldOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { SETUP_PATH } from '@/domain/setup';
import { useOfflineComplete, useOfflineReadiness } from './offline-readiness';
import working from '@/client/ui/working-progress.module.css';

/** The Sync panel's account of offline use: ready, how far storing the app got, or why it cannot. */
export function OfflineReadinessStatus() {
  const { t } = useTranslation();
  const readiness = useOfflineReadiness();
  if (readiness.state === 'idle') return null;
  return (
    <Stack gap={6} component="section" aria-label={t('pwa.offline.title')}>
      <Text size="xs" fw={700} tt="uppercase" c="dimmed">
        {t('pwa.offline.title')}
      </Text>
      <ReadinessDetails />
    </Stack>
  );
}

function ReadinessDetails() {
  const { t } = useTranslation();
  const readiness = useOfflineReadiness();
  const complete = useOfflineComplete();
  switch (readiness.state) {
    case 'idle':
      return null;
    case 'insecure':
      return (
        <Alert color="orange" icon={<IconShieldOff size={18} />} title={t('pwa.insecure.title')}>
          <Stack gap={4} align="flex-start">
            <Text size="sm">{t('pwa.insecure.banner')}</Text>
            <Anchor href={SETUP_PATH} size="sm" fw={600} py={6}>
              {t('pwa.insecure.link')}
            </Anchor>
          </Stack>
        </Alert>
      );
    case 'unsupported':
      return (
        <Alert color="orange" icon={<IconShieldOff size={18} />} title={t('pwa.offline.unavailable')}>
          {t('pwa.offline.unsupported')}
        </Alert>
      );
    case 'ready':
      return (
        <Group gap="xs" wrap="nowrap" align="flex-start" data-testid="offline-readiness-status">
          <IconCloudCheck size={18} color="var(--mantine-color-teal-6)" style={{ flex: 'none' }} />
          <Stack gap={0}>
            <Text size="sm" fw={600}>
              {t('pwa.offline.ready')}
            </Text>
            <Text size="xs" c="dimmed">
              {t('pwa.offline.readyHint')}
            </Text>
            {/* Ready means the field's screens; the desk screens follow within moments. */}
            {!complete && (
              <Text size="xs" c="dimmed" data-testid="offline-desk-pending">
                {t('pwa.offline.deskPending')}
              </Text>
            )}
          </Stack>
        </Group>
      );
    default: {
      const { percent } = readiness;
      const paused = readiness.state === 'paused';
      const label = paused ? t('pwa.offline.paused', { percent }) : t('pwa.offline.preparing', { percent });
      return (
        <Stack gap={6} data-testid="offline-readiness-status">
          <Group gap="xs" wrap="nowrap">
            <IconCloudDown size={18} style={{ flex: 'none' }} />
            <Text size="sm" fw={600} role="status">
              {label}
            </Text>
          </Group>
          <Progress
            value={percent}
            // No gliding width (a layout every frame); the sweep shows the work, as on the card.
            transitionDuration={0}
            color={paused ? 'yellow' : 'blue'}
            classNames={{ section: !paused ? working.working : undefined }}
            aria-label={label}
          />
          <Text size="xs" c="dimmed">
            {t('pwa.offline.preparingHint')}
          </Text>
        </Stack>
      );
    }
  }
}
