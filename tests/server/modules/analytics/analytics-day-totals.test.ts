import { sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadDetailed, loadSummary } from '@/server/modules/analytics/service';
import { rowsOf } from '@/server/modules/analytics/sql';
import { createTestApp, type TestApp } from '../../support/helpers';
import { NOW, seedAnalytics, type Seeded } from './analytics-fixtures';

/*
 * The day totals behind the analytics and the dashboard (report_status_days, report_checklist_days,
 * report_machine_days, logbook_check_days; migration 0009) are kept by triggers. After every kind of write they must equal the totals worked out
 * here straight from the live rows, with the expressions the analytics used before the day totals.
 */

let t: TestApp;
let seeded: Seeded;
let seq = 10_000;

beforeAll(async () => {
  t = await createTestApp();
  seeded = await seedAnalytics(t.db.db);
});
afterAll(async () => t.close());

const q = <T>(query: ReturnType<typeof sql>) => rowsOf<T>(t.db.db, query);
const n = (v: unknown) => Number(v);

async function statusDays() {
  const kept = await q<Record<string, unknown>>(sql`
    select report_date::text as d, status, reports as n from report_status_days order by 1, 2`);
  const expected = await q<Record<string, unknown>>(sql`
    select report_date::text as d, status, count(*) as n from reports where deleted_at is null
    group by 1, 2 order by 1, 2`);
  const norm = (rows: Array<Record<string, unknown>>) => rows.map((r) => [r.d, r.status, n(r.n)]);
  return { kept: norm(kept), expected: norm(expected) };
}

async function reportDays() {
  const kept = await q<Record<string, unknown>>(sql`
    select report_date::text as d, category, item, answers, checked, failed
    from report_checklist_days where answers > 0 order by 1, 2, 3`);
  const expected = await q<Record<string, unknown>>(sql`
    select r.report_date::text as d, c.key as category, i.key as item, count(*) as answers,
      count(*) filter (where i.value->>'state' in ('ok', 'not_ok')) as checked,
      count(*) filter (where i.value->>'state' = 'not_ok') as failed
    from reports r
    cross join lateral jsonb_each(case when jsonb_typeof(r.checklist) = 'object' then r.checklist else '{}'::jsonb end) c
    cross join lateral jsonb_each(case when jsonb_typeof(c.value) = 'object' then c.value else '{}'::jsonb end) i
    where r.deleted_at is null
    group by 1, 2, 3 order by 1, 2, 3`);
  const norm = (rows: Array<Record<string, unknown>>) =>
    rows.map((r) => [r.d, r.category, r.item, n(r.answers), n(r.checked), n(r.failed)]);
  return { kept: norm(kept), expected: norm(expected) };
}

async function machineDays() {
  const kept = await q<Record<string, unknown>>(sql`
    select report_date::text as d, excavator_id::text as e, reports, checklist_reports, failed,
      min_hours, max_hours
    from report_machine_days order by 1, 2`);
  const expected = await q<Record<string, unknown>>(sql`
    select r.report_date::text as d, r.excavator_id::text as e, count(*) as reports,
      count(*) filter (where exists (
        select 1 from jsonb_each(case when jsonb_typeof(r.checklist) = 'object' then r.checklist else '{}'::jsonb end) c
        cross join lateral jsonb_each(case when jsonb_typeof(c.value) = 'object' then c.value else '{}'::jsonb end) i
      )) as checklist_reports,
      coalesce(sum((
        select count(*)
        from jsonb_each(case when jsonb_typeof(r.checklist) = 'object' then r.checklist else '{}'::jsonb end) c
        cross join lateral jsonb_each(case when jsonb_typeof(c.value) = 'object' then c.value else '{}'::jsonb end) i
        where i.value->>'state' = 'not_ok'
      )), 0) as failed,
      min(r.operating_hours) as min_hours, max(r.operating_hours) as max_hours
    from reports r where r.deleted_at is null
    group by 1, 2 order by 1, 2`);
  const norm = (rows: Array<Record<string, unknown>>) =>
    rows.map((r) => [
      r.d,
      r.e,
      n(r.reports),
      n(r.checklist_reports),
      n(r.failed),
      r.min_hours === null ? null : n(r.min_hours),
      r.max_hours === null ? null : n(r.max_hours),
    ]);
  return { kept: norm(kept), expected: norm(expected) };
}

