import { Button, Group, Modal, Progress, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useOfflineReadiness } from './offline-readiness';

/** Devices whose main pointer is a finger: the tablets (and phones) used in the field. */
const TOUCH_QUERY = '(pointer: coarse)';

/**
 * On a tablet's first session (the app not yet stored on it), asks to keep the app open until it is
 * ready for offline use — closing it early leaves a tablet that shows "site can't be reached" in the
 * field. Shows the progress, then says when it is done. Desktops are not asked.
 */
export function KeepOpenPrompt() {
  const { t } = useTranslation();
  const readiness = useOfflineReadiness();
  const [touch] = useState(() => typeof window !== 'undefined' && !!window.matchMedia?.(TOUCH_QUERY).matches);
  const [asked, setAsked] = useState(false);
  const [closed, setClosed] = useState(false);
  const preparing = readiness.state === 'preparing' || readiness.state === 'paused';
  // Asked once, the prompt stays to say "done" when the app is stored.
  if (touch && preparing && !asked) setAsked(true);

  if (!asked || closed) return null;
  const ready = readiness.state === 'ready';
  const percent = ready ? 100 : 'percent' in readiness ? readiness.percent : 0;
  const status = ready
    ? t('pwa.offline.ready')
    : readiness.state === 'paused'
      ? t('pwa.offline.paused', { percent })
      : t('pwa.offline.preparing', { percent });

  return (
    <Modal
      opened
      onClose={() => setClosed(true)}
      title={t('pwa.keepOpen.title')}
      centered
      data-testid="keep-open-prompt"
    >
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
          <Button mih={44} onClick={() => setClosed(true)}>
            {t('pwa.keepOpen.ok')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
