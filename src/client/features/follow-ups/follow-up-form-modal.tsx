import { Button, FileInput, Group, Modal, Select, Stack, Textarea, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  followUpAssigneesSchema,
  followUpFieldsSchema,
  followUpTitle,
  type FollowUp,
  type FollowUpAssignee,
} from '@/domain/followup';
import { apiFetch } from '@/client/api/client';
import { useOnline } from '@/client/offline';
import { useRemoteData } from '@/client/lib/use-remote-data';
import type { FollowUpInput } from './use-follow-up-actions';
import { growingTextarea } from '@/client/ui/growing-textarea';

interface FollowUpFormModalProps {
  opened: boolean;
  excavatorId: string;
  /** The follow-up to edit; null opens a new one. */
  followUp: FollowUp | null;
  /** Assignee and due date are planning: only for people who may plan. */
  canPlan: boolean;
  onClose(): void;
  onSave(input: FollowUpInput): Promise<void>;
}

const NO_ASSIGNEES: FollowUpAssignee[] = [];

/** The people a follow-up can be given to (online only; offline the current assignee stays choosable). */
function useAssignees(enabled: boolean): FollowUpAssignee[] {
  const online = useOnline();
  const { data } = useRemoteData(
    enabled && online ? 'follow-up-assignees' : null,
    async (signal) =>
      followUpAssigneesSchema.parse(await apiFetch<unknown>('/follow-ups/assignees', { signal, quiet: true }))
        .items,
  );
  return data ?? NO_ASSIGNEES;
}

/** Opens a follow-up by hand or changes one: title, note, photo, assignee and due date. */
export function FollowUpFormModal(props: FollowUpFormModalProps) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={props.opened}
      onClose={props.onClose}
      title={props.followUp ? t('followUps.form.editTitle') : t('followUps.form.newTitle')}
      closeButtonProps={{ 'aria-label': t('followUps.form.cancel') }}
    >
      {props.opened ? <FollowUpForm key={props.followUp?.id ?? 'new'} {...props} /> : null}
    </Modal>
  );
}

function FollowUpForm({ excavatorId, followUp, canPlan, onClose, onSave }: FollowUpFormModalProps) {
  const { t, i18n } = useTranslation();
  const [title, setTitle] = useState(followUp ? followUpTitle(followUp, i18n.language) : '');
  const [note, setNote] = useState(followUp?.note ?? '');
  const [assigneeId, setAssigneeId] = useState<string | null>(followUp?.assigneeId ?? null);
  const [dueDate, setDueDate] = useState(followUp?.dueDate ?? '');
  const [photo, setPhoto] = useState<File | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const people = useAssignees(canPlan);

  const options = [...people];
  if (followUp?.assigneeId && !options.some((p) => p.id === followUp.assigneeId)) {
    options.push({ id: followUp.assigneeId, name: followUp.assigneeName ?? followUp.assigneeId });
  }

  const validationMessage = (field: string): string => {
    switch (field) {
      case 'title':
        return t('followUps.validation.title');
      case 'dueDate':
        return t('followUps.validation.dueDate');
      default:
        return t('followUps.validation.invalid');
    }
  };

  const save = async () => {
    const parsed = followUpFieldsSchema.safeParse({
      excavatorId,
      // An unchanged title keeps the checklist item's labels in every language.
      title: followUp && title === followUpTitle(followUp, i18n.language) ? followUp.title : title,
      note,
      assigneeId,
      dueDate,
    });
    if (!parsed.success) {
      const next: Record<string, string> = {};
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0]);
        next[field] ??= validationMessage(field);
      }
      setErrors(next);
      return;
    }
    setSaving(true);
    try {
      await onSave({ ...parsed.data, photo });
      onClose();
    } finally {
      setSaving(false);
    }
  };

  return (
    <Stack gap="sm">
      <TextInput
        label={t('followUps.fields.title')}
        required
        value={title}
        error={errors.title}
        onChange={(event) => setTitle(event.currentTarget.value)}
      />
      <Textarea
        label={t('followUps.fields.note')}
        {...growingTextarea(2)}
        value={note}
        error={errors.note}
        onChange={(event) => setNote(event.currentTarget.value)}
      />
      {canPlan ? (
        <>
          <Select
            label={t('followUps.fields.assignee')}
            placeholder={t('followUps.unassigned')}
            data={options.map((p) => ({ value: p.id, label: p.name }))}
            value={assigneeId}
            onChange={setAssigneeId}
            clearable
            searchable
            error={errors.assigneeId}
          />
          <TextInput
            type="date"
            label={t('followUps.fields.dueDate')}
            value={dueDate}
            error={errors.dueDate}
            onChange={(event) => setDueDate(event.currentTarget.value)}
          />
        </>
      ) : null}
      <FileInput
        label={t('followUps.fields.photo')}
        accept="image/jpeg,image/png,image/webp"
        value={photo}
        onChange={setPhoto}
        clearable
      />
      <Group justify="flex-end" gap="sm">
        <Button variant="default" mih={44} onClick={onClose}>
          {t('followUps.form.cancel')}
        </Button>
        <Button mih={44} loading={saving} onClick={() => void save()}>
          {t('followUps.form.save')}
        </Button>
      </Group>
    </Stack>
  );
}
