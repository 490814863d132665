import { Badge, Button, Fieldset, Group, Stack, Text, TextInput } from '@mantine/core';
import { memo, useDeferredValue, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { checklistLabel } from '@/domain/checklist';
import { CHECKLIST_STATES, REPORT_MAX_NOTE, type ChecklistState, type Report } from '@/domain/report';
import { currentLanguage } from '@/client/i18n';
import { useStoreSelect, type Store } from '@/client/lib/store';
import { SegmentedChoice } from '@/client/ui/segmented-choice';
import { CHECKLIST_STATE_KEY } from '../model';
import classes from './checklist-fields.module.css';
import type { ChecklistAnswer, ChecklistAnswers } from './form-values';

interface ChecklistFieldsProps {
  categories: Report['checklistItems'];
  /** The answers, kept outside the form's state: a tap re-renders the one row it answers. */
  answers: Store<ChecklistAnswers>;
  errors: Record<string, string>;
  disabled?: boolean;
}

const STATE_COLOR: Record<ChecklistState, string> = { ok: 'green', not_ok: 'red', na: 'gray' };
const EMPTY_ANSWER: ChecklistAnswer = { state: null, note: '' };
const NO_ANSWERS: Record<string, ChecklistAnswer> = {};
const NOTE_CLASSES = { wrapper: classes.noteWrapper };

type Category = Report['checklistItems'][number];

/** How many of a category's items have an answer. */
const answeredIn = (category: Category, all: ChecklistAnswers) =>
  category.items.filter((item) => all[category.key]?.[item.key]?.state).length;

/**
 * The checklist by category: ok / not ok / n.a. and a note for every item. Each row reads its own
 * answer from the store and each category's count its own items, so a tap or a keystroke in a note
 * re-renders that row (and the count when it changes), not the form, the category or the other rows.
 */
export const ChecklistFields = memo(function ChecklistFields({
  categories,
  answers,
  errors,
  disabled,
}: ChecklistFieldsProps) {
  const { t } = useTranslation();
  // A new form shows the first category at once and the rest in a render of their own right after, which
  // React interrupts for a tap: the checklist starts near the bottom of a tablet's screen, and its rows
  // (a choice and a note each) were most of the time before the form first appeared.
  const shown = useDeferredValue(categories, categories.slice(0, 1));
  if (categories.length === 0) {
    return (
      <Text c="dimmed" size="sm">
        {t('reports.checklist.none')}
      </Text>
    );
  }
  return (
    <Stack gap="md" data-testid="report-checklist">
      {shown.map((category) => (
        <CategoryFields
          key={category.key}
          category={category}
          answers={answers}
          errors={errors}
          disabled={disabled}
        />
      ))}
    </Stack>
  );
});

interface CategoryProps {
  category: Category;
  answers: Store<ChecklistAnswers>;
}

/** The category's name with how many of its items are answered. */
function CategoryLegend({ category, answers }: CategoryProps) {
  const { t } = useTranslation();
  const answered = useStoreSelect(answers, (all) => answeredIn(category, all));
  return (
    <Group gap="xs">
      <Text fw={600}>{checklistLabel(category, currentLanguage())}</Text>
      <Badge size="sm" variant="light" color={answered === category.items.length ? 'green' : 'gray'}>
        {t('reports.checklist.answered', { done: answered, total: category.items.length })}
      </Badge>
    </Group>
  );
}

/** "Rest OK": every item of the category without an answer becomes OK. */
function RestOkButton({ category, answers, disabled }: CategoryProps & { disabled?: boolean }) {
  const { t } = useTranslation();
  const complete = useStoreSelect(answers, (all) => answeredIn(category, all) === category.items.length);
  const markRest = () =>
    answers.set((all) => {
      const next = { ...all[category.key] };
      for (const item of category.items) {
        const current = next[item.key] ?? EMPTY_ANSWER;
        if (!current.state) next[item.key] = { ...current, state: 'ok' };
      }
      return { ...all, [category.key]: next };
    });
  return (
    <Button size="compact-sm" variant="subtle" disabled={disabled || complete} onClick={markRest}>
      {t('reports.checklist.restOk')}
    </Button>
  );
}

interface CategoryFieldsProps extends CategoryProps {
  errors: Record<string, string>;
  disabled?: boolean;
}

const CategoryFields = memo(function CategoryFields({
  category,
  answers,
  errors,
  disabled,
}: CategoryFieldsProps) {
  const language = currentLanguage();
  return (
    <Fieldset className={classes.category} legend={<CategoryLegend category={category} answers={answers} />}>
      <Group justify="flex-end" mb="xs">
        <RestOkButton category={category} answers={answers} disabled={disabled} />
      </Group>
      <Stack gap="sm">
        {category.items.map((item) => (
          <ChecklistRow
            key={item.key}
            answers={answers}
            categoryKey={category.key}
            itemKey={item.key}
            name={checklistLabel(item, language)}
            error={errors[`checklist.${category.key}.${item.key}.note`]}
            disabled={disabled}
          />
        ))}
      </Stack>
    </Fieldset>
  );
});

interface ChecklistRowProps {
  answers: Store<ChecklistAnswers>;
  categoryKey: string;
  itemKey: string;
  name: string;
  error: string | undefined;
  disabled?: boolean;
}

/** Writes a patch into one item's answer, copying only that category and item. */
function setAnswer(
  answers: Store<ChecklistAnswers>,
  categoryKey: string,
  itemKey: string,
  patch: Partial<ChecklistAnswer>,
) {
  answers.set((all) => {
    const category = all[categoryKey] ?? NO_ANSWERS;
    return {
      ...all,
      [categoryKey]: { ...category, [itemKey]: { ...(category[itemKey] ?? EMPTY_ANSWER), ...patch } },
    };
  });
}

/*
 * A row is its name, its choice and its note; the choice and the note each read their own part of the
 * answer from the store. The store's updates copy only the answered category and item, so a tap
 * re-renders that row's choice and a keystroke its note: not the row around them (its note's input is
 * the heavier of the two), not another row.
 */
const ChecklistRow = memo(function ChecklistRow({
  answers,
  categoryKey,
  itemKey,
  name,
  error,
  disabled,
}: ChecklistRowProps) {
  return (
    <Group gap="sm" wrap="wrap" align="flex-start" data-testid={`checklist-${categoryKey}-${itemKey}`}>
      <Text className={classes.name}>{name}</Text>
      <RowChoice
        answers={answers}
        categoryKey={categoryKey}
        itemKey={itemKey}
        name={name}
        disabled={disabled}
      />
      <RowNote
        answers={answers}
        categoryKey={categoryKey}
        itemKey={itemKey}
        name={name}
        error={error}
        disabled={disabled}
      />
    </Group>
  );
});

function RowChoice({ answers, categoryKey, itemKey, name, disabled }: Omit<ChecklistRowProps, 'error'>) {
  const { t } = useTranslation();
  const state = useStoreSelect(answers, (all) => all[categoryKey]?.[itemKey]?.state ?? null);
  const options = useMemo(
    () =>
      CHECKLIST_STATES.map((value) => ({
        value,
        label: t(CHECKLIST_STATE_KEY[value]),
        color: STATE_COLOR[value],
      })),
    [t],
  );
  return (
    <SegmentedChoice
      label={name}
      options={options}
      value={state}
      disabled={disabled}
      onChange={(next) => setAnswer(answers, categoryKey, itemKey, { state: next })}
    />
  );
}

function RowNote({ answers, categoryKey, itemKey, name, error, disabled }: ChecklistRowProps) {
  const { t } = useTranslation();
  const note = useStoreSelect(answers, (all) => all[categoryKey]?.[itemKey]?.note ?? '');
  return (
    <TextInput
      style={{ flex: '1 1 200px' }}
      classNames={NOTE_CLASSES}
      placeholder={t('reports.checklist.note')}
      aria-label={t('reports.checklist.noteFor', { item: name })}
      value={note}
      maxLength={REPORT_MAX_NOTE}
      disabled={disabled}
      error={error}
      onChange={(e) => setAnswer(answers, categoryKey, itemKey, { note: e.currentTarget.value })}
    />
  );
}
