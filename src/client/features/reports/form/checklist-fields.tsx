import { Badge, Button, Fieldset, Group, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { memo, useCallback, useDeferredValue, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { checklistLabel } from '@/domain/checklist';
import { CHECKLIST_STATES, REPORT_MAX_NOTE, type ChecklistState, type Report } from '@/domain/report';
import { currentLanguage } from '@/client/i18n';
import { CHECKLIST_STATE_KEY } from '../model';
import classes from './checklist-fields.module.css';
import type { ChecklistAnswer, ReportFormValues } from './form-values';

interface ChecklistFieldsProps {
  categories: Report['checklistItems'];
  value: ReportFormValues['checklist'];
  onChange: (next: ReportFormValues['checklist']) => void;
  errors: Record<string, string>;
  disabled?: boolean;
}

const STATE_COLOR: Record<ChecklistState, string> = { ok: 'green', not_ok: 'red', na: 'gray' };
const EMPTY_ANSWER: ChecklistAnswer = { state: null, note: '' };
const NO_ANSWERS: Record<string, ChecklistAnswer> = {};

type Category = Report['checklistItems'][number];
type Answers = Record<string, ChecklistAnswer>;

/*
 * The form copies all its values on every change of any field (a deep clone), so a category's answers
 * and a row's answer are new objects after a keystroke elsewhere: categories and rows compare what
 * they show, not object identity, or typing a description would redraw every row of the checklist.
 */
const sameAnswer = (a: ChecklistAnswer | undefined, b: ChecklistAnswer | undefined) =>
  a === b || (a?.state === b?.state && a?.note === b?.note);

function sameProps<P extends object>(
  previous: P,
  next: P,
  compare: Partial<Record<keyof P, (a: never, b: never) => boolean>>,
) {
  return (Object.keys(next) as (keyof P)[]).every((key) => {
    const same = compare[key] as ((a: P[keyof P], b: P[keyof P]) => boolean) | undefined;
    return same ? same(previous[key], next[key]) : previous[key] === next[key];
  });
}

/**
 * The checklist by category: ok / not ok / n.a. and a note for every item. Typing in another field of
 * the form leaves it as it was.
 */
export const ChecklistFields = memo(function ChecklistFields({
  categories,
  value,
  onChange,
  errors,
  disabled,
}: ChecklistFieldsProps) {
  const { t } = useTranslation();
  // Categories re-render only when their own answers change (typing a note stays quick on tablets).
  const latest = useRef({ value, onChange });
  useEffect(() => {
    latest.current = { value, onChange };
  });
  const setCategory = useCallback((key: string, answers: Answers) => {
    const { value: current, onChange: change } = latest.current;
    change({ ...current, [key]: answers });
  }, []);

  // A new form shows the first category at once and the rest in a render of their own right after, which
  // React interrupts for a tap: the checklist starts near the bottom of a tablet's screen, and its rows
  // (a segmented control and a note each) were most of the time before the form first appeared.
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
          answers={value[category.key] ?? NO_ANSWERS}
          onChange={setCategory}
          errors={errors}
          disabled={disabled}
        />
      ))}
    </Stack>
  );
});

interface CategoryFieldsProps {
  category: Category;
  answers: Answers;
  onChange: (key: string, answers: Answers) => void;
  errors: Record<string, string>;
  disabled?: boolean;
}

const CategoryFields = memo(
  function CategoryFields({ category, answers, onChange, errors, disabled }: CategoryFieldsProps) {
    const { t } = useTranslation();
    const language = currentLanguage();
    const answered = category.items.filter((i) => answers[i.key]?.state).length;
    // Rows re-render only when their own answer changes: a tap on a slow tablet redraws one row, not the
    // category's every segmented control.
    const latest = useRef({ answers, onChange, key: category.key });
    useEffect(() => {
      latest.current = { answers, onChange, key: category.key };
    });
    const setAnswer = useCallback((item: string, patch: Partial<ChecklistAnswer>) => {
      const { answers: current, onChange: change, key } = latest.current;
      change(key, { ...current, [item]: { ...(current[item] ?? EMPTY_ANSWER), ...patch } });
    }, []);
    const markRest = () => {
      const next = { ...answers };
      for (const item of category.items) {
        const current = next[item.key] ?? EMPTY_ANSWER;
        if (!current.state) next[item.key] = { ...current, state: 'ok' };
      }
      onChange(category.key, next);
    };

    return (
      <Fieldset
        legend={
          <Group gap="xs">
            <Text fw={600}>{checklistLabel(category, language)}</Text>
            <Badge size="sm" variant="light" color={answered === category.items.length ? 'green' : 'gray'}>
              {t('reports.checklist.answered', { done: answered, total: category.items.length })}
            </Badge>
          </Group>
        }
      >
        <Group justify="flex-end" mb="xs">
          <Button
            size="compact-sm"
            variant="subtle"
            disabled={disabled || answered === category.items.length}
            onClick={markRest}
          >
            {t('reports.checklist.restOk')}
          </Button>
        </Group>
        <Stack gap="sm">
          {category.items.map((item) => (
            <ChecklistRow
              key={item.key}
              categoryKey={category.key}
              item={item}
              name={checklistLabel(item, language)}
              answer={answers[item.key] ?? EMPTY_ANSWER}
              error={errors[`checklist.${category.key}.${item.key}.note`]}
              disabled={disabled}
              onAnswer={setAnswer}
            />
          ))}
        </Stack>
      </Fieldset>
    );
  },
  (previous: CategoryFieldsProps, next: CategoryFieldsProps) =>
    sameProps(previous, next, {
      answers: (a: Answers, b: Answers) =>
        next.category.items.every((item) => sameAnswer(a[item.key], b[item.key])),
    }),
);

interface ChecklistRowProps {
  categoryKey: string;
  item: Category['items'][number];
  name: string;
  answer: ChecklistAnswer;
  error: string | undefined;
  disabled?: boolean;
  onAnswer: (item: string, patch: Partial<ChecklistAnswer>) => void;
}

const ChecklistRow = memo(
  function ChecklistRow({ categoryKey, item, name, answer, error, disabled, onAnswer }: ChecklistRowProps) {
    const { t } = useTranslation();
    return (
      <Group gap="sm" wrap="wrap" align="flex-start" data-testid={`checklist-${categoryKey}-${item.key}`}>
        <Text className={classes.name}>{name}</Text>
        <SegmentedControl
          aria-label={name}
          disabled={disabled}
          value={answer.state ?? ''}
          color={answer.state ? STATE_COLOR[answer.state] : undefined}
          onChange={(next) => onAnswer(item.key, { state: next as ChecklistState })}
          data={CHECKLIST_STATES.map((state) => ({
            value: state,
            label: t(CHECKLIST_STATE_KEY[state]),
          }))}
        />
        <TextInput
          style={{ flex: '1 1 200px' }}
          placeholder={t('reports.checklist.note')}
          aria-label={t('reports.checklist.noteFor', { item: name })}
          value={answer.note}
          maxLength={REPORT_MAX_NOTE}
          disabled={disabled}
          error={error}
          onChange={(e) => onAnswer(item.key, { note: e.currentTarget.value })}
        />
      </Group>
    );
  },
  (previous: ChecklistRowProps, next: ChecklistRowProps) => sameProps(previous, next, { answer: sameAnswer }),
);
