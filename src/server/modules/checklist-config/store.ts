import { checklistConfigSchema, DEFAULT_CHECKLIST, type ChecklistConfig } from '@/domain/checklist';
import type { Executor } from '../../db/client';
import { readConfigDocument, writeConfigDocument } from '../../services/config-documents';

/** The config_documents key of the report checklist configuration. */
export const CHECKLIST_CONFIG_KEY = 'checklist';

/** The checklist configuration; the spec's default groups until an admin saves one. */
export function readChecklistConfig(executor: Executor): Promise<ChecklistConfig> {
  return readConfigDocument(executor, CHECKLIST_CONFIG_KEY, checklistConfigSchema, DEFAULT_CHECKLIST);
}

export function writeChecklistConfig(executor: Executor, config: ChecklistConfig, userId: string | null) {
  return writeConfigDocument(executor, CHECKLIST_CONFIG_KEY, config, userId);
}
