import type { Assignment } from '@/domain/dispo/assignments';
import type { ContainerType } from '@/domain/dispo/container-types';
import type { Driver } from '@/domain/dispo/drivers';
import type { Truck } from '@/domain/dispo/trucks';

/**
 * An in-memory fake of /api/containers that behaves like src/server/modules/dispo for what the
 * screens use: master data with in-use refusal, assignments with filters, paging, the one-per-driver-
 * and-date conflict, publish, the week board and the dashboard.
 */
export interface Call {
  method: string;
  path: string;
  body: unknown;
}

const meta = (id: string) => ({
  id,
  version: 1,
  createdAt: '2026-11-01T08:00:00.000Z',
  createdBy: 'user-dispo',
  updatedAt: '2026-11-01T08:00:00.000Z',
  updatedBy: 'user-dispo',
  deletedAt: null,
});

export function driver(id: string, name: string, overrides: Partial<Driver> = {}): Driver {
  return { ...meta(id), name, phone: '+49 170 1234', userId: null, user: null, active: true, ...overrides };
}
export function truck(id: string, licensePlate: string): Truck {
  return { ...meta(id), licensePlate, type: 'Abrollkipper', capacity: 12, active: true };
}
export function containerType(id: string, name: string, volume: number): ContainerType {
  return { ...meta(id), name, volume, description: null, active: true };
}

export const IDS = {
  anna: '0190a000-0000-7000-8000-000000000001',
  ben: '0190a000-0000-7000-8000-000000000002',
  truck: '0190a000-0000-7000-8000-000000000011',
  skip: '0190a000-0000-7000-8000-000000000021',
  roll: '0190a000-0000-7000-8000-000000000022',
  first: '0190a000-0000-7000-8000-000000000031',
} as const;

export class FakeDispoApi {
  drivers: Driver[] = [driver(IDS.anna, 'Anna Fahrer'), driver(IDS.ben, 'Ben Kraft')];
  trucks: Truck[] = [truck(IDS.truck, 'M-FP 1234')];
  types: ContainerType[] = [
    containerType(IDS.skip, 'Absetzmulde 7', 7),
    containerType(IDS.roll, 'Abroll 30', 30),
  ];
  assignments: Assignment[] = [];
  calls: Call[] = [];
  private seq = 100;

  assignment(overrides: Partial<Assignment> = {}): Assignment {
    const d = this.drivers.find((x) => x.id === (overrides.driverId ?? IDS.anna))!;
    return {
      ...meta(overrides.id ?? IDS.first),
      date: '2026-11-25',
      driverId: d.id,
      truckId: IDS.truck,
      rounds: [
        {
          notes: 'Gate code 4711',
          done: false,
          items: [
            {
              containerTypeId: IDS.skip,
              quantity: 2,
              operation: 'place',
              containerType: { name: 'Absetzmulde 7', volume: 7 },
            },
          ],
        },
      ],
      generalNotes: 'Call the site before arriving',
      status: 'draft',
      issuedBy: 'user-dispo',
      issuedByName: 'Dora Dispo',
      publishedAt: null,
      driver: { id: d.id, name: d.name, phone: d.phone, userId: d.userId },
      truck: { id: IDS.truck, licensePlate: 'M-FP 1234', type: 'Abrollkipper', capacity: 12 },
      lastChange: null,
      ...overrides,
    };
  }

  handle = (method: string, url: URL, body: unknown): Response => {
    this.calls.push({ method, path: `${url.pathname}${url.search}`, body });
    const parts = url.pathname.replace(/^\/api\/containers\/?/, '').split('/');
    const [kind, id, action] = parts;
    if (kind === 'drivers' || kind === 'trucks' || kind === 'types')
      return this.master(kind, method, url, id, body);
    if (kind === 'assignments') return this.assignmentsApi(method, url, id, action, body);
    if (kind === 'overview') return this.overview();
    if (kind === 'dashboard') return this.dashboard();
    return json({ message: 'Not found', code: 'NOT_FOUND' }, 404);
  };

  private master(
    kind: 'drivers' | 'trucks' | 'types',
    method: string,
    url: URL,
    id: string | undefined,
    body: unknown,
  ) {
    const list = this[kind] as Array<Driver | Truck | ContainerType>;
    if (method === 'GET') {
      const q = url.searchParams.get('q')?.toLowerCase();
      const items = list.filter((r) => !q || JSON.stringify(r).toLowerCase().includes(q));
      return json({ items, total: items.length, page: 1, limit: Number(url.searchParams.get('limit')) });
    }
    if (method === 'POST') {
      const input = body as Record<string, unknown>;
      const newId = `0190a000-0000-7000-8000-000000000${++this.seq}`;
      const record =
        kind === 'drivers'
          ? driver(newId, String(input.name), { phone: (input.phone as string) || null })
          : kind === 'trucks'
            ? truck(newId, String(input.licensePlate).toUpperCase())
            : containerType(newId, String(input.name), Number(input.volume));
      list.push(record);
      return json(record, 201);
    }
    const index = list.findIndex((r) => r.id === id);
    if (index < 0) return json({ message: 'Not found', code: 'NOT_FOUND' }, 404);
    if (method === 'DELETE') {
      const used = this.assignments.filter((a) =>
        kind === 'drivers'
          ? a.driverId === id
          : kind === 'trucks'
            ? a.truckId === id
            : a.rounds.some((r) => r.items.some((i) => i.containerTypeId === id)),
      ).length;
      const noun = kind === 'types' ? 'container type' : kind.slice(0, -1);
      if (used > 0)
        return json(
          {
            message: `This ${noun} is used by ${used} ${used === 1 ? 'assignment' : 'assignments'}`,
            code: 'CONFLICT',
            details: { reason: 'in_use', assignments: used },
          },
          409,
        );
      const [removed] = list.splice(index, 1);
      return json(removed);
    }
    list[index] = { ...list[index]!, ...(body as object) } as Driver;
    return json(list[index]);
  }

