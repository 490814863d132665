import type { TFunction } from 'i18next';
import { isRuleKey, VALIDATION_KEYS, type KeyedIssue } from '@/domain/fields';

/**
 * One keyed issue in the user's language; the `field` param is a label key and is translated too. An
 * issue from a schema outside the kit (no field, `english` kept) shows its own text.
 */
export function translateIssue(
  t: TFunction,
  issue: Pick<KeyedIssue, 'key' | 'params'> & { english?: string },
): string {
  const { field, ...params } = issue.params;
  if (issue.key === 'validation.invalid' && !field && issue.english) return issue.english;
  return t(issue.key, { ...params, field: typeof field === 'string' && field ? t(field) : '' });
}

/** Keyed issues as one message per path (the first), the way forms show them under their inputs. */
export function issueMessages(
  t: TFunction,
  issues: ReadonlyArray<KeyedIssue & { english?: string }>,
): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of issues) errors[issue.path] ??= translateIssue(t, issue);
  return errors;
}

/**
 * The keyed issues of a VALIDATION_FAILED answer's `details.issues`, those with a meaning of their
 * own: `validation.invalid` stands for a rule outside the field kit, whose English text in
 * `details.fields` says more than the generic key would.
 */
export function keyedIssuesFromDetails(details: unknown): KeyedIssue[] {
  const list = details && typeof details === 'object' ? (details as { issues?: unknown }).issues : undefined;
  if (!Array.isArray(list)) return [];
  return list.flatMap((raw: unknown): KeyedIssue[] => {
    if (!raw || typeof raw !== 'object') return [];
    const { path, key, params } = raw as Record<string, unknown>;
    if (typeof path !== 'string' || typeof key !== 'string' || key === 'validation.invalid') return [];
    if (!(VALIDATION_KEYS as readonly string[]).includes(key) && !isRuleKey(key)) return [];
    const clean = Object.fromEntries(
      Object.entries(params && typeof params === 'object' ? params : {}).filter(
        (entry): entry is [string, string | number] => ['string', 'number'].includes(typeof entry[1]),
      ),
    );
    return [{ path, key: key as KeyedIssue['key'], params: clean }];
  });
}
