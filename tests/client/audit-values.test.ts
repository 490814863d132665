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