  private toAssignment(input: Record<string, unknown>, base: Assignment): Assignment {
    const d = this.drivers.find((x) => x.id === input.driverId)!;
    const rounds = (
      input.rounds as Array<{ notes: string; done?: boolean; items: Array<Record<string, unknown>> }>
    ).map((r) => ({
      notes: r.notes || null,
      done: !!r.done,
      items: r.items.map((i) => {
        const type = this.types.find((x) => x.id === i.containerTypeId);
        return {
          containerTypeId: String(i.containerTypeId),
          quantity: Number(i.quantity),
          operation: i.operation as 'place',
          containerType: type ? { name: type.name, volume: type.volume } : null,
        };
      }),
    }));
    return {
      ...base,
      date: String(input.date),
      driverId: d.id,
      driver: { id: d.id, name: d.name, phone: d.phone, userId: d.userId },
      truckId: (input.truckId as string | null) ?? null,
      truck: input.truckId ? (base.truck ?? this.assignment().truck) : null,
      generalNotes: (input.generalNotes as string) || null,
      rounds,
    };
  }

  private assignmentsApi(
    method: string,
    url: URL,
    id: string | undefined,
    action: string | undefined,
    body: unknown,
  ) {
    if (method === 'GET' && !id) {
      const p = url.searchParams;
      const page = Number(p.get('page') ?? 1);
      const limit = Number(p.get('limit') ?? 10);
      const items = this.assignments
        .filter((a) => !p.get('from') || a.date >= p.get('from')!)
        .filter((a) => !p.get('to') || a.date <= p.get('to')!)
        .filter((a) => !p.get('driverId') || a.driverId === p.get('driverId'))
        .filter((a) => !p.get('status') || a.status === p.get('status'))
        .sort((a, b) => b.date.localeCompare(a.date));
      return json({ items: items.slice((page - 1) * limit, page * limit), total: items.length, page, limit });
    }
    if (method === 'POST') {
      const input = body as Record<string, unknown>;
      const taken = this.assignments.find((a) => a.driverId === input.driverId && a.date === input.date);
      if (taken && !input.allowDuplicate)
        return json(
          {
            message: 'This driver already has an assignment on this date',
            code: 'CONFLICT',
            details: { reason: 'duplicate', duplicate: { id: taken.id } },
          },
          409,
        );
      const created = this.toAssignment(
        input,
        this.assignment({ id: `0190a000-0000-7000-8000-000000000${++this.seq}` }),
      );
      this.assignments.push(created);
      return json(created, 201);
    }
    const index = this.assignments.findIndex((a) => a.id === id);
    if (index < 0) return json({ message: 'Assignment not found', code: 'NOT_FOUND' }, 404);
    const current = this.assignments[index]!;
    if (method === 'GET') return json(current);
    if (method === 'DELETE') {
      this.assignments.splice(index, 1);
      return json(current);
    }
    if (action === 'rounds') {
      const round = Number(url.pathname.split('/')[6]);
      const done = (body as { done: boolean }).done;
      const rounds = current.rounds.map((r, i) => (i === round ? { ...r, done } : r));
      this.assignments[index] = { ...current, rounds, version: current.version + 1 };
      return json(this.assignments[index]);
    }
    if (action === 'publish') {
      this.assignments[index] = {
        ...current,
        status: 'published',
        publishedAt: '2026-11-24T09:00:00.000Z',
        version: current.version + 1,
      };
      return json(this.assignments[index]);
    }
    this.assignments[index] = {
      ...this.toAssignment(body as Record<string, unknown>, current),
      version: current.version + 1,
    };
    return json(this.assignments[index]);
  }

  private overview() {
    const dates = [
      '2026-11-24',
      '2026-11-25',
      '2026-11-26',
      '2026-11-27',
      '2026-11-28',
      '2026-11-29',
      '2026-11-30',
    ];
    return json({
      from: dates[0],
      to: dates[6],
      timeZone: 'Europe/Berlin',
      dates,
      drivers: this.drivers.map((d) => ({
        driver: { id: d.id, name: d.name, active: d.active },
        days: dates.map((date) => ({
          date,
          assignments: this.assignments
            .filter((a) => a.driverId === d.id && a.date === date)
            .map((a) => ({
              id: a.id,
              version: a.version,
              status: a.status,
              truckId: a.truckId,
              licensePlate: a.truck?.licensePlate ?? null,
              rounds: a.rounds.length,
              roundsDone: a.rounds.filter((r) => r.done).length,
              containers: a.rounds.flatMap((r) => r.items).reduce((n, i) => n + i.quantity, 0),
            })),
        })),
      })),
    });
  }

  private dashboard() {
    return json({
      date: '2026-11-24',
      timeZone: 'Europe/Berlin',
      week: { from: '2026-11-23', to: '2026-11-29' },
      todayRounds: [],
      containersThisWeek: this.types.map((t) => ({
        containerTypeId: t.id,
        name: t.name,
        volume: t.volume,
        placed: 2,
        pickedUp: 1,
      })),
      driversWithoutAssignment: [{ id: IDS.ben, name: 'Ben Kraft', phone: null }],
    });
  }
}

export function json(body: unknown, status = 200): Response {
  return Response.json(body, { status });
}