async function logbookDays() {
  const kept = await q<Record<string, unknown>>(sql`
    select date::text as d, kind, key, checks, failures, last_entry_id::text as entry, last_name, last_value,
      last_notes
    from logbook_check_days order by 1, 2, 3`);
  const expected = await q<Record<string, unknown>>(sql`
    with c as (
      select e.date, 'conveyor' as kind, coalesce(x->>'key', lower(x->>'name')) as key, e.id, e.created_at,
        x->>'name' as name, (x->>'functional')::boolean as value, x->>'notes' as notes
      from logbook_entries e
      cross join lateral jsonb_array_elements(case when jsonb_typeof(e.conveyor_checks) = 'array' then e.conveyor_checks else '[]'::jsonb end) x
      where e.deleted_at is null
      union all
      select e.date, 'special', coalesce(x->>'key', lower(x->>'name')), e.id, e.created_at,
        x->>'name', (x->>'open')::boolean, x->>'notes'
      from logbook_entries e
      cross join lateral jsonb_array_elements(case when jsonb_typeof(e.special_checks) = 'array' then e.special_checks else '[]'::jsonb end) x
      where e.deleted_at is null
    ),
    totals as (
      select date, kind, key, count(*) as checks,
        count(*) filter (where (kind = 'conveyor' and not value) or (kind = 'special' and value)) as failures
      from c where key is not null group by 1, 2, 3
    ),
    latest as (
      select distinct on (date, kind, key) date, kind, key, id::text as entry, name, value, notes
      from c where key is not null order by date, kind, key, created_at desc
    )
    select t.date::text as d, t.kind, t.key, t.checks, t.failures, l.entry, l.name as last_name,
      l.value as last_value, l.notes as last_notes
    from totals t join latest l using (date, kind, key) order by 1, 2, 3`);
  const norm = (rows: Array<Record<string, unknown>>) =>
    rows.map((r) => [
      r.d,
      r.kind,
      r.key,
      n(r.checks),
      n(r.failures),
      r.entry,
      r.last_name,
      r.last_value,
      r.last_notes,
    ]);
  return { kept: norm(kept), expected: norm(expected) };
}

async function expectConsistent() {
  for (const totals of [await statusDays(), await reportDays(), await machineDays(), await logbookDays()]) {
    expect(totals.kept).toEqual(totals.expected);
  }
}

const checklist = (state: 'ok' | 'not_ok' | 'na') => ({ exterior: { tracks: { state }, leaks: { state } } });

async function insertReport(fields: { date: string; excavatorId: string; hours: number; deleted?: boolean }) {
  const id = uuidv7();
  await t.db.db.execute(sql`
    insert into reports (id, change_seq, report_date, excavator_id, operator_name, operating_hours, checklist,
      deleted_at)
    values (${id}, ${seq++}, ${fields.date}::date, ${fields.excavatorId}, 'Jonas', ${fields.hours},
      ${JSON.stringify(checklist('not_ok'))}::jsonb, ${fields.deleted ? NOW.toISOString() : null}::timestamptz)`);
  return id;
}

async function insertEntry(date: string, createdAt: string, functional: boolean, open: boolean) {
  const id = uuidv7();
  await t.db.db.execute(sql`
    insert into logbook_entries (id, change_seq, created_at, date, shift_start, shift_end, conveyor_checks,
      special_checks)
    values (${id}, ${seq++}, ${createdAt}::timestamptz, ${date}::date, '06:00', '14:00',
      ${JSON.stringify([{ key: 'c2', name: 'Feeder belt', functional, notes: functional ? null : 'Torn' }])}::jsonb,
      ${JSON.stringify([{ key: null, name: 'Fire Drill', open, notes: null }])}::jsonb)`);
  return id;
}

