import { z } from 'zod';
import { checklistConfigSchema, DEFAULT_CHECKLIST, type ChecklistConfig } from '@/domain/checklist';
import type { Executor } from '../../db/client';
import { readConfigDocument, writeConfigDocument } from '../../services/config-documents';

/** The config_documents key of the report checklist configuration. */
export const CHECKLIST_CONFIG_KEY = 'checklist';

/** The checklist configuration; the built-in default groups (DEFAULT_CHECKLIST) until an admin saves one. */
export function readChecklistConfig(executor: Executor): Promise<ChecklistConfig> {
  return readConfigDocument(executor, CHECKLIST_CONFIG_KEY, checklistConfigSchema, DEFAULT_CHECKLIST);
}

/**
 * Every "category.item" key pair any checklist configuration of this installation has had. A tablet
 * that went offline with an older configuration still files reports with it; anything else is made up.
 */
export const CHECKLIST_KEYS_KEY = 'checklist-keys';
const keyListSchema = z.array(z.string());

export const checklistKeyPairs = (
  categories: ReadonlyArray<{ key: string; items: ReadonlyArray<{ key: string }> }>,
): string[] => categories.flatMap((category) => category.items.map((item) => `${category.key}.${item.key}`));

export async function readKnownChecklistKeys(executor: Executor): Promise<Set<string>> {
  const [history, current] = await Promise.all([
    readConfigDocument(executor, CHECKLIST_KEYS_KEY, keyListSchema, []),
    readChecklistConfig(executor),
  ]);
  return new Set([
    ...history,
    ...checklistKeyPairs(DEFAULT_CHECKLIST.categories),
    ...checklistKeyPairs(current.categories),
  ]);
}

export async function writeChecklistConfig(
  executor: Executor,
  config: ChecklistConfig,
  userId: string | null,
) {
  const known = await readKnownChecklistKeys(executor);
  for (const pair of checklistKeyPairs(config.categories)) known.add(pair);
  await writeConfigDocument(executor, CHECKLIST_KEYS_KEY, [...known].sort(), userId);
  return writeConfigDocument(executor, CHECKLIST_CONFIG_KEY, config, userId);
}
