import { and, desc, eq, inArray, notInArray, notLike } from 'drizzle-orm';
import {
  DASHBOARD_ACTIVITY_LIMIT,
  type ActivityEntity,
  type ActivityEntry,
  type ActivityVerb,
} from '@/domain/dashboard';
import { isFeatureEnabled, type FeatureMap } from '@/domain/features';
import { can, type Actor } from '@/domain/permissions';
import type { Executor } from '../../db/client';
import {
  auditLog,
  dispoAssignments,
  dispoDrivers,
  excavators,
  inventoryItems,
  logbookEntries,
  reports,
  users,
} from '../../db/schema';

/*
 * Recent activity: the newest audit records the viewer may see. Everyone sees the work on
 * the modules their role may read (and whose feature is on); admins (audit:read) also see user and
 * settings changes. Sign-ins, failed attempts, profile edits and test sends are noise and left out.
 */

/** Audit `entity` values → the dashboard's entity. */
const AUDIT_ENTITIES: Record<string, ActivityEntity> = {
  excavator: 'excavator',
  report: 'report',
  logbook: 'logbook',
  inventory: 'inventory',
  dispoAssignment: 'dispoAssignment',
  user: 'user',
  settings: 'settings',
  'checklist-config': 'settings',
  'logbook-config': 'settings',
};

const NOISE_ACTIONS = ['login', 'login.failed', 'user.password_change_failed', 'notification-channels.test'];

/** The audit entities the viewer may see on the dashboard. */
export function visibleAuditEntities(actor: Actor, features: FeatureMap): string[] {
  const out: string[] = [];
  if (can(actor, 'fleet:read') && isFeatureEnabled(features, 'excavators')) out.push('excavator');
  if (can(actor, 'report:read') && isFeatureEnabled(features, 'reports')) out.push('report');
  if (can(actor, 'logbook:read') && isFeatureEnabled(features, 'betriebstagebuch')) out.push('logbook');
  if (can(actor, 'inventory:read') && isFeatureEnabled(features, 'inventory')) out.push('inventory');
  if (can(actor, 'dispo:read') && isFeatureEnabled(features, 'containers')) out.push('dispoAssignment');
  if (can(actor, 'audit:read')) out.push('user', 'settings', 'checklist-config', 'logbook-config');
  return out;
}

