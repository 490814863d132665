import { Alert, Button, Fieldset, Group, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useCallbackRef } from '@mantine/hooks';
import { IconAlertTriangle } from '@tabler/icons-react';
import { memo, useCallback, useRef, useState, useSyncExternalStore, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { uncheckedItems, type Report } from '@/domain/report';
import { DraftNotice } from '@/client/ui/draft-notice';
import { useFormDraft } from '@/client/lib/drafts/use-form-draft';
import { useSettings } from '@/client/lib/session/settings-store';
import { createStore } from '@/client/lib/store';
import { IncompleteChecklistModal } from '../components/confirm-modals';
import { SignatureField, type SignatureFieldHandle } from '../components/signature-field';
import type { ReportRecord } from '../model';
import { ResolveFollowUpsField } from '@/client/features/follow-ups/public';
import { ChecklistFields } from './checklist-fields';
import { GeneralFields, OperatingFields, TextFields } from './form-sections';
import {
  initialFormValues,
  sameChecklist,
  toPayload,
  validateReport,
  type ChecklistAnswers,
  type ReportFieldValues,
  type ReportFormValues,
  type ReportPayload,
} from './form-values';

export interface ReportFormProps {
  report: ReportRecord | null;
  categories: Report['checklistItems'];
  defaultOperatorName: string;
  /** Saves; `submit` also submits it for approval. Throws to keep the form open. */
  onSave: (payload: ReportPayload, submit: boolean) => Promise<void>;
  onCancel: () => void;
  /** The AI helper next to a text field (absent when the app has none). */
  assist?: (value: string, onAccept: (next: string) => void) => ReactNode;
}

interface ReportDraft {
  values: ReportFormValues;
  signature: string | null;
}

/*
 * A keystroke in a field re-renders the form; what does not show the changed value is kept from the
 * render before (memo with callbacks that keep their identity). The checklist's answers are not in the
 * form's state but in a store of their own: on a slow tablet a checklist tap redraws its row only, not
 * the form, the follow-up picker, the signature pad and the buttons.
 */
const KeptSignatureField = memo(SignatureField);
const KeptIncompleteChecklistModal = memo(IncompleteChecklistModal);
const NO_UNCHECKED = { unchecked: 0, total: 0 };

const FormActions = memo(function FormActions({
  saving,
  signed,
  onCancel,
  onSubmitForApproval,
}: {
  saving: 'save' | 'submit' | null;
  signed: boolean;
  onCancel: () => void;
  onSubmitForApproval: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Group justify="flex-end" gap="sm" className="report-form-actions">
      <Button variant="default" onClick={onCancel} disabled={saving !== null}>
        {t('reports.actions.cancel')}
      </Button>
      <Button
        type="submit"
        variant={signed ? 'default' : 'filled'}
        loading={saving === 'save'}
        disabled={saving === 'submit'}
      >
        {signed ? t('reports.actions.saveSigned') : t('reports.actions.saveDraft')}
      </Button>
      <Button onClick={onSubmitForApproval} loading={saving === 'submit'} disabled={saving === 'save'}>
        {t('reports.actions.saveAndSubmit')}
      </Button>
    </Group>
  );
});

/** Create or edit a maintenance report: data, checklist and the operator's signature. */
export function ReportForm({
  report,
  categories,
  defaultOperatorName,
  onSave,
  onCancel,
  assist,
}: ReportFormProps) {
  const { t } = useTranslation();
  const signature = useRef<SignatureFieldHandle>(null);
  const [signed, setSigned] = useState(!!report?.operatorSignature);
  const [saving, setSaving] = useState<'save' | 'submit' | null>(null);
  const [signatureError, setSignatureError] = useState<string | null>(null);
  const [initial] = useState(() => {
    const { checklist, ...fields } = initialFormValues(report, defaultOperatorName);
    return { checklist, fields };
  });
  const [checklist] = useState(() => createStore<ChecklistAnswers>(initial.checklist));
  const form = useForm<ReportFieldValues>({
    initialValues: initial.fields,
    validate: (values) => validateReport({ ...values, checklist: checklist.get() }, t),
  });
  /** The form's values with the checklist's answers: what is validated, saved and kept as the draft. */
  const allValues = (): ReportFormValues => ({ ...form.getValues(), checklist: checklist.get() });
  // The form re-renders when the checklist starts or stops differing from what it opened with (the
  // draft and the leave guard read it), not on every tap.
  const checklistChanged = useSyncExternalStore(
    checklist.subscribe,
    () => !sameChecklist(checklist.get(), initial.checklist),
  );

  // The draft holds the form's values and the signature as data (drawn or kept), so a restored form
  // is signed as it was.
  const draft = useFormDraft<ReportDraft>({
    form: 'report',
    recordId: report?.id ?? null,
    read: () => ({ values: allValues(), signature: signature.current?.value() ?? null }),
    watch: form.values,
    subscribe: checklist.subscribe,
    dirty: form.isDirty() || checklistChanged || signed !== !!report?.operatorSignature,
    apply: (stored) => {
      const { checklist: answers, ...fields } = stored.values;
      form.setValues(fields);
      checklist.set(answers ?? {});
      signature.current?.restore(stored.signature);
    },
  });

  const [incomplete, setIncomplete] = useState<{ unchecked: number; total: number } | null>(null);
  const requireAll = useSettings().settings.reports.requireAllChecklistItems;

  const markRest = useCallbackRef(() => {
    const next: ChecklistAnswers = { ...checklist.get() };
    for (const category of categories) {
      const answers = { ...next[category.key] };
      for (const item of category.items)
        if (!answers[item.key]?.state)
          answers[item.key] = { state: 'na', note: answers[item.key]?.note ?? '' };
      next[category.key] = answers;
    }
    checklist.set(next);
    setIncomplete(null);
  });

  /** `confirmed`: the user chose to submit although items are unchecked. */
  const save = async (submit: boolean, confirmed = false) => {
    const result = form.validate();
    const operatorSignature = signature.current?.value() ?? null;
    if (submit && !operatorSignature) setSignatureError(t('reports.validation.signToSubmit'));
    else setSignatureError(null);
    if (result.hasErrors || (submit && !operatorSignature)) return;
    // The checklist shown and the drawn signature are checked with the rest before anything is saved.
    const values = allValues();
    const complete = validateReport(values, t, categories, operatorSignature);
    if (Object.keys(complete).length > 0) {
      form.setErrors(complete);
      return;
    }
    const payload = toPayload(values, categories, operatorSignature);
    const count = uncheckedItems(payload);
    if (submit && count.unchecked > 0 && (!confirmed || requireAll)) {
      setIncomplete(count);
      return;
    }
    setSaving(submit ? 'submit' : 'save');
    try {
      await draft.commit(() => onSave(payload, submit));
    } catch {
      // The caller said what went wrong; the form stays open with the input.
    } finally {
      setSaving(null);
    }
  };

  const submitForApproval = useCallbackRef(() => void save(true));
  const submitAnyway = useCallbackRef(() => {
    setIncomplete(null);
    void save(true, true);
  });
  const closeIncomplete = useCallback(() => setIncomplete(null), []);
  const setResolves = useCallbackRef((next: string[]) => form.setFieldValue('resolvesFollowUps', next));
  const onSignedChange = useCallback((next: boolean) => {
    setSigned(next);
    if (next) setSignatureError(null);
  }, []);

  const errorCount = Object.keys(form.errors).length;
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void save(false);
      }}
      data-testid="report-form"
    >
      <Stack gap="lg">
        <DraftNotice draft={draft} />
        <GeneralFields form={form} />
        <OperatingFields form={form} />
        <TextFields
          form={form}
          assist={
            assist
              ? (field) => assist(form.values[field], (next) => form.setFieldValue(field, next))
              : undefined
          }
        />
        <Fieldset legend={t('reports.form.checklist')}>
          <ChecklistFields
            categories={categories}
            answers={checklist}
            errors={form.errors as Record<string, string>}
          />
        </Fieldset>
        {form.values.excavatorId ? (
          <ResolveFollowUpsField
            excavatorId={form.values.excavatorId}
            reportId={report?.id ?? null}
            value={form.values.resolvesFollowUps}
            onChange={setResolves}
          />
        ) : null}
        <Fieldset legend={t('reports.form.signature')}>
          <KeptSignatureField
            ref={signature}
            label={t('reports.fields.operatorSignature')}
            initial={report?.operatorSignature ?? null}
            signerName={form.values.operatorName}
            onChange={onSignedChange}
            error={signatureError}
          />
        </Fieldset>
        {errorCount > 0 ? (
          <Alert color="red" icon={<IconAlertTriangle size={18} />} role="alert">
            {t('reports.validation.fix', { count: errorCount })}
          </Alert>
        ) : null}
        <FormActions
          saving={saving}
          signed={signed}
          onCancel={onCancel}
          onSubmitForApproval={submitForApproval}
        />
      </Stack>
      <KeptIncompleteChecklistModal
        opened={incomplete !== null}
        onClose={closeIncomplete}
        count={incomplete ?? NO_UNCHECKED}
        required={requireAll}
        onMarkRest={markRest}
        onSubmitAnyway={submitAnyway}
      />
    </form>
  );
}
