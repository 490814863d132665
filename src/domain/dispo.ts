import { calendarDateIn, isTimeZone } from './format';
import { z } from 'zod';
import { DEFAULT_LIMIT, DEFAULT_PAGE, DISPO_UPCOMING_DAYS, MAX_LIMIT, type Language } from './constants';
import { syncedMetaSchema, type SyncCollectionName } from './sync';

/*
 * Dispo: drivers, trucks and container types (master data) and the
 * assignments a dispatcher plans for a driver and a date, published to the driver's tablet.
 *
 * API, all below /api/containers and behind the `containers` flag:
 * - `/drivers`, `/trucks`, `/types`: GET list (page, limit, q, active) → {items,total,page,limit}; POST;
 *   PUT /{id} (optional If-Match); DELETE /{id} — refused with 409 `{ reason: 'in_use', assignments }`
 *   while a live assignment (any date, draft or published) uses the record. Deleted master data is
 *   kept as a tombstone so old assignments still name it; names, plates and user links are unique among
 *   live records only. Reads need 'dispo:read', writes 'dispo:write'.
 * - `/assignments`: the synced collection 'dispoAssignments'. POST may carry a client id; PUT /{id} and
 *   DELETE /{id} honour If-Match; `PUT /{id}/publish`; `PUT /{id}/rounds/{index}/done` {done} for the
 *   linked driver of a published assignment (and dispatchers). `status` and `issuedBy` are set by the
 *   server: a new assignment is a draft, publishing makes it published for good; a later change of a
 *   published assignment notifies the driver again and is recorded in `lastChange`.
 * - One assignment per driver and date: a second one answers 409 CONFLICT with
 *   `details: { reason: 'duplicate', duplicate: { id } }` unless the body says `allowDuplicate: true`.
 * - Who sees which assignment (REST and the sync pull alike): 'dispo:write' roles (admin, manager, dispo)
 *   see all; any other role with 'dispo:read' (operator) sees only the PUBLISHED assignments of the
 *   drivers linked to their own account — that is the driver's tablet; an operator who drives nothing
 *   sees an empty list next to the "managed by your dispatcher" note. The tablet mirrors what it may see
 *   (SYNC_COLLECTIONS) and opens the sheet without signal; its ticks go through the outbox.
 * - `PUT` replaces the rounds: a round's `done` is sent back as read (omitted = false).
 * - Dates are local calendar dates `YYYY-MM-DD`. The week board (`/overview?from=&tz=`) and the dashboard
 *   (`/dashboard?date=&tz=`) take the viewer's IANA time zone for "today" (DISPO_DEFAULT_TIME_ZONE when
 *   omitted).
 */

export const DISPO_OPERATIONS = ['pickup', 'place', 'swap'] as const;
export type DispoOperation = (typeof DISPO_OPERATIONS)[number];
export const DISPO_STATUSES = ['draft', 'published'] as const;
export type DispoStatus = (typeof DISPO_STATUSES)[number];

export const DISPO_MAX_ROUNDS = 30;
export const DISPO_MAX_ITEMS_PER_ROUND = 30;
export const DISPO_MAX_QUANTITY = 99;
/** The company's zone: "today" when a request names none. */
export const DISPO_DEFAULT_TIME_ZONE = 'Europe/Berlin';
/** The synced collection of assignments (one of SYNC_COLLECTIONS; the Dexie table on the device). */
export const DISPO_SYNC_COLLECTION = 'dispoAssignments' satisfies SyncCollectionName;

/* ── Calendar dates and the 7-day window ─────────────────────────────────────────────────────── */

/** A real calendar date written YYYY-MM-DD. */
export function isCalendarDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
}

/** `date` plus `days` calendar days (negative goes back); no time zone is involved. */
export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** Whether `timeZone` is an IANA zone this runtime knows ('Europe/Berlin', 'UTC'). */
export const isValidTimeZone = (timeZone: string): boolean => isTimeZone(timeZone);

/** The local calendar date in `timeZone` at the instant `now`. */
export const todayIn = (timeZone: string, now: Date = new Date()): string => calendarDateIn(timeZone, now);

export interface DateWindow {
  from: string;
  /** Inclusive. */
  to: string;
  /** Every date from `from` to `to`. */
  dates: string[];
}

