import {
  checklistConfigSchema,
  checklistKeyFromLabel,
  CHECKLIST_KEYS_MESSAGE,
  hasChecklistKeyProblems,
  type ChecklistConfig,
  type ChecklistLabel,
} from '@/domain/checklist';
import { LANGUAGES, type Language } from '@/domain/constants';

/** An entry being edited: `uid` keeps React rows stable while keys change; `auto` follows the label. */
export interface EditEntry {
  uid: string;
  key: string;
  label: ChecklistLabel;
  auto: boolean;
}
export interface EditCategory extends EditEntry {
  items: EditEntry[];
}

let uids = 0;
const uid = () => `e${++uids}`;

const emptyLabel = (): ChecklistLabel => ({ en: '', de: '', bg: '', gr: '' });

export function toEditState(config: ChecklistConfig): EditCategory[] {
  return config.categories.map((category) => ({
    uid: uid(),
    key: category.key,
    label: { ...emptyLabel(), ...category.label },
    auto: false,
    items: category.items.map((item) => ({
      uid: uid(),
      key: item.key,
      label: { ...emptyLabel(), ...item.label },
      auto: false,
    })),
  }));
}

export function toConfig(state: readonly EditCategory[]): ChecklistConfig {
  return {
    categories: state.map((category) => ({
      key: category.key.trim(),
      label: trimLabel(category.label),
      items: category.items.map((item) => ({ key: item.key.trim(), label: trimLabel(item.label) })),
    })),
  };
}

function trimLabel(label: ChecklistLabel): ChecklistLabel {
  return Object.fromEntries(LANGUAGES.map((l) => [l, label[l].trim()])) as ChecklistLabel;
}

export function newCategory(state: readonly EditCategory[]): EditCategory {
  return {
    uid: uid(),
    key: checklistKeyFromLabel(
      '',
      state.map((c) => c.key),
      'category',
    ),
    label: emptyLabel(),
    auto: true,
    items: [],
  };
}

export function newItem(category: EditCategory): EditEntry {
  return {
    uid: uid(),
    key: checklistKeyFromLabel(
      '',
      category.items.map((i) => i.key),
    ),
    label: emptyLabel(),
    auto: true,
  };
}

/** A label typed in `language`: an automatic key follows it (unique among `siblings`). */
export function relabel<T extends EditEntry>(
  entry: T,
  language: Language,
  text: string,
  siblings: readonly EditEntry[],
  fallback: string,
): T {
  const label = { ...entry.label, [language]: text };
  if (!entry.auto) return { ...entry, label };
  const taken = siblings.filter((s) => s.uid !== entry.uid).map((s) => s.key);
  return { ...entry, label, key: checklistKeyFromLabel(label.en || text, taken, fallback) };
}

export function move<T>(list: readonly T[], from: number, to: number): T[] {
  if (to < 0 || to >= list.length) return [...list];
  const next = [...list];
  const [entry] = next.splice(from, 1);
  next.splice(to, 0, entry!);
  return next;
}

export interface EditorProblems {
  /** "Fix duplicate/empty keys before saving" applies. */
  keys: boolean;
  /** Field messages by uid (the key input of that entry), from the domain schema. */
  byUid: Record<string, string>;
  /** A message for the whole list (e.g. no category). */
  general: string | null;
}

/** Checks the edit state with the domain's rules (the server's own). */
export function problemsOf(state: readonly EditCategory[]): EditorProblems {
  const config = toConfig(state);
  const problems: EditorProblems = { keys: hasChecklistKeyProblems(config), byUid: {}, general: null };
  const result = checklistConfigSchema.safeParse(config);
  if (result.success) return problems;
  for (const issue of result.error.issues) {
    const [, c, third, i] = issue.path;
    const category = typeof c === 'number' ? state[c] : undefined;
    const item = third === 'items' && typeof i === 'number' ? category?.items[i] : undefined;
    const target = item ?? category;
    if (target) problems.byUid[target.uid] ??= issue.message;
    else problems.general ??= issue.message;
  }
  // An empty key is reported under the same message as a duplicate one.
  for (const category of state) {
    if (!category.key.trim()) problems.byUid[category.uid] ??= CHECKLIST_KEYS_MESSAGE;
  }
  return problems;
}
