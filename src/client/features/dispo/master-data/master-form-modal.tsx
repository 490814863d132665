import { Alert, Button, Group, Modal, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dispoErrorMessage } from '../api/errors';
import { serverFieldErrors } from '@/client/lib/api-errors';
import { saveMaster, type MasterKind, type MasterKinds } from '../api/master-data';
import { MasterFields, type MasterFormValues } from './master-fields';
import { MASTER_LABELS } from '../labels';

type AnyRecord = MasterKinds[MasterKind]['record'];

interface MasterFormModalProps {
  kind: MasterKind;
  /** null = closed; `{ record: null }` = new. */
  editing: { record: AnyRecord | null } | null;
  onClose(): void;
  onSaved(created: boolean): void;
}

const EMPTY: MasterFormValues = {
  name: '',
  phone: '',
  userId: null,
  licensePlate: '',
  type: '',
  capacity: '',
  volume: '',
  description: '',
  active: true,
};

function toValues(record: AnyRecord | null): MasterFormValues {
  if (!record) return EMPTY;
  if ('licensePlate' in record)
    return {
      ...EMPTY,
      licensePlate: record.licensePlate,
      type: record.type ?? '',
      capacity: record.capacity ?? '',
      active: record.active,
    };
  if ('volume' in record)
    return {
      ...EMPTY,
      name: record.name,
      volume: record.volume,
      description: record.description ?? '',
      active: record.active,
    };
  return {
    ...EMPTY,
    name: record.name,
    phone: record.phone ?? '',
    userId: record.userId,
    active: record.active,
  };
}

const number = (v: number | string) => (v === '' ? null : Number(v));

function toInput(kind: MasterKind, v: MasterFormValues): MasterKinds[MasterKind]['input'] {
  if (kind === 'drivers') return { name: v.name, phone: v.phone, userId: v.userId, active: v.active };
  if (kind === 'trucks')
    return { licensePlate: v.licensePlate, type: v.type, capacity: number(v.capacity), active: v.active };
  return { name: v.name, volume: Number(v.volume), description: v.description, active: v.active };
}

function validate(kind: MasterKind, v: MasterFormValues, t: TFunction): Record<string, string> {
  const errors: Record<string, string> = {};
  if (kind !== 'trucks' && !v.name.trim()) errors.name = t('dispo.master.errors.nameRequired');
  if (kind === 'trucks' && !v.licensePlate.trim())
    errors.licensePlate = t('dispo.master.errors.plateRequired');
  if (kind === 'types' && (v.volume === '' || Number(v.volume) <= 0))
    errors.volume = t('dispo.master.errors.volumePositive');
  return errors;
}

/** New and edit driver, truck or container type. */
export function MasterFormModal({ kind, editing, onClose, onSaved }: MasterFormModalProps) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={!!editing}
      onClose={onClose}
      title={t(editing?.record ? MASTER_LABELS[kind].editTitle : MASTER_LABELS[kind].newTitle)}
      closeButtonProps={{ 'aria-label': t('dispo.actions.close') }}
    >
      {editing ? (
        <MasterForm
          key={editing.record?.id ?? 'new'}
          kind={kind}
          record={editing.record}
          onCancel={onClose}
          onSaved={onSaved}
        />
      ) : null}
    </Modal>
  );
}

interface MasterFormProps {
  kind: MasterKind;
  record: AnyRecord | null;
  onCancel(): void;
  onSaved(created: boolean): void;
}

function MasterForm({ kind, record, onCancel, onSaved }: MasterFormProps) {
  const { t } = useTranslation();
  const form = useForm<MasterFormValues>({
    initialValues: toValues(record),
    validate: (values) => validate(kind, values, t),
  });
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const linkedUser =
    record && 'user' in record && record.user ? record.user.name || record.user.username : null;

  const submit = async (values: MasterFormValues) => {
    setBusy(true);
    setFailure(null);
    try {
      await saveMaster(kind, record?.id ?? null, toInput(kind, values));
      onSaved(!record);
    } catch (error) {
      const fields = serverFieldErrors(error, t);
      if (Object.keys(fields).length > 0) form.setErrors(fields);
      setFailure(dispoErrorMessage(error, t, t('dispo.errors.saveFailed')));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={form.onSubmit((values) => void submit(values))} noValidate>
      <Stack gap="md">
        <MasterFields kind={kind} form={form} linkedUser={linkedUser} />
        {failure ? (
          <Alert color="red" role="alert">
            {failure}
          </Alert>
        ) : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" mih={44} onClick={onCancel} disabled={busy}>
            {t('dispo.actions.cancel')}
          </Button>
          <Button type="submit" mih={44} loading={busy}>
            {t('dispo.actions.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