/** 'report.approve' → 'approve', 'user.created' → 'create', 'inventory.tags.bulk' → 'update'. */
export function activityVerb(action: string): ActivityVerb {
  const parts = action.split('.');
  const last = parts.length > 1 ? parts.slice(1).join('.') : action;
  if (last === 'create' || last === 'created') return 'create';
  if (last === 'delete' || last === 'deleted') return 'delete';
  if (['submit', 'approve', 'reject', 'sign', 'unsign', 'adjust', 'import', 'publish'].includes(last)) {
    return last as ActivityVerb;
  }
  if (last.startsWith('update') || last.startsWith('tags.') || last === 'roundDone') return 'update';
  if (last.startsWith('password') || last.startsWith('deactivat') || last.startsWith('activat')) {
    return 'update';
  }
  return 'other';
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

interface Subject {
  subject: string | null;
  exists: boolean;
}

/** Names for the records the entries point at, one indexed (primary key) query per entity. */
async function loadSubjects(
  executor: Executor,
  idsByEntity: Map<ActivityEntity, string[]>,
): Promise<Map<string, Subject>> {
  const out = new Map<string, Subject>();
  const ids = (entity: ActivityEntity) =>
    [...new Set(idsByEntity.get(entity) ?? [])].filter((id) => UUID.test(id));
  const put = (entity: ActivityEntity, id: string, subject: string | null, deletedAt: Date | null) =>
    out.set(`${entity}:${id}`, { subject, exists: deletedAt === null });

  const tasks: Array<Promise<void>> = [];
  const excavatorIds = ids('excavator');
  if (excavatorIds.length)
    tasks.push(
      executor
        .select({ id: excavators.id, name: excavators.name, deletedAt: excavators.deletedAt })
        .from(excavators)
        .where(inArray(excavators.id, excavatorIds))
        .then((rows) => rows.forEach((r) => put('excavator', r.id, r.name, r.deletedAt))),
    );
  const reportIds = ids('report');
  if (reportIds.length)
    tasks.push(
      executor
        .select({
          id: reports.id,
          machine: excavators.name,
          date: reports.reportDate,
          deletedAt: reports.deletedAt,
        })
        .from(reports)
        .leftJoin(excavators, eq(excavators.id, reports.excavatorId))
        .where(inArray(reports.id, reportIds))
        .then((rows) =>
          rows.forEach((r) =>
            put('report', r.id, r.machine ? `${r.machine} · ${r.date}` : r.date, r.deletedAt),
          ),
        ),
    );
  const logbookIds = ids('logbook');
  if (logbookIds.length)
    tasks.push(
      executor
        .select({ id: logbookEntries.id, date: logbookEntries.date, deletedAt: logbookEntries.deletedAt })
        .from(logbookEntries)
        .where(inArray(logbookEntries.id, logbookIds))
        .then((rows) => rows.forEach((r) => put('logbook', r.id, r.date, r.deletedAt))),
    );
  const inventoryIds = ids('inventory');
  if (inventoryIds.length)
    tasks.push(
      executor
        .select({ id: inventoryItems.id, name: inventoryItems.name, deletedAt: inventoryItems.deletedAt })
        .from(inventoryItems)
        .where(inArray(inventoryItems.id, inventoryIds))
        .then((rows) => rows.forEach((r) => put('inventory', r.id, r.name, r.deletedAt))),
    );
  const assignmentIds = ids('dispoAssignment');
  if (assignmentIds.length)
    tasks.push(
      executor
        .select({
          id: dispoAssignments.id,
          date: dispoAssignments.date,
          driver: dispoDrivers.name,
          deletedAt: dispoAssignments.deletedAt,
        })
        .from(dispoAssignments)
        .leftJoin(dispoDrivers, eq(dispoDrivers.id, dispoAssignments.driverId))
        .where(inArray(dispoAssignments.id, assignmentIds))
        .then((rows) =>
          rows.forEach((r) =>
            put('dispoAssignment', r.id, r.driver ? `${r.driver} · ${r.date}` : r.date, r.deletedAt),
          ),
        ),
    );
  const userIds = ids('user');
  if (userIds.length)
    tasks.push(
      executor
        .select({ id: users.id, name: users.name, username: users.username })
        .from(users)
        .where(inArray(users.id, userIds))
        .then((rows) => rows.forEach((r) => put('user', r.id, r.name || r.username, null))),
    );
  await Promise.all(tasks);
  return out;
}

const BATCH_NAMES = 3;

/** The records a batch write touched, as its audit record lists them (tags: `ids`, import: created and updated). */
function batchIds(changes: unknown): string[] {
  if (!changes || typeof changes !== 'object') return [];
  const c = changes as Record<string, unknown>;
  const list = (value: unknown) => (Array.isArray(value) ? value.filter((v) => typeof v === 'string') : []);
  return [...list(c.ids), ...list(c.createdIds), ...list(c.updatedIds)];
}

/** The newest DASHBOARD_ACTIVITY_LIMIT entries the viewer may see (audit_at_idx, newest first). */
export async function loadRecentActivity(
  executor: Executor,
  actor: Actor,
  features: FeatureMap,
): Promise<ActivityEntry[]> {
  const entities = visibleAuditEntities(actor, features);
  if (entities.length === 0) return [];
  const where = and(
    inArray(auditLog.entity, entities),
    notInArray(auditLog.action, NOISE_ACTIONS),
    notLike(auditLog.action, 'profile.%'),
  );
  const rows = await executor
    .select({
      id: auditLog.id,
      at: auditLog.at,
      action: auditLog.action,
      entity: auditLog.entity,
      entityId: auditLog.entityId,
      userId: auditLog.userId,
      username: auditLog.username,
      name: users.name,
      changes: auditLog.changes,
    })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.userId))
    .where(where)
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(DASHBOARD_ACTIVITY_LIMIT);

  const idsByEntity = new Map<ActivityEntity, string[]>();
  const add = (entity: ActivityEntity, ids: string[]) =>
    idsByEntity.set(entity, [...(idsByEntity.get(entity) ?? []), ...ids]);
  for (const row of rows) {
    const entity = AUDIT_ENTITIES[row.entity];
    if (!entity) continue;
    if (row.entityId) add(entity, [row.entityId]);
    else add(entity, batchIds(row.changes));
  }
  const subjects = await loadSubjects(executor, idsByEntity);
  /** A batch (tags, import) names its first items; the rest is counted. */
  const batchSubject = (entity: ActivityEntity, changes: unknown): string | null => {
    const names = batchIds(changes)
      .map((id) => subjects.get(`${entity}:${id}`)?.subject)
      .filter((name): name is string => !!name);
    if (names.length === 0) return null;
    const shown = names.slice(0, BATCH_NAMES);
    return names.length > shown.length
      ? `${shown.join(', ')} +${names.length - shown.length}`
      : shown.join(', ');
  };

  return rows.flatMap((row): ActivityEntry[] => {
    const entity = AUDIT_ENTITIES[row.entity];
    if (!entity) return [];
    const found = row.entityId ? subjects.get(`${entity}:${row.entityId}`) : undefined;
    const batch = row.entityId ? null : batchSubject(entity, row.changes);
    return [
      {
        id: row.id,
        at: row.at.toISOString(),
        verb: activityVerb(row.action),
        action: row.action,
        entity,
        entityId: row.entityId,
        subject: found?.subject ?? batch,
        exists: entity === 'settings' ? true : (found?.exists ?? false),
        userId: row.userId,
        userName: row.name || row.username || null,
      },
    ];
  });
}
