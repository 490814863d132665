import { sql } from 'drizzle-orm';
import { dateWindow, weekOf } from '@/domain/dispo/dates';
import type { BoardAssignment, DispoDashboard, DispoOverview } from '@/domain/dispo/board';
import type { DispoStatus } from '@/domain/dispo/constants';
import type { Executor } from '../../db/client';
import {
  dispoAssignments as a,
  dispoContainerTypes as ct,
  dispoDrivers as d,
  dispoTrucks as t,
} from '../../db/schema';

/*
 * The week board and the dashboard, aggregated in SQL over the rounds' JSON. Draft and
 * published assignments both count: they are the dispatcher's plan. Dates come back as text so both
 * drivers (node-postgres, PGlite) hand over the same `YYYY-MM-DD`.
 */

async function rowsOf<T>(executor: Executor, query: ReturnType<typeof sql>): Promise<T[]> {
  const result = await executor.execute(query);
  return (result as unknown as { rows: T[] }).rows;
}

const toStatus = (s: string): DispoStatus => (s === 'published' ? 'published' : 'draft');

/** The DISPO_UPCOMING_DAYS days from `from` by driver: active drivers, and inactive ones with work. */
export async function loadOverview(
  executor: Executor,
  from: string,
  timeZone: string,
): Promise<DispoOverview> {
  const window = dateWindow(from);
  const assignments = await rowsOf<{
    id: string;
    version: number;
    date: string;
    status: string;
    driver_id: string;
    truck_id: string | null;
    license_plate: string | null;
    rounds: number;
    rounds_done: number;
    containers: number;
  }>(
    executor,
    sql`
      select ${a.id} as id, ${a.version} as version, ${a.date}::text as date, ${a.status} as status,
        ${a.driverId} as driver_id, ${a.truckId} as truck_id, ${t.licensePlate} as license_plate,
        jsonb_array_length(${a.rounds})::int as rounds,
        (select count(*) from jsonb_array_elements(${a.rounds}) r where (r->>'done')::boolean)::int as rounds_done,
        coalesce((select sum((i->>'quantity')::int)
          from jsonb_array_elements(${a.rounds}) r, jsonb_array_elements(r->'items') i), 0)::int as containers
      from ${a} left join ${t} on ${t.id} = ${a.truckId}
      where ${a.deletedAt} is null and ${a.date} between ${window.from} and ${window.to}
      order by ${a.date}, ${a.createdAt}, ${a.id}`,
  );
  const drivers = await rowsOf<{ id: string; name: string; active: boolean }>(
    executor,
    sql`
      select ${d.id} as id, ${d.name} as name, ${d.active} as active from ${d}
      where ${d.deletedAt} is null
        and (${d.active} or exists (select 1 from ${a} where ${a.driverId} = ${d.id}
          and ${a.deletedAt} is null and ${a.date} between ${window.from} and ${window.to}))
      order by ${d.name}, ${d.id}`,
  );
  const byCell = new Map<string, BoardAssignment[]>();
  for (const row of assignments) {
    const key = `${row.driver_id}|${row.date}`;
    const cell = byCell.get(key) ?? [];
    cell.push({
      id: row.id,
      version: Number(row.version),
      status: toStatus(row.status),
      truckId: row.truck_id,
      licensePlate: row.license_plate,
      rounds: Number(row.rounds),
      roundsDone: Number(row.rounds_done),
      containers: Number(row.containers),
    });
    byCell.set(key, cell);
  }
  return {
    from: window.from,
    to: window.to,
    timeZone,
    dates: window.dates,
    drivers: drivers.map((driver) => ({
      driver: { id: driver.id, name: driver.name, active: driver.active },
      days: window.dates.map((date) => ({ date, assignments: byCell.get(`${driver.id}|${date}`) ?? [] })),
    })),
  };
}

export async function loadDashboard(
  executor: Executor,
  date: string,
  timeZone: string,
): Promise<DispoDashboard> {
  const week = weekOf(date);
  const rounds = await rowsOf<{
    assignment_id: string;
    status: string;
    driver_id: string;
    driver_name: string;
    license_plate: string | null;
    index: number;
    notes: string | null;
    done: boolean;
    containers: number;
  }>(
    executor,
    sql`
      select ${a.id} as assignment_id, ${a.status} as status, ${a.driverId} as driver_id,
        ${d.name} as driver_name, ${t.licensePlate} as license_plate,
        (r.ord - 1)::int as index, r.value->>'notes' as notes,
        coalesce((r.value->>'done')::boolean, false) as done,
        coalesce((select sum((i->>'quantity')::int) from jsonb_array_elements(r.value->'items') i), 0)::int
          as containers
      from ${a}
        join ${d} on ${d.id} = ${a.driverId}
        left join ${t} on ${t.id} = ${a.truckId}
        cross join lateral jsonb_array_elements(${a.rounds}) with ordinality as r(value, ord)
      where ${a.deletedAt} is null and ${a.date} = ${date}
      order by ${d.name}, ${a.createdAt}, ${a.id}, r.ord`,
  );
  const containers = await rowsOf<{
    id: string;
    name: string;
    volume: number;
    placed: number;
    picked_up: number;
  }>(
    executor,
    sql`
      select ${ct.id} as id, ${ct.name} as name, ${ct.volume} as volume,
        coalesce(sum(x.quantity) filter (where x.operation in ('place', 'swap')), 0)::int as placed,
        coalesce(sum(x.quantity) filter (where x.operation in ('pickup', 'swap')), 0)::int as picked_up
      from ${ct}
        left join (
          select i->>'containerTypeId' as type_id, (i->>'quantity')::int as quantity, i->>'operation' as operation
          from ${a}, jsonb_array_elements(${a.rounds}) r, jsonb_array_elements(r->'items') i
          where ${a.deletedAt} is null and ${a.date} between ${week.from} and ${week.to}
        ) x on x.type_id = ${ct.id}::text
      where ${ct.deletedAt} is null
      group by ${ct.id}, ${ct.name}, ${ct.volume}
      order by ${ct.name}, ${ct.id}`,
  );
  const idle = await rowsOf<{ id: string; name: string; phone: string | null }>(
    executor,
    sql`
      select ${d.id} as id, ${d.name} as name, ${d.phone} as phone from ${d}
      where ${d.deletedAt} is null and ${d.active}
        and not exists (select 1 from ${a} where ${a.driverId} = ${d.id} and ${a.date} = ${date}
          and ${a.deletedAt} is null)
      order by ${d.name}, ${d.id}`,
  );
  return {
    date,
    timeZone,
    week,
    todayRounds: rounds.map((row) => ({
      assignmentId: row.assignment_id,
      status: toStatus(row.status),
      driverId: row.driver_id,
      driverName: row.driver_name,
      licensePlate: row.license_plate,
      index: Number(row.index),
      notes: row.notes,
      done: row.done === true,
      containers: Number(row.containers),
    })),
    containersThisWeek: containers.map((row) => ({
      containerTypeId: row.id,
      name: row.name,
      volume: Number(row.volume),
      placed: Number(row.placed),
      pickedUp: Number(row.picked_up),
    })),
    driversWithoutAssignment: idle,
  };
}
