import { beforeAll, describe, expect, it } from 'vitest';
import { actionLabel, auditChanges, entityLabel } from '@/client/features/settings/audit-values';
import { i18n, initI18n } from '@/client/i18n';
import { createFormat } from '@/domain/format';

beforeAll(async () => {
  await initI18n();
});

describe('audit entries of dispatch and follow-ups', () => {
  it('read in the UI language: action, record type, field labels and the round operation', async () => {
    await i18n.changeLanguage('de');
    const t = i18n.t.bind(i18n);
    expect(actionLabel('dispoAssignment.publish', t)).toBe('Auftrag veröffentlicht');
    expect(actionLabel('followup.close', t)).toBe('Nacharbeit abgeschlossen');
    expect(entityLabel('followup', t)).toBe('Nacharbeit');
    const changes = auditChanges(
      {
        truckId: { from: null, to: 'a' },
        rounds: { from: null, to: [{ items: [{ quantity: 2, operation: 'swap' }] }] },
      },
      t,
      createFormat('de'),
    );
    expect(changes.map((c) => c.label)).toEqual(['Lkw', 'Touren']);
    expect(changes[1]!.to).toBe('Behälter: Menge: 2, Vorgang: Tauschen');

    await i18n.changeLanguage('gr');
    expect(actionLabel('dispoAssignment.publish', i18n.t.bind(i18n))).toBe('Δημοσίευση ανάθεσης');
  });
});

describe('ids of other records in a change', () => {
  it("read as those records' names where the server named them, however deep", () => {
    const t = i18n.t.bind(i18n);
    const truck = '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b';
    const skip = '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5c';
    const changes = auditChanges(
      {
        truckId: { from: null, to: truck },
        rounds: { from: null, to: [{ items: [{ containerTypeId: skip, quantity: 1 }] }] },
        notes: { from: null, to: truck },
      },
      t,
      createFormat('en'),
      { [truck]: 'HH-AB 123', [skip]: 'Skip 7 m³' },
    );
    expect(changes[0]!.to).toBe('HH-AB 123');
    expect(changes[1]!.to).toContain('Skip 7 m³');
    expect(changes[1]!.to).not.toContain(skip);
    // Only reference fields are looked up: the same text in a note stays as it was written.
    expect(changes[2]!.to).toBe(truck);
  });
});