/** `days` consecutive calendar dates starting at `from` (the week board: DISPO_UPCOMING_DAYS). */
export function dateWindow(from: string, days: number = DISPO_UPCOMING_DAYS): DateWindow {
  const dates = Array.from({ length: days }, (_, i) => addDays(from, i));
  return { from, to: dates[dates.length - 1] ?? from, dates };
}

/** The upcoming window from today in `timeZone`, today included. */
export function upcomingWindow(timeZone: string, now: Date = new Date()): DateWindow {
  return dateWindow(todayIn(timeZone, now));
}

/** Whether `date` falls in the upcoming window as seen in `timeZone` at `now`. */
export function isUpcoming(date: string, timeZone: string, now: Date = new Date()): boolean {
  const { from, to } = upcomingWindow(timeZone, now);
  return date >= from && date <= to;
}

/** Monday to Sunday of the week holding `date`. */
export function weekOf(date: string): { from: string; to: string } {
  const weekday = new Date(`${date}T00:00:00Z`).getUTCDay(); // 0 = Sunday
  const from = addDays(date, -((weekday + 6) % 7));
  return { from, to: addDays(from, 6) };
}

/* ── Shared field rules ──────────────────────────────────────────────────────────────────────── */

const blankToNull = (v: unknown) =>
  v === undefined || v === null || (typeof v === 'string' && v.trim() === '') ? null : v;

const requiredText = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);

const optionalText = (label: string, max: number) =>
  z
    .preprocess(
      blankToNull,
      z
        .string({ error: `${label} must be text` })
        .trim()
        .max(max, `${label} must be at most ${max} characters`)
        .nullable(),
    )
    .transform((v) => v ?? null);

const calendarDate = (label: string) =>
  z
    .string({ error: `${label} must be a date (YYYY-MM-DD)` })
    .trim()
    .refine(isCalendarDate, `${label} must be a date (YYYY-MM-DD)`);

const id = (label: string) => z.uuid({ error: `${label} must be an id` });

const timeZoneSchema = z
  .string()
  .trim()
  .max(64)
  .refine(isValidTimeZone, 'Unknown time zone')
  .optional()
  .transform((v) => v ?? DISPO_DEFAULT_TIME_ZONE);

/* ── Trucks: licence plates ─────────────────────────────────────────────────────────────────── */

/**
 * The stored form of a licence plate: upper case, runs of spaces collapsed to one, no spaces around
 * hyphens, hyphens collapsed and trimmed. " m -fp  1234 " → "M-FP 1234".
 */
export function normalizeLicensePlate(raw: string): string {
  return raw
    .toUpperCase()
    .replace(/\s+/g, ' ')
    .replace(/ ?- ?/g, '-')
    .replace(/-+/g, '-')
    .replace(/^[\s-]+|[\s-]+$/g, '');
}

/** Letters (any script) and digits in groups separated by one space or hyphen, 2–15 characters. */
const PLATE_PATTERN = /^[\p{L}\p{N}]+(?:[ -][\p{L}\p{N}]+)*$/u;

export const licensePlateSchema = z
  .string({ error: 'License plate is required' })
  .transform(normalizeLicensePlate)
  .pipe(
    z
      .string()
      .min(1, 'License plate is required')
      .min(2, 'License plate must be at least 2 characters')
      .max(15, 'License plate must be at most 15 characters')
      .regex(PLATE_PATTERN, 'License plate may only contain letters, digits, spaces and hyphens'),
  );

/* ── Master data ─────────────────────────────────────────────────────────────────────────────── */

/** Columns every master record carries, as the API returns them. */
const masterMetaSchema = z.object({
  id: z.string(),
  version: z.number().int(),
  createdAt: z.string(),
  createdBy: z.string().nullable(),
  updatedAt: z.string(),
  updatedBy: z.string().nullable(),
  deletedAt: z.string().nullable(),
});

const active = z.boolean({ error: 'Active must be true or false' }).default(true);

