import { Button, Group, Modal, Progress, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { OfflineReadiness } from './offline-readiness';
import classes from './keep-open-prompt.module.css';

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
    // The page behind stays where it is: hiding the scrollbar for the dialog would narrow the page and
    // the top bar under it while the first screen is still settling (a layout shift on every first
    // visit of a tablet).
    <Modal
      opened
      onClose={onClose}
      title={t('pwa.keepOpen.title')}
      centered
      removeScrollProps={{ removeScrollBar: false }}
      data-testid="keep-open-prompt"
    >
      <Stack gap="md">
        <div className={classes.messages}>
          <Text className={ready ? classes.hidden : undefined} aria-hidden={ready}>
            {t('pwa.keepOpen.message')}
          </Text>
          <Text className={ready ? undefined : classes.hidden} aria-hidden={!ready}>
            {t('pwa.keepOpen.done')}
          </Text>
        </div>
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
