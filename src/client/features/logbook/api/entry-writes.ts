import type { SyncEngine } from '@/client/offline';
import type { User } from '@/domain/user';
import {
  isOvernightShift,
  type LogbookEntry,
  type LogbookFields,
  type LogbookStatus,
} from '@/domain/logbook';
import { statusAfterSave, type LogbookDenial } from '@/domain/logbook-status';
import { applyLogbookAction } from '@/domain/workflow/logbook';

/*
 * Every logbook write goes through the offline engine: the local row changes at once (shown as
 * waiting to sync) and the ordinary REST call waits in the outbox until the server acknowledges it.
 * The server stamps the creator's signature from the profile (`sign: true`); the local row shows the
 * same profile signature meanwhile.
 */

const displayName = (user: User) => user.name || user.username;

function signedFields(signature: string | null, now: Date) {
  return signature
    ? { status: 'pending' as const, creatorSignature: signature, signedAt: now.toISOString() }
    : { status: 'unsigned' as const, creatorSignature: null, signedAt: null };
}

interface CreateOptions {
  user: User;
  /** The profile signature to sign with; null saves the entry unsigned. */
  signature: string | null;
  label: string;
  now?: Date;
}

/** Creates an entry (unsigned, or pending when signed); an empty weather is looked up on sync. */
export async function createEntry(
  engine: SyncEngine,
  fields: LogbookFields,
  options: CreateOptions,
): Promise<string> {
  const now = options.now ?? new Date();
  const row = await engine.createRecord(
    'logbook',
    {
      ...fields,
      ...signedFields(options.signature, now),
      overnight: isOvernightShift(fields.shiftStart, fields.shiftEnd),
      reviewerSignature: null,
      approvedBy: null,
      approvedAt: null,
      approvedByName: null,
      createdByName: displayName(options.user),
    },
    {
      label: options.label,
      sendOnly: { sign: options.signature !== null, fetchWeather: fields.weather === null },
    },
  );
  return row.id;
}

interface UpdateOptions {
  from: Exclude<LogbookStatus, 'approved'>;
  /** Sign again with this profile signature; null keeps the signature rules of a plain save. */
  signature: string | null;
  contentChanged: boolean;
  label: string;
  now?: Date;
  /** The entry's fields and version as the form opened on them: only what differs is sent. */
  base?: Readonly<Record<string, unknown>>;
  baseVersion?: number;
}

/** Saves an edited entry; a changed pending entry loses its signature unless it is signed again. */
export async function updateEntry(
  engine: SyncEngine,
  id: string,
  fields: LogbookFields,
  options: UpdateOptions,
): Promise<void> {
  const now = options.now ?? new Date();
  const sign = options.signature !== null;
  const status = statusAfterSave(options.from, {
    sign: sign || undefined,
    contentChanged: options.contentChanged,
  });
  const signature =
    status === 'pending'
      ? sign
        ? signedFields(options.signature, now)
        : { status }
      : signedFields(null, now);
  await engine.updateRecord(
    'logbook',
    id,
    { ...fields, ...signature, overnight: isOvernightShift(fields.shiftStart, fields.shiftEnd) },
    {
      label: options.label,
      sendOnly: { ...(sign ? { sign: true } : {}), fetchWeather: fields.weather === null },
      ...(options.base ? { base: options.base } : {}),
      ...(options.baseVersion !== undefined ? { baseVersion: options.baseVersion } : {}),
    },
  );
}

/** Signs an unsigned entry as it is (the author, with the profile signature). */
export async function signEntry(
  engine: SyncEngine,
  id: string,
  signature: string,
  label: string,
  now: Date = new Date(),
): Promise<void> {
  await engine.updateRecord('logbook', id, signedFields(signature, now), { label, sendOnly: { sign: true } });
}

/** The device's copy of the entry does not allow the action (the status machine's reason). */
export class LogbookActionRefused extends Error {
  constructor(readonly reason: LogbookDenial) {
    super(`The entry cannot be approved: ${reason}`);
    this.name = 'LogbookActionRefused';
  }
}

/** Approves a pending entry: the reviewer's drawing, or their profile signature when `drawing` is null. */
export async function approveEntry(
  engine: SyncEngine,
  id: string,
  options: {
    user: User;
    drawing: string | null;
    profileSignature: string | null;
    label: string;
    /** An admin approving their own entry says why (audited). */
    overrideReason?: string | null;
    now?: Date;
  },
): Promise<void> {
  await engine.enqueueCall({
    collection: 'logbook',
    recordId: id,
    method: 'PUT',
    url: `/api/betriebstagebuch/${encodeURIComponent(id)}/approve`,
    body: {
      ...(options.drawing && { signature: options.drawing }),
      ...(options.overrideReason && { overrideReason: options.overrideReason }),
    },
    ifMatch: true,
    // The same shared action the server takes, on the entry as it is on this device.
    optimistic: (row, at) => {
      const actor = { id: options.user.id, role: options.user.role, displayName: displayName(options.user) };
      const signature = options.drawing ?? options.profileSignature;
      const result = applyLogbookAction(
        row as LogbookEntry,
        { action: 'approve', signature },
        actor,
        options.now ?? at,
      );
      if (!result.ok) throw new LogbookActionRefused(result.reason);
      return { ...result.changes, ...result.names };
    },
    label: options.label,
  });
}

export function deleteEntry(engine: SyncEngine, id: string): Promise<void> {
  return engine.deleteRecord('logbook', id);
}