export const driverInputSchema = z.object({
  name: requiredText('Name', 120),
  phone: optionalText('Phone', 40).refine(
    (v) => v === null || /^[+0-9 ()/.-]+$/.test(v),
    'Phone may contain digits, spaces and + ( ) / - .',
  ),
  /** The user account the driver signs in with; one account drives for at most one driver. */
  userId: z.preprocess(blankToNull, id('User').nullable()).transform((v) => v ?? null),
  active,
});
export type DriverInput = z.infer<typeof driverInputSchema>;
export type DriverInputValues = z.input<typeof driverInputSchema>;

export const driverSchema = masterMetaSchema.extend({
  name: z.string(),
  phone: z.string().nullable(),
  userId: z.string().nullable(),
  /** The linked account, for display. */
  user: z.object({ id: z.string(), username: z.string(), name: z.string().nullable() }).nullable(),
  active: z.boolean(),
});
export type Driver = z.infer<typeof driverSchema>;

export const truckInputSchema = z.object({
  licensePlate: licensePlateSchema,
  /** Body type, e.g. "Abrollkipper", "Absetzkipper". */
  type: optionalText('Type', 80),
  /** Payload in tonnes. */
  capacity: z
    .preprocess(
      blankToNull,
      z
        .number({ error: 'Capacity must be a number' })
        .min(0, 'Capacity cannot be negative')
        .max(100, 'Capacity must be at most 100 t')
        .nullable(),
    )
    .transform((v) => v ?? null),
  active,
});
export type TruckInput = z.infer<typeof truckInputSchema>;
export type TruckInputValues = z.input<typeof truckInputSchema>;

export const truckSchema = masterMetaSchema.extend({
  licensePlate: z.string(),
  type: z.string().nullable(),
  capacity: z.number().nullable(),
  active: z.boolean(),
});
export type Truck = z.infer<typeof truckSchema>;

export const containerTypeInputSchema = z.object({
  /** Unique, case-insensitive. */
  name: requiredText('Name', 120),
  /** m³. */
  volume: z
    .number({ error: 'Volume must be a number' })
    .gt(0, 'Volume must be greater than 0')
    .max(100, 'Volume must be at most 100 m³'),
  description: optionalText('Description', 1000),
  active,
});
export type ContainerTypeInput = z.infer<typeof containerTypeInputSchema>;
export type ContainerTypeInputValues = z.input<typeof containerTypeInputSchema>;

export const containerTypeSchema = masterMetaSchema.extend({
  name: z.string(),
  volume: z.number(),
  description: z.string().nullable(),
  active: z.boolean(),
});
export type ContainerType = z.infer<typeof containerTypeSchema>;

export const masterListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(DEFAULT_PAGE),
  limit: z.coerce.number().int().min(1).max(MAX_LIMIT).default(DEFAULT_LIMIT),
  /** Drivers: name, phone; trucks: plate (separators ignored), type; types: name, description. */
  q: z.string().trim().max(200).optional(),
  active: z.stringbool().optional(),
});
export type MasterListQuery = z.infer<typeof masterListQuerySchema>;

const listOf = <T extends z.ZodType>(item: T) =>
  z.object({
    items: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    limit: z.number().int(),
  });
export const driverListSchema = listOf(driverSchema);
export const truckListSchema = listOf(truckSchema);
export const containerTypeListSchema = listOf(containerTypeSchema);

/* ── Assignments ─────────────────────────────────────────────────────────────────────────────── */

export const dispoItemInputSchema = z.object({
  containerTypeId: id('Container type'),
  quantity: z
    .number({ error: 'Quantity must be a number' })
    .int('Quantity must be a whole number')
    .min(1, 'Quantity must be at least 1')
    .max(DISPO_MAX_QUANTITY, `Quantity must be at most ${DISPO_MAX_QUANTITY}`),
  operation: z.enum(DISPO_OPERATIONS, { error: 'Operation must be pickup, place or swap' }),
});
export type DispoItemInput = z.infer<typeof dispoItemInputSchema>;

export const dispoRoundInputSchema = z.object({
  notes: optionalText('Round notes', 2000),
  /** Ticked by the driver; send back what was read (omitted = false). */
  done: z.boolean({ error: 'Done must be true or false' }).default(false),
  items: z
    .array(dispoItemInputSchema, { error: 'Items must be a list' })
    .min(1, 'A round needs at least one container')
    .max(DISPO_MAX_ITEMS_PER_ROUND, `At most ${DISPO_MAX_ITEMS_PER_ROUND} containers per round`),
});
export type DispoRoundInput = z.infer<typeof dispoRoundInputSchema>;

