import type { OfflineDb } from './db';
import type { DraftForm, DraftRow } from './types';

/**
 * Form drafts: what someone typed into a form and has not saved yet, kept on the device so a killed
 * tab, a crash or a flat battery loses at most the last half second of input. A draft belongs to one
 * user (a shared tablet never offers one person's input to the next) and one form of one record
 * ('new' before the record exists). It is removed when the person discards it or the form is saved.
 * Drafts never travel to the server.
 */

export const NEW_RECORD = 'new';

export interface DraftTarget {
  userId: string;
  form: DraftForm;
  /** null: a record not created yet. */
  recordId: string | null;
}

export function draftKey({ userId, form, recordId }: DraftTarget): string {
  return `${userId}|${form}|${recordId ?? NEW_RECORD}`;
}

type DraftDb = Pick<OfflineDb, 'drafts'>;

export async function readDraft(db: DraftDb, target: DraftTarget): Promise<DraftRow | null> {
  const row = await db.drafts.get(draftKey(target));
  // The key holds the user, but a row is only handed to the user it names.
  return row && row.userId === target.userId ? row : null;
}

export async function saveDraft(
  db: DraftDb,
  target: DraftTarget,
  values: unknown,
  options: { files?: number; now?: Date } = {},
): Promise<DraftRow> {
  const row: DraftRow = {
    key: draftKey(target),
    userId: target.userId,
    form: target.form,
    recordId: target.recordId ?? NEW_RECORD,
    values,
    files: options.files ?? 0,
    savedAt: (options.now ?? new Date()).toISOString(),
  };
  await db.drafts.put(row);
  return row;
}

export async function clearDraft(db: DraftDb, target: DraftTarget): Promise<void> {
  await db.drafts.delete(draftKey(target));
}

/** Every draft of one user, newest first (for a "you have unsaved input" overview). */
export async function listDrafts(db: DraftDb, userId: string): Promise<DraftRow[]> {
  const rows = await db.drafts.where('userId').equals(userId).toArray();
  return rows.sort((a, b) => b.savedAt.localeCompare(a.savedAt));
}

/**
 * Writes a form's values at most once per `delayMs` while they change, and at once on `flush()` (the
 * page being hidden or left). Writes run one after another, so a slow write can never land after a
 * later one or after `cancel()` removed the draft.
 */
export interface DraftWriter {
  /** The values changed: write them after the delay (a later change restarts it). */
  schedule(write: () => Promise<void>): void;
  /** Write what is scheduled now. */
  flush(): Promise<void>;
  /** Forget what is scheduled; resolves once a write under way has finished. */
  cancel(): Promise<void>;
}

/** A database closed for a newer version (the page reloads) or by a test has nothing left to keep. */
function reportFailure(error: unknown): void {
  if (error instanceof Error && error.name === 'DatabaseClosedError') return;
  console.warn('Draft not kept', error);
}

export function createDraftWriter(delayMs: number): DraftWriter {
  let timer: ReturnType<typeof setTimeout> | null = null;
  let pending: (() => Promise<void>) | null = null;
  let chain: Promise<void> = Promise.resolve();

  const run = (): Promise<void> => {
    if (timer !== null) clearTimeout(timer);
    timer = null;
    const write = pending;
    pending = null;
    if (write) chain = chain.then(write).catch(reportFailure);
    return chain;
  };

  return {
    schedule(write) {
      pending = write;
      if (timer !== null) clearTimeout(timer);
      timer = setTimeout(() => void run(), delayMs);
    },
    flush: run,
    cancel() {
      if (timer !== null) clearTimeout(timer);
      timer = null;
      pending = null;
      return chain;
    },
  };
}
