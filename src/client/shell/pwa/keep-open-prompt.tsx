import { Button, Group, Modal, Progress, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { OfflineReadiness } from './offline-readiness';

/**
 * The dialog of KeepOpenPrompt (keep-open-gate.tsx): a chunk of its own, loaded only on the first
 * session of a tablet, so the signed-in screen paints without the modal's code.
 */
export function KeepOpenDialog({ readiness, onClose }: { readiness: OfflineReadiness; onClose: () => void }) {
  const { t } = useTranslation();
  const ready = readiness.state === 'ready';
  const percent = ready ? 100 : 'percent' in readiness ? readiness.percent : 0;
  const status = ready
    ? t('pwa.offline.ready')
    : readiness.state === 'paused'
      ? t('pwa.offline.paused', { percent })
      : t('pwa.offline.preparing', { percent });

  return (
    <Modal opened onClose={onClose} title={t('pwa.keepOpen.title')} centered data-testid="keep-open-prompt">
      <Stack gap="md">
        <Text>{ready ? t('pwa.keepOpen.done') : t('pwa.keepOpen.message')}</Text>
        <Stack gap={6}>
          <Progress
            value={percent}
            size="lg"
            radius="xl"
            color={ready ? 'teal' : readiness.state === 'paused' ? 'yellow' : 'blue'}
            animated={!ready && readiness.state !== 'paused'}
            aria-label={status}
          />
          <Text size="sm" c="dimmed" role="status">
            {status}
          </Text>
        </Stack>
        <Group justify="flex-end">
          <Button mih={44} onClick={onClose}>
            {t('pwa.keepOpen.ok')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
