/*
 * Validation messages as i18n keys with params. A field's zod schema does not carry English: its
 * issues carry a key under `validation.*`, the params the text needs (`max`, `min`) and the field's
 * label key (`field`). The client translates them with t(key, params); the server renders them in
 * English for API clients with the small table below and sends the key and params alongside, so the
 * client can show a server-side rejection in the user's language too.
 *
 * zod keeps a message string per issue, so the key travels inside it: `validation.tooLong {json}`.
 * `decodeIssue` reads it back; an issue from a schema outside the kit (a plain English message) reads
 * as `validation.invalid` with that message kept as the English text.
 */

export const VALIDATION_KEYS = [
  'validation.above',
  'validation.between',
  'validation.characters',
  'validation.choice',
  'validation.date',
  'validation.flag',
  'validation.future',
  'validation.integer',
  'validation.invalid',
  'validation.list',
  'validation.max',
  'validation.min',
  'validation.negative',
  'validation.number',
  'validation.required',
  'validation.text',
  'validation.time',
  'validation.tooFew',
  'validation.tooLong',
  'validation.tooMany',
  'validation.tooShort',
  'validation.unique',
] as const;
export type ValidationKey = (typeof VALIDATION_KEYS)[number];

/**
 * A rule of one entity that no generic message says (`logbook.validation.noteRequired`: a conveyor
 * that is not functional needs a note). Its i18n key lives with the entity's texts, and its English
 * travels with the issue.
 */
export type RuleKey = `${string}.validation.${string}`;
export interface EntityRule {
  key: RuleKey;
  en: string;
}
export type MessageKey = ValidationKey | RuleKey;

export function isRuleKey(value: string): value is RuleKey {
  return /^[A-Za-z]+(\.[A-Za-z]+)*\.validation\.[A-Za-z]+$/.test(value);
}

export type IssueParams = Record<string, string | number>;

/** One validation issue as the API's `details.issues` lists it and the client translates it. */
export interface KeyedIssue {
  /** Dotted path of the field (`specifications.2.key`), `_` for the whole body. */
  path: string;
  key: MessageKey;
  /** `field` is the label's i18n key; the rest are plain values for the text. */
  params: IssueParams;
}

/**
 * The English the API answers in `details.fields` (readable for scripts and logs). It sits here and
 * not only in en.json because the server does not load the client's locale files; a test keeps the two
 * equal. The one difference: `choice` names the allowed values for an API client, where the form
 * offers them in its select.
 */
export const VALIDATION_ENGLISH: Record<ValidationKey, string> = {
  'validation.above': '{{field}} must be greater than {{min}}',
  'validation.between': '{{field}} must be between {{min}} and {{max}}',
  'validation.characters': '{{field}} cannot contain {{characters}}',
  'validation.choice': '{{field}} must be one of: {{options}}',
  'validation.date': '{{field}} must be a date (YYYY-MM-DD)',
  'validation.flag': '{{field}} must be true or false',
  'validation.future': '{{field}} cannot be in the future',
  'validation.integer': '{{field}} must be a whole number',
  'validation.invalid': '{{field}} is not valid',
  'validation.list': '{{field}} must be a list',
  'validation.max': '{{field}} must be at most {{max}}',
  'validation.min': '{{field}} must be at least {{min}}',
  'validation.negative': '{{field}} must be non-negative',
  'validation.number': '{{field}} must be a number',
  'validation.required': '{{field}} is required',
  'validation.text': '{{field}} must be text',
  'validation.time': '{{field}} must be a time (HH:MM)',
  'validation.tooFew': '{{field}}: at least {{min}} required',
  'validation.tooLong': '{{field}} must be at most {{max}} characters',
  'validation.tooMany': '{{field}} allows at most {{max}} entries',
  'validation.tooShort': '{{field}} must be at least {{min}} characters',
  'validation.unique': '{{field}} must be unique',
};

const ENCODED = /^([A-Za-z]+(?:\.[A-Za-z]+)+) (\{.*\})$/s;

/** The label a field's issues name: its i18n key and its English name for the API's text. */
export interface FieldLabel {
  label: string;
  en: string;
}

/** The zod message of an issue: the key, its params and the field's English name for the API. */
export function encodeIssue(key: ValidationKey, params: IssueParams, label: FieldLabel): string {
  return `${key} ${JSON.stringify({ params: { ...params, field: label.label }, en: label.en })}`;
}

/** The zod message of an entity's own rule: its key, and its English for the API. */
export function encodeRule(rule: EntityRule, label: FieldLabel): string {
  return `${rule.key} ${JSON.stringify({ params: { field: label.label }, text: rule.en })}`;
}

function isKey(value: string): value is ValidationKey {
  return (VALIDATION_KEYS as readonly string[]).includes(value);
}

export interface DecodedIssue {
  key: MessageKey;
  params: IssueParams;
  /** The readable English for API clients. */
  english: string;
}

/** A zod issue's message read back as key, params and English. */
export function decodeIssue(message: string): DecodedIssue {
  const match = ENCODED.exec(message);
  if (match && isKey(match[1]!)) {
    try {
      const body = JSON.parse(match[2]!) as { params?: IssueParams; en?: string };
      const params = body.params ?? {};
      return { key: match[1], params, english: renderEnglish(match[1], params, body.en ?? 'Value') };
    } catch {
      // Not one of ours after all: fall through to the plain message.
    }
  }
  if (match && isRuleKey(match[1]!)) {
    try {
      const body = JSON.parse(match[2]!) as { params?: IssueParams; text?: unknown };
      if (typeof body.text === 'string')
        return { key: match[1], params: body.params ?? {}, english: body.text };
    } catch {
      // Not one of ours after all: fall through to the plain message.
    }
  }
  return { key: 'validation.invalid', params: {}, english: message };
}

/** The English text of a key, the field named by its English name. */
export function renderEnglish(key: ValidationKey, params: IssueParams, fieldName: string): string {
  return VALIDATION_ENGLISH[key].replace(/\{\{(\w+)\}\}/g, (_, name: string) =>
    name === 'field' ? fieldName : String(params[name] ?? ''),
  );
}

/** Zod issues (their messages encoded or plain) as keyed issues with dotted paths. */
export function keyedIssues(issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }>) {
  return issues.map((issue) => {
    const { key, params, english } = decodeIssue(issue.message);
    return { path: issue.path.map(String).join('.') || '_', key, params, english };
  });
}
