import { sql } from 'drizzle-orm';
import { TOP_MACHINES, type AnalyticsDetailed, type AnalyticsWindow } from '@/domain/analytics';
import type { Executor } from '../../db/client';
import { num, round, rowsOf } from './sql';

/*
 * Breakdowns over the range: checklist failure rates, machines with the most failed items, usage hours
 * per machine and conveyor failures from the logbook. A checklist answer counts as checked when it is
 * ok or not ok (n/a is left out); the failure rate is not ok ÷ checked. The figures are sums over the
 * day totals the database keeps for every report and logbook date (report_checklist_days,
 * report_machine_days, logbook_check_days; migration 0009), not over every answer of the range.
 */

type Label = Record<string, string> | null;

const rate = (failed: number, checked: number) => (checked > 0 ? round(failed / checked, 3) : 0);

/**
 * The labels of categories and items as the newest reports of the range stored them. Only the newest
 * LABEL_SOURCE_REPORTS reports are read (the checklist changes rarely), and each distinct checklist
 * once, newest first; an item without a label there is shown by its key.
 */
const LABEL_SOURCE_REPORTS = 200;
const labelSources = (w: AnalyticsWindow) => sql`
  select checklist_items as items from (
    select checklist_items, row_number() over (order by report_date desc, created_at desc) as pos
    from (
      select checklist_items, report_date, created_at from reports
      where deleted_at is null and report_date between ${w.from}::date and ${w.to}::date
      order by report_date desc, created_at desc
      limit ${LABEL_SOURCE_REPORTS}
    ) newest
  ) r
  group by checklist_items
  order by min(pos)`;

const asLabel = (value: unknown): Label =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, string>) : null;

const asArray = (value: unknown): unknown[] => (Array.isArray(value) ? (value as unknown[]) : []);
const asObject = (value: unknown): Record<string, unknown> | null =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
/** A stored key as text (as `->>` reads it); null when missing. */
function keyOf(entry: Record<string, unknown> | null): string | null {
  const key = entry?.key;
  if (typeof key === 'string') return key;
  return typeof key === 'number' || typeof key === 'boolean' ? String(key) : null;
}

/** Category label by category key, item label by category and item key: the first (newest) one found. */
function labelsOf(docs: ReadonlyArray<{ items: unknown }>) {
  const categories = new Map<string, Label>();
  const items = new Map<string, Label>();
  for (const doc of docs) {
    for (const c of asArray(doc.items)) {
      const category = asObject(c);
      const categoryKey = keyOf(category);
      const entries = asArray(category?.items);
      if (categoryKey === null || entries.length === 0) continue;
      if (!categories.has(categoryKey)) categories.set(categoryKey, asLabel(category?.label));
      for (const i of entries) {
        const item = asObject(i);
        const itemKey = keyOf(item);
        const key = JSON.stringify([categoryKey, itemKey]);
        if (itemKey !== null && !items.has(key)) items.set(key, asLabel(item?.label));
      }
    }
  }
  return {
    category: (category: string) => categories.get(category) ?? null,
    item: (category: string, item: string) => items.get(JSON.stringify([category, item])) ?? null,
  };
}

export async function checklistFailures(
  db: Executor,
  w: AnalyticsWindow,
): Promise<Pick<AnalyticsDetailed, 'checklistCategories' | 'checklistItems'>> {
  const [rows, docs] = await Promise.all([
    rowsOf<{ category: string; item: string | null; checked: unknown; failed: unknown }>(
      db,
      sql`
        select category, item, sum(checked) as checked, sum(failed) as failed
        from report_checklist_days
        where report_date between ${w.from}::date and ${w.to}::date
        group by grouping sets ((category), (category, item))
        having sum(answers) > 0`,
    ),
    rowsOf<{ items: unknown }>(db, labelSources(w)),
  ]);
  const labels = labelsOf(docs);
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
    if (row.item === null) categories.push({ ...stat, label: labels.category(row.category) });
    else
      items.push({
        ...stat,
        item: row.item,
        label: labels.item(row.category, row.item),
        categoryLabel: labels.category(row.category),
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
      select m.excavator_id::text as excavator_id, e.name,
        sum(m.failed) as failed, sum(m.checklist_reports) as reports
      from report_machine_days m left join excavators e on e.id = m.excavator_id
      where m.report_date between ${w.from}::date and ${w.to}::date
      group by m.excavator_id, e.name
      having sum(m.failed) > 0
      order by failed desc, e.name, m.excavator_id
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
        coalesce(max(m.max_hours) - min(m.min_hours), 0) as span, coalesce(sum(m.reports), 0) as reports
      from excavators e
      left join report_machine_days m on m.excavator_id = e.id
        and m.report_date between ${w.from}::date and ${w.to}::date
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
      select key as conveyor, (array_agg(last_name order by date desc))[1] as name,
        sum(checks) as checks, sum(failures) as failures
      from logbook_check_days
      where kind = 'conveyor' and date between ${w.from}::date and ${w.to}::date
      group by key
      order by failures desc, name, conveyor`,
  );
  return rows.map((row) => ({
    conveyor: row.conveyor,
    name: row.name,
    checks: num(row.checks),
    failures: num(row.failures),
  }));
}
