import { Button, Group, Modal, Text } from '@mantine/core';
import { useBlocker } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';

/**
 * Leaving the Settings page with unsaved input asks first: a dialog for navigation inside the app
 * (switching sections only changes the hash and is never blocked), the browser's own prompt for a
 * reload or closing the tab.
 */
export function LeaveGuard({ dirty }: { dirty: boolean }) {
  const { t } = useTranslation();
  const blocker = useBlocker({
    shouldBlockFn: ({ current, next }) => dirty && current.pathname !== next.pathname,
    enableBeforeUnload: () => dirty,
    withResolver: true,
  });
  const blocked = blocker.status === 'blocked';
  return (
    <Modal
      opened={blocked}
      onClose={() => blocker.reset?.()}
      title={t('settings.leave.title')}
      closeButtonProps={{ 'aria-label': t('settings.close') }}
    >
      <Text mb="lg">{t('settings.leave.message')}</Text>
      <Group justify="flex-end" gap="sm">
        <Button variant="default" mih={44} onClick={() => blocker.reset?.()} data-autofocus>
          {t('settings.leave.stay')}
        </Button>
        <Button color="red" mih={44} onClick={() => blocker.proceed?.()}>
          {t('settings.leave.leave')}
        </Button>
      </Group>
    </Modal>
  );
}
