import { Alert, Button, Group, Modal, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { REPORT_MAX_REASON } from '@/domain/report';
import { SignatureField, type SignatureFieldHandle } from './signature-field';
import { OverrideReasonField } from '@/client/ui/self-approval';
import { ConfirmModal } from '@/client/ui/confirm-modal';
import { growingTextarea } from '@/client/ui/growing-textarea';

interface BaseProps {
  opened: boolean;
  onClose: () => void;
}

interface UncheckedCount {
  unchecked: number;
  total: number;
}

/** The unchecked count, impossible to overlook where a report is submitted or approved. */
export function UncheckedAlert({ unchecked, total }: UncheckedCount) {
  const { t } = useTranslation();
  if (unchecked === 0) return null;
  return (
    <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} data-testid="unchecked-alert">
      <Text fw={700} size="sm">
        {t('reports.unchecked.count', { unchecked, total })}
      </Text>
    </Alert>
  );
}

/**
 * Submitting with unchecked items: go back, mark the rest as n/a (form only), or — unless the site
 * requires every item — submit anyway.
 */
export function IncompleteChecklistModal({
  opened,
  onClose,
  count,
  required,
  onMarkRest,
  onSubmitAnyway,
}: BaseProps & {
  count: UncheckedCount;
  required: boolean;
  onMarkRest?: () => void;
  onSubmitAnyway: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onClose} title={t('reports.unchecked.title')} centered>
      <Stack>
        <UncheckedAlert {...count} />
        <Text size="sm">{required ? t('reports.unchecked.required') : t('reports.unchecked.confirm')}</Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            {t('reports.unchecked.back')}
          </Button>
          {onMarkRest ? (
            <Button variant="light" onClick={onMarkRest}>
              {t('reports.unchecked.markRest')}
            </Button>
          ) : null}
          {required ? null : (
            <Button color="orange" onClick={onSubmitAnyway}>
              {t('reports.unchecked.submitAnyway')}
            </Button>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}

/** Approve: the manager signs (required) and may give the printed name. */
export function ApproveModal({
  opened,
  onClose,
  defaultName,
  unchecked,
  override = false,
  onApprove,
}: BaseProps & {
  defaultName: string;
  /** Items the operator left unchecked, shown above everything else. */
  unchecked?: UncheckedCount;
  /** An admin approving their own report: a reason is asked for and audited. */
  override?: boolean;
  onApprove: (signature: string, managerName: string | null, overrideReason: string | null) => Promise<void>;
}) {
  const { t } = useTranslation();
  const signature = useRef<SignatureFieldHandle>(null);
  const [name, setName] = useState(defaultName);
  const [error, setError] = useState<string | null>(null);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const approve = async () => {
    const value = signature.current?.value() ?? null;
    if (!value) setError(t('reports.validation.managerSignature'));
    if (override && !reason.trim()) setReasonError(t('approval.override.reasonRequired'));
    if (!value || (override && !reason.trim())) return;
    setBusy(true);
    try {
      await onApprove(value, name.trim() || null, override ? reason.trim() : null);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal opened={opened} onClose={onClose} title={t('reports.approve.title')} size="lg" centered>
      <Stack>
        {unchecked ? <UncheckedAlert {...unchecked} /> : null}
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
        <Text size="sm">{t('reports.approve.text')}</Text>
        <TextInput
          label={t('reports.fields.managerName')}
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
        />
        <SignatureField
          ref={signature}
          label={t('reports.fields.managerSignature')}
          signerName={name}
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
          {...growingTextarea(3)}
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
  return (
    <ConfirmModal
      opened={opened}
      title={t('reports.delete.title')}
      confirmLabel={t('reports.actions.delete')}
      onClose={onClose}
      onConfirm={onDelete}
    >
      <Text>{t('reports.delete.text')}</Text>
    </ConfirmModal>
  );
}
