import { Alert, Button, Fieldset, Group, Stack, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useCallbackRef } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconDeviceFloppy, IconSignature } from '@tabler/icons-react';
import { memo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSyncEngine } from '@/client/offline';
import { AiTextAssist } from '@/client/ui/ai/text-assist';
import { DraftNotice } from '@/client/ui/draft-notice';
import { useFormDraft } from '@/client/lib/drafts/use-form-draft';
import { useCurrentUser } from '@/client/lib/session/session-store';
import type { LogbookConfig, LogbookEntry } from '@/domain/logbook';
import { canSignLogbookEntry } from '@/domain/logbook-status';
import { createEntry, updateEntry } from '../../api/entry-writes';
import { formatEntryDate } from '../../format';
import {
  entryValues,
  fromDraft,
  newEntryValues,
  todayIso,
  toLogbookFields,
  validateLogbookForm,
  type LogbookFormValues,
} from '../../form-model';
import { ChecksSection } from './checks-section';
import { sameSectionFields, type LogbookForm } from './form-types';
import { ShiftSection } from './shift-section';
import { SignatureNotice } from './signature-notice';
import { WeatherSection } from './weather-section';
import { WRAPPING_BUTTON } from '@/client/ui/wrapping-button';
import { growingTextarea } from '@/client/ui/growing-textarea';

interface EntryFormProps {
  /** The entry to edit; null for a new one. */
  entry: LogbookEntry | null;
  config: LogbookConfig;
  profileSignature: string | null;
  onSaved(id: string): void;
  onCancel(): void;
  onOpenEntry(id: string): void;
}

const sameFields = (a: LogbookFormValues, b: LogbookFormValues) =>
  JSON.stringify(toLogbookFields(a)) === JSON.stringify(toLogbookFields(b));

/** The save buttons keep their large size while their label may wrap on a phone. */
const WRAPS = { ...WRAPPING_BUTTON, mih: 50, py: 8 };

/** The general notes grow with their text from four lines to fourteen. */
const NOTES_SIZE = growingTextarea(4, 14);

/** The general notes with the AI helper beside them; redrawn only when the notes or their error change. */
const NotesSection = memo(
  function NotesSection({ form }: { form: LogbookForm }) {
    const { t } = useTranslation();
    return (
      <Fieldset legend={t('logbook.fields.generalNotes')} radius="md">
        <Group align="flex-start" wrap="nowrap" gap="xs">
          <Textarea
            size="lg"
            {...NOTES_SIZE}
            aria-label={t('logbook.fields.generalNotes')}
            style={{ flex: 1 }}
            {...form.getInputProps('generalNotes')}
            key={form.key('generalNotes')}
          />
          <AiTextAssist
            value={form.getValues().generalNotes}
            onAccept={(next) => form.setFieldValue('generalNotes', next)}
          />
        </Group>
      </Fieldset>
    );
  },
  sameSectionFields(['generalNotes']),
);

interface SaveButtonsProps {
  saving: boolean;
  /** The signature saving with "save and sign" puts on the entry; null: no such button. */
  signature: string | null;
  onCancel: () => void;
  onSave: (sign: boolean) => void;
}

/** The save buttons; a keystroke elsewhere in the form leaves them as they were. */
const SaveButtons = memo(function SaveButtons({ saving, signature, onCancel, onSave }: SaveButtonsProps) {
  const { t } = useTranslation();
  return (
    <Group justify="flex-end" gap="sm" wrap="wrap">
      <Button variant="default" size="lg" onClick={onCancel} disabled={saving}>
        {t('logbook.form.cancel')}
      </Button>
      <Button
        variant={signature ? 'light' : 'filled'}
        size="lg"
        leftSection={<IconDeviceFloppy size={20} />}
        {...WRAPS}
        onClick={() => onSave(false)}
        loading={saving}
      >
        {t('logbook.form.saveUnsigned')}
      </Button>
      {signature ? (
        <Button
          size="lg"
          leftSection={<IconSignature size={20} />}
          {...WRAPS}
          onClick={() => onSave(true)}
          loading={saving}
        >
          {t('logbook.form.saveAndSign')}
        </Button>
      ) : null}
    </Group>
  );
});

