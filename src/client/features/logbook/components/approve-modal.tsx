import { Alert, Button, Group, Image, Modal, SegmentedControl, Stack, Text } from '@mantine/core';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { OverrideReasonField } from '@/client/ui/self-approval';
import { SignaturePad, type SignaturePadHandle } from '@/client/ui/signature/signature-pad';

interface ApproveModalProps {
  opened: boolean;
  /** The reviewer's saved profile signature, offered instead of drawing. */
  profileSignature: string | null;
  /** The reviewer's name: named in the caption and written into the pad by "sign with my name". */
  signerName: string;
  onClose(): void;
  /** An admin approving their own entry: a reason is asked for and audited. */
  override?: boolean;
  /** The drawing (PNG data URL), or null to sign with the profile signature; the override reason. */
  onApprove(drawing: string | null, overrideReason: string | null): Promise<void>;
}

/**
 * The reviewer signs the approval: draws a signature (or signs with their name from the keyboard), or
 * uses the one saved in the profile.
 */
export function ApproveModal({
  opened,
  profileSignature,
  signerName,
  onClose,
  override = false,
  onApprove,
}: ApproveModalProps) {
  const { t } = useTranslation();
  const pad = useRef<SignaturePadHandle>(null);
  const [mode, setMode] = useState<'draw' | 'profile'>(profileSignature ? 'profile' : 'draw');
  const [drawn, setDrawn] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);

  const approve = async () => {
    const drawing = mode === 'draw' ? pad.current?.toDataURL() : null;
    if (mode === 'draw' && (!drawing || pad.current?.isEmpty())) return;
    if (override && !reason.trim()) {
      setReasonError(t('approval.override.reasonRequired'));
      return;
    }
    setBusy(true);
    setFailure(null);
    try {
      await onApprove(drawing ?? null, override ? reason.trim() : null);
      onClose();
    } catch (error) {
      console.error('Approving the logbook entry failed', error);
      setFailure(t('logbook.approve.failed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('logbook.approve.title')}
      size="lg"
      closeButtonProps={{ 'aria-label': t('logbook.close') }}
    >
      <Stack gap="md">
        {override ? (
          <OverrideReasonField
            value={reason}
            error={reasonError}
            onChange={(value) => {
              setReason(value);
              if (value.trim()) setReasonError(null);
            }}
          />
        ) : null}
        <Text size="sm">{t('logbook.approve.intro')}</Text>
        {profileSignature ? (
          <SegmentedControl
            fullWidth
            size="md"
            value={mode}
            onChange={(value) => setMode(value === 'profile' ? 'profile' : 'draw')}
            data={[
              { value: 'profile', label: t('logbook.approve.useProfile') },
              { value: 'draw', label: t('logbook.approve.draw') },
            ]}
          />
        ) : null}
        {mode === 'profile' && profileSignature ? (
          <Image
            src={profileSignature}
            alt={t('logbook.signature.profileAlt')}
            h={120}
            w="auto"
            fit="contain"
            bg="white"
            radius="md"
          />
        ) : (
          <SignaturePad
            ref={pad}
            label={t('logbook.approve.canvas')}
            signerName={signerName}
            height={200}
            onSignedChange={setDrawn}
          />
        )}
        {failure ? (
          <Alert color="red" role="alert">
            {failure}
          </Alert>
        ) : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" size="md" onClick={onClose} disabled={busy}>
            {t('logbook.form.cancel')}
          </Button>
          <Button
            color="green"
            size="md"
            onClick={() => void approve()}
            loading={busy}
            disabled={mode === 'draw' && !drawn}
          >
            {t('logbook.approve.confirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