/** The fields a dispatcher edits (form and API body). */
export const assignmentFieldsSchema = z.object({
  date: calendarDate('Date'),
  driverId: id('Driver'),
  truckId: z.preprocess(blankToNull, id('Truck').nullable()).transform((v) => v ?? null),
  rounds: z
    .array(dispoRoundInputSchema, { error: 'Rounds must be a list' })
    .max(DISPO_MAX_ROUNDS, `At most ${DISPO_MAX_ROUNDS} rounds`)
    .default([]),
  generalNotes: optionalText('General notes', 5000),
});
export type AssignmentFields = z.infer<typeof assignmentFieldsSchema>;
export type AssignmentFieldsInput = z.input<typeof assignmentFieldsSchema>;

const allowDuplicate = z
  .boolean({ error: 'allowDuplicate must be true or false' })
  .default(false)
  .describe('Confirms a second assignment for the same driver and date');

export const assignmentCreateSchema = assignmentFieldsSchema.extend({
  /** A client-made id (UUIDv7 from the outbox). */
  id: id('Id').optional(),
  allowDuplicate,
});
export type AssignmentCreate = z.infer<typeof assignmentCreateSchema>;
export const assignmentUpdateSchema = assignmentFieldsSchema.extend({ allowDuplicate });
export type AssignmentUpdate = z.infer<typeof assignmentUpdateSchema>;

export const roundDoneInputSchema = z.object({ done: z.boolean({ error: 'Done must be true or false' }) });
export const roundParamsSchema = z.object({
  id: id('Id'),
  index: z.coerce
    .number()
    .int()
    .min(0)
    .max(DISPO_MAX_ROUNDS - 1),
});

/** What changed in a published assignment (notification text, audit, `lastChange`). */
export const DISPO_CHANGE_FIELDS = ['date', 'driver', 'truck', 'generalNotes'] as const;
export type DispoChangeField = (typeof DISPO_CHANGE_FIELDS)[number];
export const dispoChangeSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('field'), field: z.enum(DISPO_CHANGE_FIELDS) }),
  z.object({
    kind: z.literal('round'),
    /** 0-based; texts show it 1-based. */
    index: z.number().int(),
    change: z.enum(['added', 'removed', 'changed']),
  }),
]);
export type DispoChange = z.infer<typeof dispoChangeSchema>;

const roundKey = (r: Pick<DispoRoundInput, 'notes' | 'items'>) =>
  JSON.stringify([r.notes ?? null, r.items.map((i) => [i.containerTypeId, i.quantity, i.operation])]);

/**
 * The changes between two versions, in a stable order: fields, then rounds by position. A round's
 * `done` tick is the driver's progress, not an instruction, and is not a change.
 */
export function diffAssignment(
  before: Pick<AssignmentFields, 'date' | 'driverId' | 'truckId' | 'generalNotes' | 'rounds'>,
  after: Pick<AssignmentFields, 'date' | 'driverId' | 'truckId' | 'generalNotes' | 'rounds'>,
): DispoChange[] {
  const out: DispoChange[] = [];
  if (before.date !== after.date) out.push({ kind: 'field', field: 'date' });
  if (before.driverId !== after.driverId) out.push({ kind: 'field', field: 'driver' });
  if ((before.truckId ?? null) !== (after.truckId ?? null)) out.push({ kind: 'field', field: 'truck' });
  if ((before.generalNotes ?? null) !== (after.generalNotes ?? null))
    out.push({ kind: 'field', field: 'generalNotes' });
  const rounds = Math.max(before.rounds.length, after.rounds.length);
  for (let index = 0; index < rounds; index++) {
    const a = before.rounds[index];
    const b = after.rounds[index];
    if (!a) out.push({ kind: 'round', index, change: 'added' });
    else if (!b) out.push({ kind: 'round', index, change: 'removed' });
    else if (roundKey(a) !== roundKey(b)) out.push({ kind: 'round', index, change: 'changed' });
  }
  return out;
}

interface ChangeLabels {
  fields: Record<DispoChangeField, string>;
  round: Record<'added' | 'removed' | 'changed', string>;
}

