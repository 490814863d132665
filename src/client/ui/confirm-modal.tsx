import { Alert, Button, Group, Modal, Stack, type MantineColor } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface ConfirmModalProps {
  opened: boolean;
  title: string;
  /** What happens if the person confirms; text or richer content (a list of consequences). */
  children: ReactNode;
  /** Says what the step does ("Delete", "Deactivate"), never a bare "OK". */
  confirmLabel: string;
  /** @default 'red' */
  color?: MantineColor;
  onClose(): void;
  /** The step itself. It closes the modal (or leaves the screen) when done; a rejection stays here. */
  onConfirm(): Promise<void>;
  /** The failure's text for people. @default a generic "could not be done" */
  failureMessage?(error: unknown): string;
  /** A heading over the failure (e.g. "Cannot delete"). */
  failureTitle?: string;
}

/**
 * Asks before a destructive or final step. Cancel has the focus, so a stray Enter does nothing harmful;
 * while the step runs both buttons wait, and a failure is shown in place instead of closing.
 */
export function ConfirmModal({
  opened,
  title,
  children,
  confirmLabel,
  color = 'red',
  onClose,
  onConfirm,
  failureMessage,
  failureTitle,
}: ConfirmModalProps) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const close = () => {
    setFailure(null);
    onClose();
  };
  const confirm = async () => {
    setBusy(true);
    setFailure(null);
    try {
      await onConfirm();
    } catch (error) {
      setFailure(failureMessage ? failureMessage(error) : t('common.actionFailed'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      opened={opened}
      onClose={close}
      title={title}
      centered
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <Stack gap="md">
        {children}
        {failure ? (
          <Alert color="red" role="alert" title={failureTitle}>
            {failure}
          </Alert>
        ) : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" mih={44} onClick={close} disabled={busy} data-autofocus>
            {t('common.cancel')}
          </Button>
          <Button color={color} mih={44} loading={busy} onClick={() => void confirm()}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
