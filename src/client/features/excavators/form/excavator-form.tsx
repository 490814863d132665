import { Alert, Button, Group, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isQuotaError, StorageFullError, useSyncEngine } from '@/client/offline';
import { DraftNotice } from '@/client/ui/draft-notice';
import { useFormDraft } from '@/client/lib/drafts/use-form-draft';
import type { ExcavatorRecord } from '../model';
import { DescriptionSection } from './description-section';
import {
  excavatorFormValues,
  toRecordFields,
  validateExcavatorForm,
  type ExcavatorFormValues,
} from './form-values';
import { IdentitySection } from './identity-section';
import { MediaSection } from './media-section';
import { mediaChanged, useMediaState, type MediaState } from './media-state';
import { OperationalSection } from './operational-section';
import { useSerialTaken } from './use-serial-taken';

interface ExcavatorFormProps {
  excavator: ExcavatorRecord | null;
  onCancel(): void;
  onSaved(id: string): void;
}

function filesOf(media: MediaState): Record<string, Blob | Blob[]> {
  const files: Record<string, Blob | Blob[]> = {};
  if (media.profileFile) files.profileImage = media.profileFile;
  if (media.galleryFiles.length > 0) files.gallery = media.galleryFiles;
  return files;
}

/** The form's starting point as record fields; a stored row the form cannot read leaves the row as base. */
function openedRecord(excavator: ExcavatorRecord): { base?: Record<string, unknown>; baseVersion: number } {
  try {
    return { base: toRecordFields(excavatorFormValues(excavator)), baseVersion: excavator.version };
  } catch {
    return { baseVersion: excavator.version };
  }
}

/** Stored images to drop: sent with the update, applied by the server (then pulled back). */
function removals(media: MediaState): Record<string, unknown> {
  return {
    ...(media.removeGallery.length > 0 ? { removeGallery: media.removeGallery } : {}),
    ...(media.removeProfileImage ? { removeProfileImage: true } : {}),
  };
}

/**
 * The four-section form. It writes through the offline engine: the row changes on this device at once
 * and the change (photos compressed and stored with it) waits in the outbox until the server has it.
 */
export function ExcavatorForm({ excavator, onCancel, onSaved }: ExcavatorFormProps) {
  const { t } = useTranslation();
  const engine = useSyncEngine();
  const [media, setMedia] = useMediaState();
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const serialTaken = useSerialTaken(excavator?.id ?? null);
  // The record as the form opened on it: the save sends only what differs from it, built on its
  // version, even when a pull brings a newer row while the form is open.
  const [openedOn] = useState(() => (excavator ? openedRecord(excavator) : null));
  const form = useForm<ExcavatorFormValues>({
    mode: 'controlled',
    initialValues: excavatorFormValues(excavator),
    validate: (values) => {
      const errors = validateExcavatorForm(values, t);
      if (!errors.serialNumber && serialTaken(values.serialNumber)) {
        errors.serialNumber = t('excavators.form.errors.serialTaken');
      }
      return errors;
    },
  });
  // Picked photos are files, not kept in the draft; the notice counts them when it offers the rest.
  const draft = useFormDraft<ExcavatorFormValues>({
    form: 'excavator',
    recordId: excavator?.id ?? null,
    read: () => form.getValues(),
    watch: form.getValues(),
    dirty: form.isDirty() || mediaChanged(media),
    files: (media.profileFile ? 1 : 0) + media.galleryFiles.length,
    apply: (values) => form.setValues(values),
  });

  const submit = form.onSubmit(async (values) => {
    setSaving(true);
    setFailure(null);
    const fields = toRecordFields(values);
    const label = String(fields.name);
    try {
      const id = await draft.commit(async () =>
        excavator
          ? (
              await engine.updateRecord('excavators', excavator.id, fields, {
                files: filesOf(media),
                multipart: true,
                label,
                sendOnly: removals(media),
                ...(openedOn ?? {}),
              })
            ).id
          : (
              await engine.createRecord('excavators', fields, {
                files: filesOf(media),
                multipart: true,
                label,
              })
            ).id,
      );
      form.resetDirty();
      notifications.show({
        color: 'green',
        message: excavator
          ? t('excavators.notices.saved', { name: label })
          : t('excavators.notices.created', { name: label }),
      });
      onSaved(id);
    } catch (error) {
      setFailure(
        error instanceof StorageFullError || isQuotaError(error)
          ? t('excavators.errors.storageFull')
          : error instanceof Error
            ? error.message
            : t('excavators.errors.saveFailed'),
      );
    } finally {
      setSaving(false);
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <DraftNotice draft={draft} />
        <IdentitySection form={form} />
        <OperationalSection form={form} />
        <MediaSection
          storedProfile={excavator?.profileImage ?? null}
          storedGallery={excavator?.gallery ?? []}
          media={media}
          onChange={setMedia}
        />
        <DescriptionSection form={form} />
        {failure ? (
          <Alert color="red" role="alert" title={t('excavators.errors.saveFailed')}>
            {failure}
          </Alert>
        ) : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" mih={44} onClick={onCancel} disabled={saving}>
            {t('excavators.actions.cancel')}
          </Button>
          <Button type="submit" mih={44} loading={saving}>
            {excavator ? t('excavators.actions.save') : t('excavators.actions.create')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
