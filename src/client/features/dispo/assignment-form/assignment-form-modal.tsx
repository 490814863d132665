import { Alert, Button, Group, Loader, Modal, Select, Stack, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMediaQuery } from '@mantine/hooks';
import { IconAlertTriangle, IconInfoCircle } from '@tabler/icons-react';
import { useEffect, useRef, useState, type RefObject } from 'react';
import { DraftNotice, useLeaveConfirm } from '@/client/ui/draft-notice';
import { useFormDraft } from '@/client/lib/drafts/use-form-draft';
import { useTranslation } from 'react-i18next';
import type { Assignment } from '@/domain/dispo/assignments';
import { saveAssignment } from '../api/assignments';
import { dispoErrorMessage, duplicateOf } from '../api/errors';
import { serverFieldErrors } from '@/client/lib/api-errors';
import { useMasterOptions } from '../use-master-options';
import { DuplicateWarning } from './duplicate-warning';
import {
  fromDraft,
  toFields,
  toFormValues,
  validateAssignment,
  type AssignmentFormValues,
} from './form-values';
import { RoundsEditor } from './rounds-editor';

interface AssignmentFormModalProps {
  /** What the form edits: null = closed, `{ assignment: null }` = a new one. */
  editing: { assignment: Assignment | null; date: string } | null;
  onClose(): void;
  onSaved(assignment: Assignment, created: boolean): void;
}

/** New and edit assignment (AssignmentForm): date, driver, truck, rounds with containers, notes. */
export function AssignmentFormModal({ editing, onClose, onSaved }: AssignmentFormModalProps) {
  const { t } = useTranslation();
  const fullScreen = useMediaQuery('(max-width: 48em)');
  const title = editing?.assignment ? t('dispo.form.editTitle') : t('dispo.form.newTitle');
  // The form inside decides whether closing asks first (it knows about unsaved input).
  const confirmCloseRef = useRef<((close: () => void) => void) | null>(null);
  return (
    <Modal
      opened={!!editing}
      onClose={() => (confirmCloseRef.current ? confirmCloseRef.current(onClose) : onClose())}
      title={title}
      size="xl"
      fullScreen={fullScreen}
      closeButtonProps={{ 'aria-label': t('dispo.actions.close') }}
    >
      {editing ? (
        <AssignmentForm
          key={editing.assignment?.id ?? 'new'}
          assignment={editing.assignment}
          date={editing.date}
          confirmCloseRef={confirmCloseRef}
          onCancel={onClose}
          onSaved={onSaved}
        />
      ) : null}
    </Modal>
  );
}

interface AssignmentFormProps {
  assignment: Assignment | null;
  date: string;
  confirmCloseRef: RefObject<((close: () => void) => void) | null>;
  onCancel(): void;
  onSaved(assignment: Assignment, created: boolean): void;
}