describe('day totals kept by the triggers', () => {
  it('match the live rows after seeding (statement inserts)', async () => {
    await expectConsistent();
    const [row] = await q<{ n: unknown }>(sql`select count(*) as n from report_checklist_days`);
    expect(n(row?.n)).toBeGreaterThan(0);
  });

  it('reports: insert, checklist edit, new date and machine, hours, status-only edit', async () => {
    const id = await insertReport({ date: '2026-03-11', excavatorId: seeded.alpha, hours: 960 });
    await expectConsistent();
    await t.db.db.execute(
      sql`update reports set checklist = ${JSON.stringify(checklist('ok'))}::jsonb where id = ${id}`,
    );
    await expectConsistent();
    await t.db.db.execute(
      sql`update reports set report_date = '2026-03-12', excavator_id = ${seeded.charlie} where id = ${id}`,
    );
    await expectConsistent();
    await t.db.db.execute(sql`update reports set operating_hours = 70 where id = ${id}`);
    await expectConsistent();
    await t.db.db.execute(sql`update reports set status = 'signed' where id = ${id}`);
    await expectConsistent();
    const detailed = await loadDetailed(t.db.db, '1month', NOW);
    expect(detailed.usageHours.find((u) => u.excavatorId === seeded.charlie)?.reports).toBe(1);
  });

  it('reports: soft delete, restore, tombstone insert, hard delete, one statement over many dates', async () => {
    const id = await insertReport({ date: '2026-03-13', excavatorId: seeded.bravo, hours: 1199 });
    const before = await loadDetailed(t.db.db, '1month', NOW);
    await t.db.db.execute(sql`update reports set deleted_at = now() where id = ${id}`);
    await expectConsistent();
    const deleted = await loadDetailed(t.db.db, '1month', NOW);
    const bravoFailed = (d: typeof before) =>
      d.machinesMostFailed.find((m) => m.excavatorId === seeded.bravo)?.failed ?? 0;
    expect(bravoFailed(before) - bravoFailed(deleted)).toBe(2);
    await t.db.db.execute(sql`update reports set deleted_at = null where id = ${id}`);
    await expectConsistent();
    expect(await loadDetailed(t.db.db, '1month', NOW)).toEqual(before);
    await insertReport({ date: '2026-03-14', excavatorId: seeded.bravo, hours: 1, deleted: true });
    await expectConsistent();
    await t.db.db.execute(sql`delete from reports where id = ${id}`);
    await expectConsistent();
    await t.db.db.execute(
      sql`update reports set checklist = jsonb_build_object('cleaning', jsonb_build_object('windows',
        jsonb_build_object('state', 'not_ok'))) where report_date between '2026-02-15' and '2026-03-10'`,
    );
    await expectConsistent();
  });

  it('logbook: newer entry of a day, check edits, new date, soft delete, restore, hard delete', async () => {
    const before = await loadDetailed(t.db.db, '1month', NOW);
    const down = (d: typeof before) =>
      d.alerts.filter((a) => a.kind === 'conveyorDown').map((a) => a.recordId);
    expect(down(before)).toContain(seeded.feederEntry);
    // A later check on the same day says the feeder works again: no longer down.
    const id = await insertEntry('2026-03-17', '2099-01-01T00:00:00Z', true, true);
    await expectConsistent();
    expect(down(await loadDetailed(t.db.db, '1month', NOW))).not.toContain(seeded.feederEntry);
    const openBefore = (await loadSummary(t.db.db, NOW)).openSpecialChecks;
    await t.db.db.execute(
      sql`update logbook_entries set special_checks = '[]'::jsonb, date = '2026-03-18' where id = ${id}`,
    );
    await expectConsistent();
    expect((await loadSummary(t.db.db, NOW)).openSpecialChecks).toBe(openBefore - 1);
    await t.db.db.execute(sql`update logbook_entries set deleted_at = now() where id = ${id}`);
    await expectConsistent();
    expect(await loadDetailed(t.db.db, '1month', NOW)).toEqual(before);
    await t.db.db.execute(sql`update logbook_entries set deleted_at = null where id = ${id}`);
    await expectConsistent();
    await t.db.db.execute(sql`delete from logbook_entries where id = ${id}`);
    await expectConsistent();
    expect(await loadDetailed(t.db.db, '1month', NOW)).toEqual(before);
  });

  it('labels come from the newest checklist of the range that lists the category or item', async () => {
    const items = [
      {
        key: 'exterior',
        label: { en: 'Outside' },
        items: [{ key: 'tracks', label: { en: 'Track chains' } }],
      },
    ];
    await t.db.db.execute(sql`
      insert into reports (id, change_seq, created_at, report_date, excavator_id, operator_name, checklist,
        checklist_items)
      values (${uuidv7()}, ${seq++}, '2099-01-01T00:00:00Z', '2026-03-18', ${seeded.alpha}, 'Jonas',
        ${JSON.stringify(checklist('ok'))}::jsonb, ${JSON.stringify(items)}::jsonb)`);
    await expectConsistent();
    const d = await loadDetailed(t.db.db, '1month', NOW);
    const item = (key: string) => d.checklistItems.find((i) => i.category === 'exterior' && i.item === key);
    expect(d.checklistCategories.find((c) => c.category === 'exterior')?.label).toEqual({ en: 'Outside' });
    expect(item('tracks')).toMatchObject({ label: { en: 'Track chains' }, categoryLabel: { en: 'Outside' } });
    // Not in the newest checklist: the label of the newest one that has it.
    expect(item('leaks')?.label).toEqual({ de: 'Lecks', en: 'Leaks' });
  });

  it('a rolled-back write leaves the totals as they were; truncate empties them', async () => {
    const before = await reportDays();
    await expect(
      t.db.db.transaction(async (tx) => {
        await tx.execute(sql`update reports set deleted_at = now() where deleted_at is null`);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await reportDays()).toEqual(before);
    await t.db.db.execute(sql`truncate reports, logbook_entries`);
    await expectConsistent();
    const [row] = await q<{ n: unknown }>(sql`
      select (select count(*) from report_status_days) + (select count(*) from report_checklist_days)
        + (select count(*) from report_machine_days) + (select count(*) from logbook_check_days) as n`);
    expect(n(row?.n)).toBe(0);
  });
});
