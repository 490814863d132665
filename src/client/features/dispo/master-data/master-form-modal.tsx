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
import { issueMessages } from '@/client/lib/validation-messages';
import { containerTypeEntity } from '@/domain/dispo/container-types';
import { driverEntity } from '@/domain/dispo/drivers';
import { truckEntity } from '@/domain/dispo/trucks';

type AnyRecord = MasterKinds[MasterKind]['record'];

interface MasterFormModalProps {
  kind: MasterKind;
  /** null = closed; `{ record: null }` = new. */
  editing: { record: AnyRecord | null } | null;
  onClose(): void;
  onSaved(created: boolean): void;
}

/** The declaration of each kind (src/domain/dispo): its form, payload and keyed messages. */
const ENTITIES = { drivers: driverEntity, trucks: truckEntity, types: containerTypeEntity } as const;

/** The form of a kind: its own fields from its declaration, the others' empty (they are not shown). */
function toValues(kind: MasterKind, record: AnyRecord | null): MasterFormValues {
  const empty = {
    ...driverEntity.formDefaults(),
    ...truckEntity.formDefaults(),
    ...containerTypeEntity.formDefaults(),
  };
  if (!record) return empty;
  if (kind === 'drivers' && 'phone' in record) return { ...empty, ...driverEntity.toForm(record) };
  if (kind === 'trucks' && 'licensePlate' in record) return { ...empty, ...truckEntity.toForm(record) };
  if (kind === 'types' && 'volume' in record) return { ...empty, ...containerTypeEntity.toForm(record) };
  return empty;
}

/** The body of a kind's write: the schema's reading of its own fields. */
function toInput(kind: MasterKind, values: MasterFormValues): MasterKinds[MasterKind]['input'] {
  return ENTITIES[kind].toRecord(values);
}

const validate = (kind: MasterKind, values: MasterFormValues, t: TFunction): Record<string, string> =>
  issueMessages(t, ENTITIES[kind].validate(values));

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
    initialValues: toValues(kind, record),
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
