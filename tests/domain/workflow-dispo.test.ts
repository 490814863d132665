import { describe, expect, it } from 'vitest';
import { applyDispoAction, canTickRounds, type DispoWorkflowView } from '@/domain/workflow/dispo';

const dispatcher = { id: 'd1', role: 'dispo' };
const manager = { id: 'm1', role: 'manager' };
const driver = { id: 'u-anna', role: 'operator' };
const otherOperator = { id: 'u-otto', role: 'operator' };
const viewer = { id: 'v1', role: 'viewer' };
const at = new Date('2026-06-10T07:08:09.000Z');

interface Round {
  done: boolean;
  notes: string | null;
  items: Array<{ containerTypeId: string; quantity: number }>;
}

const rounds = (): Round[] => [
  { done: false, notes: 'Hof Nord', items: [{ containerTypeId: 't1', quantity: 2 }] },
  { done: true, notes: null, items: [] },
];

const assignment = (
  status: 'draft' | 'published',
  extra: Partial<DispoWorkflowView<Round>> = {},
): DispoWorkflowView<Round> & { id: string } => ({
  id: 'a1',
  status,
  rounds: rounds(),
  driver: { userId: driver.id },
  ...extra,
});

describe('publish', () => {
  it('publishes a draft at the action time', () => {
    const result = applyDispoAction(assignment('draft'), { action: 'publish' }, dispatcher, at);
    expect(result).toEqual({
      ok: true,
      assignment: { ...assignment('draft'), status: 'published', publishedAt: at.toISOString() },
      changes: { status: 'published', publishedAt: at.toISOString() },
    });
  });

  it('changes nothing on an assignment that is published already', () => {
    const published = assignment('published');
    const result = applyDispoAction(published, { action: 'publish' }, manager, at);
    expect(result).toEqual({ ok: true, assignment: published, changes: {} });
  });

  it('refuses a draft without rounds, naming the field', () => {
    expect(
      applyDispoAction(assignment('draft', { rounds: [] }), { action: 'publish' }, dispatcher, at),
    ).toEqual({
      ok: false,
      reason: 'invalid',
      message: 'Add at least one round before publishing',
      field: 'rounds',
    });
  });

  it('is for dispatchers only, not the driver', () => {
    const result = applyDispoAction(assignment('draft'), { action: 'publish' }, driver, at);
    expect(result).toMatchObject({ ok: false, reason: 'forbidden' });
  });
});

describe('round done', () => {
  it('lets the linked driver tick a round of a published assignment, keeping the rest of it', () => {
    const result = applyDispoAction(
      assignment('published'),
      { action: 'roundDone', index: 0, done: true },
      driver,
      at,
    );
    if (!result.ok) throw new Error(result.message);
    expect(result.changes).toEqual({
      rounds: [
        { done: true, notes: 'Hof Nord', items: [{ containerTypeId: 't1', quantity: 2 }] },
        { done: true, notes: null, items: [] },
      ],
    });
    expect(result.assignment).toMatchObject({ id: 'a1', status: 'published', rounds: result.changes.rounds });
  });

  it('unticks a round, and does not touch the assignment it was given', () => {
    const before = assignment('published');
    const result = applyDispoAction(before, { action: 'roundDone', index: 1, done: false }, driver, at);
    if (!result.ok) throw new Error(result.message);
    expect(result.changes.rounds?.map((r) => r.done)).toEqual([false, false]);
    expect(before.rounds.map((r) => r.done)).toEqual([false, true]);
  });

  it('changes nothing when the round already is as asked', () => {
    const result = applyDispoAction(
      assignment('published'),
      { action: 'roundDone', index: 1, done: true },
      driver,
      at,
    );
    expect(result).toMatchObject({ ok: true, changes: {} });
  });

  it('lets dispatchers tick on drafts too', () => {
    const result = applyDispoAction(
      assignment('draft'),
      { action: 'roundDone', index: 0, done: true },
      dispatcher,
      at,
    );
    expect(result.ok).toBe(true);
  });

  it('refuses another operator, the driver on a draft, a driver who no longer exists and viewers (403)', () => {
    const refused = {
      ok: false,
      reason: 'forbidden',
      message: 'Only the driver of this published assignment or a dispatcher can mark rounds done',
    };
    const tick = { action: 'roundDone', index: 0, done: true } as const;
    expect(applyDispoAction(assignment('published'), tick, otherOperator, at)).toEqual(refused);
    expect(applyDispoAction(assignment('draft'), tick, driver, at)).toEqual(refused);
    expect(applyDispoAction(assignment('published', { driver: null }), tick, driver, at)).toEqual(refused);
    expect(applyDispoAction(assignment('published'), tick, viewer, at)).toEqual(refused);
  });

  it('refuses a driver whose account is not linked, even with an empty id', () => {
    const unlinked = assignment('published', { driver: { userId: null } });
    expect(canTickRounds({ id: '', role: 'operator' }, unlinked)).toBe(false);
    expect(canTickRounds(dispatcher, unlinked)).toBe(true);
  });

  it('refuses a round the assignment does not have (404), after the permission', () => {
    expect(
      applyDispoAction(assignment('published'), { action: 'roundDone', index: 5, done: true }, driver, at),
    ).toEqual({ ok: false, reason: 'not_found', message: 'This assignment has no round 6' });
    expect(
      applyDispoAction(
        assignment('published'),
        { action: 'roundDone', index: 5, done: true },
        otherOperator,
        at,
      ),
    ).toMatchObject({ ok: false, reason: 'forbidden' });
  });
});