/** `{n}` is the 1-based round number. */
export const dispoChangeLabels: Record<Language, ChangeLabels> = {
  en: {
    fields: { date: 'date', driver: 'driver', truck: 'truck', generalNotes: 'general notes' },
    round: { added: 'round {n} added', removed: 'round {n} removed', changed: 'round {n} changed' },
  },
  de: {
    fields: { date: 'Datum', driver: 'Fahrer', truck: 'LKW', generalNotes: 'allgemeine Hinweise' },
    round: { added: 'Tour {n} hinzugefügt', removed: 'Tour {n} entfernt', changed: 'Tour {n} geändert' },
  },
  bg: {
    fields: { date: 'дата', driver: 'шофьор', truck: 'камион', generalNotes: 'общи бележки' },
    round: { added: 'добавен курс {n}', removed: 'премахнат курс {n}', changed: 'променен курс {n}' },
  },
  gr: {
    fields: { date: 'ημερομηνία', driver: 'οδηγός', truck: 'φορτηγό', generalNotes: 'γενικές σημειώσεις' },
    round: {
      added: 'προστέθηκε δρομολόγιο {n}',
      removed: 'αφαιρέθηκε δρομολόγιο {n}',
      changed: 'άλλαξε δρομολόγιο {n}',
    },
  },
};

/** "date, truck, round 2 changed" in `language`. */
export function describeDispoChanges(changes: readonly DispoChange[], language: Language): string {
  const l = dispoChangeLabels[language];
  return changes
    .map((c) =>
      c.kind === 'field' ? l.fields[c.field] : l.round[c.change].replace('{n}', String(c.index + 1)),
    )
    .join(', ');
}

export const dispoItemSchema = z.object({
  containerTypeId: z.string(),
  quantity: z.number().int(),
  operation: z.enum(DISPO_OPERATIONS),
  /** The type as it is now, for display; null if it cannot be read. */
  containerType: z.object({ name: z.string(), volume: z.number() }).nullable(),
});
export type DispoItem = z.infer<typeof dispoItemSchema>;

export const dispoRoundSchema = z.object({
  notes: z.string().nullable(),
  done: z.boolean(),
  items: z.array(dispoItemSchema),
});
export type DispoRound = z.infer<typeof dispoRoundSchema>;

/** An assignment as the API returns it (list items, single reads, pull `data`): self-contained for the sheet. */
export const assignmentSchema = syncedMetaSchema.extend({
  date: z.string(),
  driverId: z.string(),
  truckId: z.string().nullable(),
  rounds: z.array(dispoRoundSchema),
  generalNotes: z.string().nullable(),
  status: z.enum(DISPO_STATUSES),
  /** The dispatcher who created it (user id). */
  issuedBy: z.string().nullable(),
  issuedByName: z.string().nullable(),
  publishedAt: z.string().nullable(),
  driver: z
    .object({ id: z.string(), name: z.string(), phone: z.string().nullable(), userId: z.string().nullable() })
    .nullable(),
  truck: z
    .object({
      id: z.string(),
      licensePlate: z.string(),
      type: z.string().nullable(),
      capacity: z.number().nullable(),
    })
    .nullable(),
  /** The latest change after publishing: what the driver was told. */
  lastChange: z
    .object({ at: z.string(), by: z.string().nullable(), changes: z.array(dispoChangeSchema) })
    .nullable(),
});
export type Assignment = z.infer<typeof assignmentSchema>;

export const ASSIGNMENT_SORTS = ['date', '-date'] as const;