function AssignmentForm({ assignment, date, confirmCloseRef, onCancel, onSaved }: AssignmentFormProps) {
  const { t } = useTranslation();
  const options = useMasterOptions();
  const form = useForm<AssignmentFormValues>({
    initialValues: toFormValues(assignment, date),
    validate: (values) => validateAssignment(values, t),
  });
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [confirmDuplicate, setConfirmDuplicate] = useState(false);
  const values = form.getValues();
  const draft = useFormDraft<AssignmentFormValues>({
    form: 'dispo',
    recordId: assignment?.id ?? null,
    read: () => form.getValues(),
    watch: values,
    dirty: form.isDirty(),
    apply: (stored) => form.setValues(fromDraft(stored)),
  });
  const leave = useLeaveConfirm(draft);
  useEffect(() => {
    confirmCloseRef.current = leave.confirm;
    return () => {
      confirmCloseRef.current = null;
    };
  });

  const submit = async (allowDuplicate: boolean) => {
    // The confirmation of a duplicate saves what the form holds now, which may have changed since.
    if (form.validate().hasErrors) return;
    setBusy(true);
    setFailure(null);
    try {
      const saved = await draft.commit(() =>
        saveAssignment(assignment?.id ?? null, toFields(form.getValues()), allowDuplicate),
      );
      setConfirmDuplicate(false);
      onSaved(saved, !assignment);
    } catch (error) {
      if (duplicateOf(error)) {
        setConfirmDuplicate(true);
        return;
      }
      const fields = serverFieldErrors(error, t);
      if (Object.keys(fields).length > 0) form.setErrors(fields);
      setFailure(dispoErrorMessage(error, t, t('dispo.errors.saveFailed')));
    } finally {
      setBusy(false);
    }
  };

  const drivers = options.data?.drivers ?? [];
  const trucks = options.data?.trucks ?? [];
  const driverOptions = drivers
    .filter((d) => d.active || d.id === values.driverId)
    .map((d) => ({ value: d.id, label: d.name }));
  const truckOptions = trucks
    .filter((truck) => truck.active || truck.id === values.truckId)
    .map((truck) => ({
      value: truck.id,
      label: truck.type ? `${truck.licensePlate} · ${truck.type}` : truck.licensePlate,
    }));
  const driverName = drivers.find((d) => d.id === values.driverId)?.name ?? '';

  if (options.loading && !options.data) return <Loader aria-label={t('dispo.loading')} />;
  if (options.error && !options.data)
    return (
      <Alert color="red" role="alert" icon={<IconAlertTriangle />}>
        {dispoErrorMessage(options.error, t, t('dispo.errors.loadFailed'))}
      </Alert>
    );

  return (
    <form onSubmit={form.onSubmit(() => void submit(false))} noValidate>
      <Stack gap="md">
        <DraftNotice draft={draft} asking={leave.asking} onStay={leave.stay} />
        <Group grow align="flex-start" wrap="wrap">
          <TextInput
            type="date"
            label={t('dispo.fields.date')}
            withAsterisk
            miw={160}
            {...form.getInputProps('date')}
          />
          <Select
            label={t('dispo.fields.driver')}
            placeholder={t('dispo.form.pickDriver')}
            data={driverOptions}
            searchable
            withAsterisk
            miw={180}
            nothingFoundMessage={t('dispo.form.noDrivers')}
            {...form.getInputProps('driverId')}
          />
          <Select
            label={t('dispo.fields.truck')}
            placeholder={t('dispo.form.noTruck')}
            data={truckOptions}
            searchable
            clearable
            miw={180}
            {...form.getInputProps('truckId')}
          />
        </Group>
        <DuplicateWarning
          driverId={values.driverId}
          driverName={driverName}
          date={values.date}
          exceptId={assignment?.id ?? null}
        />
        {assignment?.status === 'published' ? (
          <Alert color="blue" icon={<IconInfoCircle />}>
            {t('dispo.form.publishedNotice')}
          </Alert>
        ) : null}
        <RoundsEditor form={form} types={options.data?.types ?? []} />
        <Textarea label={t('dispo.fields.generalNotes')} rows={2} {...form.getInputProps('generalNotes')} />
        {failure ? (
          <Alert color="red" role="alert" icon={<IconAlertTriangle />}>
            {failure}
          </Alert>
        ) : null}
        {confirmDuplicate ? (
          <Alert color="yellow" role="alertdialog" title={t('dispo.duplicate.title')}>
            <Stack gap="sm">
              {t('dispo.duplicate.confirm', { driver: driverName, date: values.date })}
              <Group gap="sm">
                <Button variant="default" mih={40} onClick={() => setConfirmDuplicate(false)}>
                  {t('dispo.actions.cancel')}
                </Button>
                <Button color="yellow" mih={40} loading={busy} onClick={() => void submit(true)}>
                  {t('dispo.duplicate.saveAnyway')}
                </Button>
              </Group>
            </Stack>
          </Alert>
        ) : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" mih={44} onClick={() => leave.confirm(onCancel)} disabled={busy}>
            {t('dispo.actions.cancel')}
          </Button>
          <Button type="submit" mih={44} loading={busy} disabled={confirmDuplicate}>
            {t('dispo.actions.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
