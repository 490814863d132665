import { Button, Group, Modal, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { REPORT_MAX_REASON } from '@/domain/report';
import { SignatureField, type SignatureFieldHandle } from './signature-field';

interface BaseProps {
  opened: boolean;
  onClose: () => void;
}

/** Approve: the manager signs (required) and may give the printed name. */
export function ApproveModal({
  opened,
  onClose,
  defaultName,
  onApprove,
}: BaseProps & {
  defaultName: string;
  onApprove: (signature: string, managerName: string | null) => Promise<void>;
}) {
  const { t } = useTranslation();
  const signature = useRef<SignatureFieldHandle>(null);
  const [name, setName] = useState(defaultName);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const approve = async () => {
    const value = signature.current?.value() ?? null;
    if (!value) {
      setError(t('reports.validation.managerSignature'));
      return;
    }
    setBusy(true);
    try {
      await onApprove(value, name.trim() || null);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal opened={opened} onClose={onClose} title={t('reports.approve.title')} size="lg" centered>
      <Stack>
        <Text size="sm">{t('reports.approve.text')}</Text>
        <TextInput
          label={t('reports.fields.managerName')}
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
        />
        <SignatureField
          ref={signature}
          label={t('reports.fields.managerSignature')}
          error={error}
          onChange={(signed) => signed && setError(null)}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={busy}>
            {t('reports.actions.cancel')}
          </Button>
          <Button color="green" onClick={() => void approve()} loading={busy}>
            {t('reports.actions.approve')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** Reject: a reason is required. */
export function RejectModal({
  opened,
  onClose,
  onReject,
}: BaseProps & { onReject: (reason: string) => Promise<void> }) {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const reject = async () => {
    if (!reason.trim()) {
      setError(t('reports.validation.reason'));
      return;
    }
    setBusy(true);
    try {
      await onReject(reason.trim());
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal opened={opened} onClose={onClose} title={t('reports.reject.title')} centered>
      <Stack>
        <Textarea
          label={t('reports.reject.reason')}
          required
          autosize
          minRows={3}
          maxLength={REPORT_MAX_REASON}
          value={reason}
          error={error}
          data-autofocus
          onChange={(e) => {
            setReason(e.currentTarget.value);
            if (e.currentTarget.value.trim()) setError(null);
          }}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={busy}>
            {t('reports.actions.cancel')}
          </Button>
          <Button color="red" onClick={() => void reject()} loading={busy}>
            {t('reports.actions.reject')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** Delete: asks first. */
export function DeleteModal({ opened, onClose, onDelete }: BaseProps & { onDelete: () => Promise<void> }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  return (
    <Modal opened={opened} onClose={onClose} title={t('reports.delete.title')} centered>
      <Stack>
        <Text>{t('reports.delete.text')}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={busy} data-autofocus>
            {t('reports.actions.cancel')}
          </Button>
          <Button
            color="red"
            loading={busy}
            onClick={() => {
              setBusy(true);
              void onDelete().finally(() => setBusy(false));
            }}
          >
            {t('reports.actions.delete')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
