import type { FieldConflict } from '@/domain/merge';
import type { SyncCollection } from './collections';

/** A mirrored row: the API's row plus, while local edits wait, the `_sync` marker. */
export interface SyncedRow {
  id: string;
  /** The server version this row builds on; 0 for a record created here and not yet acknowledged. */
  version: number;
  createdAt?: string;
  createdBy?: string | null;
  updatedAt?: string;
  updatedBy?: string | null;
  deletedAt?: string | null;
  /** Set while outbox entries for this record wait (the UI reads the states from the outbox). */
  _sync?: 'pending';
  [field: string]: unknown;
}

export type OutboxState = 'waiting' | 'sending' | 'failed' | 'conflict';
/**
 * `batch`: one call that changes many records at once (an inventory CSV import). It names no local
 * row (`recordId` is the batch's own id); the records it touches arrive with the next pull, and its
 * answer is kept as a BatchResult in `meta` for the screen that queued it.
 */
export type OutboxKind = 'create' | 'update' | 'delete' | 'call' | 'batch';
export type HttpMethod = 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** A file to upload with its record: the `files` row is turned into a form part at send time. */
export interface FilePart {
  field: string;
  fileId: string;
}

export type OutboxBody =
  | { type: 'none' }
  | { type: 'json'; data: unknown }
  /** `data` fields become form fields (objects as JSON text, null/undefined omitted), then `files`. */
  | { type: 'multipart'; data: Record<string, unknown>; files: FilePart[] };

export interface OutboxConflict {
  /** The server's row when it answered 409; null when the server no longer has the record. */
  server: SyncedRow | null;
  /** Per field: base, mine, theirs. For a delete, `mine` is undefined. */
  fields: FieldConflict[];
}

export interface OutboxEntry {
  /** Auto-increment order key: FIFO. */
  seq?: number;
  /** Stable entry id (UUID). */
  id: string;
  /**
   * Sent as `Idempotency-Key`; equals `id` until a definitive 409 proves that no attempt under it was
   * applied, after which a changed request gets a fresh key (see replay.ts).
   */
  idempotencyKey: string;
  /** Epoch ms of the first attempt under the current key (null before it, and after a new key). */
  keyUsedAt: number | null;
  /** Entries are replayed only under the user who wrote them. */
  userId: string;
  collection: SyncCollection;
  recordId: string;
  kind: OutboxKind;
  method: HttpMethod;
  url: string;
  body: OutboxBody;
  /** Send `If-Match: "<baseVersion>"`. */
  ifMatch: boolean;
  /** The server version this change builds on (0: the record's create has not been acknowledged). */
  baseVersion: number;
  /** The record as it was before this change (three-way merge base); null for a create. */
  baseRecord: SyncedRow | null;
  state: OutboxState;
  /** The server's message for a failed entry (or the last transient error). */
  error: string | null;
  /** i18n key (below `sync.`) when the failure came from the engine rather than the server. */
  errorKey: string | null;
  errorStatus: number | null;
  attempts: number;
  /** Epoch ms before which a back-off keeps the replayer from trying again. */
  nextAttemptAt: number;
  createdAt: string;
  /**
   * When the person made the change, on the server's clock as the device could tell it (sent as
   * `X-Occurred-At`). Entries queued before it was kept have none: their `createdAt` stands in.
   */
  occurredAt?: string;
  conflict: OutboxConflict | null;
  /** A short name for the Sync panel ("CAT 320"). */
  label: string | null;
}

export interface FileRow {
  id: string;
  data: ArrayBuffer;
  type: string;
  name: string;
  size: number;
  recordId: string;
  /** The outbox entry that uploads this file (null before it is enqueued). */
  entryId: string | null;
  createdAt: string;
}

/** The forms that keep a draft on the device while someone types (drafts.ts). */
export type DraftForm = 'report' | 'logbook' | 'excavator' | 'inventory' | 'dispo';

/** One form's unsaved input, per user and record ('new' for a record not created yet). */
export interface DraftRow {
  /** `<user>|<form>|<record id or 'new'>` */
  key: string;
  userId: string;
  form: DraftForm;
  recordId: string;
  /** The form's values as plain data (structured-cloneable). */
  values: unknown;
  /** How many picked files or photos the form held: they are not kept, and the notice says so. */
  files: number;
  savedAt: string;
}

export interface MetaRow {
  key: string;
  value: unknown;
}

/** `meta` keys of batch results: `batch:<entry id>`. */
export const BATCH_META_PREFIX = 'batch:';

/** A queued batch as its screen shows it: waiting in the outbox, then answered by the server. */
export interface BatchResult {
  id: string;
  collection: SyncCollection;
  userId: string;
  label: string | null;
  /** What the batch carries (e.g. rows of an import), for "{{count}} rows waiting". */
  size: number;
  queuedAt: string;
  /** The server's answer once it accepted the batch; null while it waits. */
  answer: unknown;
  doneAt: string | null;
}

/** The newest server version seen for a record while local edits kept the pull from applying it. */
export interface ShadowRow {
  collection: SyncCollection;
  id: string;
  version: number;
  deleted: boolean;
  data: SyncedRow | null;
}

/** The record-level state shown in lists. */
export type RecordSyncState = 'waiting' | 'failed' | 'conflict';

export interface SyncUser {
  id: string;
}