export const assignmentListQuerySchema = z
  .object({
    page: z.coerce.number().int().min(1).default(DEFAULT_PAGE),
    limit: z.coerce.number().int().min(1).max(MAX_LIMIT).default(DEFAULT_LIMIT),
    /** Inclusive. */
    from: calendarDate('From').optional(),
    /** Inclusive. */
    to: calendarDate('To').optional(),
    driverId: id('Driver').optional(),
    truckId: id('Truck').optional(),
    status: z.enum(DISPO_STATUSES).optional(),
    /** `-date` (default: newest first) or `date`; ties by driver name. */
    sort: z.enum(ASSIGNMENT_SORTS).default('-date'),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, {
    path: ['to'],
    message: '"to" must not be before "from"',
  });
export type AssignmentListQuery = z.infer<typeof assignmentListQuerySchema>;
export const assignmentListSchema = listOf(assignmentSchema);
export type AssignmentList = z.infer<typeof assignmentListSchema>;

/** Filters an assignment the way the list endpoint does (the client filters its mirror with it). */
export function matchesAssignmentQuery(
  a: Pick<Assignment, 'date' | 'driverId' | 'truckId' | 'status'>,
  q: Partial<Pick<AssignmentListQuery, 'from' | 'to' | 'driverId' | 'truckId' | 'status'>>,
): boolean {
  if (q.from && a.date < q.from) return false;
  if (q.to && a.date > q.to) return false;
  if (q.driverId && a.driverId !== q.driverId) return false;
  if (q.truckId && a.truckId !== q.truckId) return false;
  if (q.status && a.status !== q.status) return false;
  return true;
}

/** Containers of an assignment, counted per operation (a swap places one and picks one up). */
export function countContainers(rounds: ReadonlyArray<Pick<DispoRoundInput, 'items'>>): {
  placed: number;
  pickedUp: number;
} {
  let placed = 0;
  let pickedUp = 0;
  for (const item of rounds.flatMap((r) => r.items)) {
    if (item.operation !== 'pickup') placed += item.quantity;
    if (item.operation !== 'place') pickedUp += item.quantity;
  }
  return { placed, pickedUp };
}

/* ── Week board and dashboard ────────────────────────────────────────────────────────────────── */

export const dispoOverviewQuerySchema = z.object({
  /** First day; today in `tz` when omitted. */
  from: calendarDate('From').optional(),
  /** IANA zone of the viewer. */
  tz: timeZoneSchema,
});

const boardAssignmentSchema = z.object({
  id: z.string(),
  version: z.number().int(),
  status: z.enum(DISPO_STATUSES),
  truckId: z.string().nullable(),
  licensePlate: z.string().nullable(),
  rounds: z.number().int(),
  roundsDone: z.number().int(),
  /** Sum of quantities over every round. */
  containers: z.number().int(),
});
export type BoardAssignment = z.infer<typeof boardAssignmentSchema>;

/** The next DISPO_UPCOMING_DAYS days by driver: every active driver, and inactive ones with work. */
export const dispoOverviewSchema = z.object({
  from: z.string(),
  to: z.string(),
  timeZone: z.string(),
  dates: z.array(z.string()),
  drivers: z.array(
    z.object({
      driver: z.object({ id: z.string(), name: z.string(), active: z.boolean() }),
      days: z.array(z.object({ date: z.string(), assignments: z.array(boardAssignmentSchema) })),
    }),
  ),
});
export type DispoOverview = z.infer<typeof dispoOverviewSchema>;

export const dispoDashboardQuerySchema = z.object({
  /** "Today"; today in `tz` when omitted. */
  date: calendarDate('Date').optional(),
  tz: timeZoneSchema,
});

/**
 * The dispatcher's dashboard. Drafts count as planned work: `todayRounds` and `containersThisWeek`
 * include draft and published assignments; a driver with only a draft today has an assignment.
 */
export const dispoDashboardSchema = z.object({
  date: z.string(),
  timeZone: z.string(),
  /** Monday to Sunday holding `date`. */
  week: z.object({ from: z.string(), to: z.string() }),
  todayRounds: z.array(
    z.object({
      assignmentId: z.string(),
      status: z.enum(DISPO_STATUSES),
      driverId: z.string(),
      driverName: z.string(),
      licensePlate: z.string().nullable(),
      /** 0-based position in the assignment. */
      index: z.number().int(),
      notes: z.string().nullable(),
      done: z.boolean(),
      containers: z.number().int(),
    }),
  ),
  /** Every live container type; a swap counts as placed and picked up. */
  containersThisWeek: z.array(
    z.object({
      containerTypeId: z.string(),
      name: z.string(),
      volume: z.number(),
      placed: z.number().int(),
      pickedUp: z.number().int(),
    }),
  ),
  driversWithoutAssignment: z.array(
    z.object({ id: z.string(), name: z.string(), phone: z.string().nullable() }),
  ),
});
export type DispoDashboard = z.infer<typeof dispoDashboardSchema>;
