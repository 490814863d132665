import { sql } from 'drizzle-orm';
import { TOP_MACHINES, type AnalyticsDetailed, type AnalyticsWindow } from '@/domain/analytics';
import type { Executor } from '../../db/client';
import { num, round, rowsOf } from './sql';

/*
 * Breakdowns over the range: checklist failure rates, machines with the most failed items, usage hours
 * per machine and conveyor failures from the logbook. A checklist answer counts as checked when it is
 * ok or not ok (n/a is left out); the failure rate is not ok ÷ checked.
 */

type Label = Record<string, string> | null;

const rate = (failed: number, checked: number) => (checked > 0 ? round(failed / checked, 3) : 0);

/** Live reports of the range and their checklist answers, one row per answered item. */
const answers = (w: AnalyticsWindow) => sql`
  select r.id, r.excavator_id, c.key as category, i.key as item, i.value->>'state' as state
  from reports r
  cross join lateral jsonb_each(case when jsonb_typeof(r.checklist) = 'object' then r.checklist else '{}'::jsonb end) c
  cross join lateral jsonb_each(case when jsonb_typeof(c.value) = 'object' then c.value else '{}'::jsonb end) i
  where r.deleted_at is null and r.report_date between ${w.from}::date and ${w.to}::date`;

/**
 * The labels of categories and items as the newest reports of the range stored them. Only the newest
 * LABEL_SOURCE_REPORTS reports are read (the checklist changes rarely); an item without a label there
 * is shown by its key.
 */
const LABEL_SOURCE_REPORTS = 200;
const labels = (w: AnalyticsWindow) => sql`
  select distinct on (c->>'key', i->>'key') c->>'key' as category, i->>'key' as item,
    c->'label' as category_label, i->'label' as item_label
  from (
    select checklist_items, report_date, created_at from reports
    where deleted_at is null and report_date between ${w.from}::date and ${w.to}::date
    order by report_date desc, created_at desc
    limit ${LABEL_SOURCE_REPORTS}
  ) r
  cross join lateral jsonb_array_elements(case when jsonb_typeof(r.checklist_items) = 'array' then r.checklist_items else '[]'::jsonb end) c
  cross join lateral jsonb_array_elements(case when jsonb_typeof(c->'items') = 'array' then c->'items' else '[]'::jsonb end) i
  order by c->>'key', i->>'key', r.report_date desc, r.created_at desc`;

const asLabel = (value: unknown): Label =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, string>) : null;

export async function checklistFailures(
  db: Executor,
  w: AnalyticsWindow,
): Promise<Pick<AnalyticsDetailed, 'checklistCategories' | 'checklistItems'>> {
  const rows = await rowsOf<{
    category: string;
    item: string | null;
    checked: unknown;
    failed: unknown;
    category_label: unknown;
    item_label: unknown;
  }>(
    db,
    sql`
      with a as (${answers(w)}), l as (${labels(w)}),
      s as (
        select category, item,
          count(*) filter (where state in ('ok', 'not_ok')) as checked,
          count(*) filter (where state = 'not_ok') as failed
        from a group by grouping sets ((category), (category, item))
      )
      select s.category, s.item, s.checked, s.failed,
        (select l.category_label from l where l.category = s.category limit 1) as category_label,
        (select l.item_label from l where l.category = s.category and l.item = s.item limit 1) as item_label
      from s`,
  );
  const categories: AnalyticsDetailed['checklistCategories'] = [];
  const items: AnalyticsDetailed['checklistItems'] = [];
  for (const row of rows) {
    const checked = num(row.checked);
    const failed = num(row.failed);
    const stat = {
      category: row.category,
      checked,
      failed,
      failureRate: rate(failed, checked),
    };
    if (row.item === null) categories.push({ ...stat, label: asLabel(row.category_label) });
    else
      items.push({
        ...stat,
        item: row.item,
        label: asLabel(row.item_label),
        categoryLabel: asLabel(row.category_label),
      });
  }
  const order = <T extends { failureRate: number; failed: number; category: string; item?: string }>(
    a: T,
    b: T,
  ) =>
    b.failureRate - a.failureRate ||
    b.failed - a.failed ||
    a.category.localeCompare(b.category) ||
    (a.item ?? '').localeCompare(b.item ?? '');
  return { checklistCategories: categories.sort(order), checklistItems: items.sort(order) };
}

export async function machinesMostFailed(
  db: Executor,
  w: AnalyticsWindow,
): Promise<AnalyticsDetailed['machinesMostFailed']> {
  const rows = await rowsOf<{ excavator_id: string; name: string | null; failed: unknown; reports: unknown }>(
    db,
    sql`
      with a as (${answers(w)})
      select a.excavator_id::text as excavator_id, e.name,
        count(*) filter (where a.state = 'not_ok') as failed, count(distinct a.id) as reports
      from a left join excavators e on e.id = a.excavator_id
      group by a.excavator_id, e.name
      having count(*) filter (where a.state = 'not_ok') > 0
      order by failed desc, e.name, a.excavator_id
      limit ${TOP_MACHINES}`,
  );
  return rows.map((row) => ({
    excavatorId: row.excavator_id,
    name: row.name ?? row.excavator_id,
    failed: num(row.failed),
    reports: num(row.reports),
  }));
}

/** Every machine in the fleet with its current reading and the hours its reports span in the range. */
export async function usageHours(db: Executor, w: AnalyticsWindow): Promise<AnalyticsDetailed['usageHours']> {
  const rows = await rowsOf<{
    id: string;
    name: string;
    usage_hours: unknown;
    span: unknown;
    reports: unknown;
  }>(
    db,
    sql`
      select e.id::text as id, e.name, e.usage_hours,
        coalesce(max(r.operating_hours) - min(r.operating_hours), 0) as span, count(r.id) as reports
      from excavators e
      left join reports r on r.excavator_id = e.id and r.deleted_at is null
        and r.report_date between ${w.from}::date and ${w.to}::date
      where e.deleted_at is null
      group by e.id, e.name, e.usage_hours
      order by e.name, e.id`,
  );
  return rows.map((row) => ({
    excavatorId: row.id,
    name: row.name,
    usageHours: round(num(row.usage_hours), 1),
    hoursInRange: round(num(row.span), 1),
    reports: num(row.reports),
  }));
}

/** Conveyor checks of the range's logbook entries, by conveyor (its configured key, else its name). */
export async function conveyorFailures(
  db: Executor,
  w: AnalyticsWindow,
): Promise<AnalyticsDetailed['conveyorFailures']> {
  const rows = await rowsOf<{ conveyor: string; name: string; checks: unknown; failures: unknown }>(
    db,
    sql`
      with c as (
        select coalesce(cc->>'key', lower(cc->>'name')) as conveyor, cc->>'name' as name,
          (cc->>'functional')::boolean as functional, e.date, e.created_at
        from logbook_entries e
        cross join lateral jsonb_array_elements(case when jsonb_typeof(e.conveyor_checks) = 'array' then e.conveyor_checks else '[]'::jsonb end) cc
        where e.deleted_at is null and e.date between ${w.from}::date and ${w.to}::date
      )
      select conveyor, (array_agg(name order by date desc, created_at desc))[1] as name,
        count(*) as checks, count(*) filter (where not functional) as failures
      from c where conveyor is not null
      group by conveyor
      order by failures desc, name, conveyor`,
  );
  return rows.map((row) => ({
    conveyor: row.conveyor,
    name: row.name,
    checks: num(row.checks),
    failures: num(row.failures),
  }));
}