const KeptSignatureNotice = memo(SignatureNotice);

/** New or edited entry, built for tablets: big fields, checks as toggles, signature from the profile. */
export function EntryForm({
  entry,
  config,
  profileSignature,
  onSaved,
  onCancel,
  onOpenEntry,
}: EntryFormProps) {
  const { t } = useTranslation();
  const engine = useSyncEngine();
  const user = useCurrentUser();
  const [initial] = useState(() => (entry ? entryValues(entry) : newEntryValues(config, todayIso())));
  const [openedVersion] = useState(() => entry?.version);
  const form = useForm<LogbookFormValues>({
    mode: 'controlled',
    initialValues: initial,
    validate: (values) => validateLogbookForm(values, t),
  });
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const draft = useFormDraft<LogbookFormValues>({
    form: 'logbook',
    recordId: entry?.id ?? null,
    read: () => form.getValues(),
    watch: form.getValues(),
    dirty: form.isDirty(),
    apply: (values) => form.setValues(fromDraft(values)),
  });

  // Only the author signs; a new entry is the user's own.
  const maySign = !entry || canSignLogbookEntry(user, { status: 'unsigned', createdBy: entry.createdBy });
  const signature = maySign ? profileSignature : null;

  const save = async (sign: boolean) => {
    if (form.validate().hasErrors) {
      setFailure(t('logbook.form.fixErrors'));
      return;
    }
    setFailure(null);
    setSaving(true);
    const values = form.getValues();
    const fields = toLogbookFields(values);
    const label = t('logbook.entryLabel', { date: formatEntryDate(fields.date, 'short') });
    try {
      const id = await draft.commit(async () => {
        if (entry && entry.status !== 'approved') {
          await updateEntry(engine, entry.id, fields, {
            from: entry.status,
            signature: sign ? signature : null,
            contentChanged: !sameFields(initial, values),
            label,
            base: { ...entry, ...toLogbookFields(initial) },
            baseVersion: openedVersion,
          });
          return entry.id;
        }
        return createEntry(engine, fields, { user, signature: sign ? signature : null, label });
      });
      form.resetDirty();
      notifications.show({
        color: 'green',
        message: sign ? t('logbook.form.savedSigned') : t('logbook.form.saved'),
      });
      onSaved(id);
    } catch (error) {
      console.error('Saving the logbook entry failed', error);
      setFailure(t('logbook.form.saveFailed'));
    } finally {
      setSaving(false);
    }
  };

  const onSave = useCallbackRef((sign: boolean) => void save(sign));
  return (
    <form
      noValidate
      // Saving is a deliberate tap on one of the buttons; Enter in a field never signs by accident.
      onSubmit={(event) => event.preventDefault()}
      aria-label={entry ? t('logbook.form.editTitle') : t('logbook.form.newTitle')}
    >
      <Stack gap="lg">
        <DraftNotice draft={draft} />
        <ShiftSection form={form} entryId={entry?.id ?? null} onOpenEntry={onOpenEntry} />
        <WeatherSection form={form} autoFetch={!entry} />
        <ChecksSection form={form} />
        <NotesSection form={form} />
        {maySign ? <KeptSignatureNotice signature={profileSignature} /> : null}
        {entry?.status === 'pending' ? <Alert color="blue">{t('logbook.form.pendingEditHint')}</Alert> : null}
        {failure ? (
          <Alert color="red" role="alert">
            {failure}
          </Alert>
        ) : null}
        <SaveButtons saving={saving} signature={signature} onCancel={onCancel} onSave={onSave} />
      </Stack>
    </form>
  );
}
