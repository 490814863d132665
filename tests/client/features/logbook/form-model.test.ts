import { describe, expect, it } from 'vitest';
import { DEFAULT_LOGBOOK_CONFIG } from '@/domain/logbook';
import { fromDraft, newEntryValues } from '@/client/features/logbook/form-model';

describe('a logbook draft restored into the form', () => {
  it('moves the weather typed into an older draft, kept at the top, into its group', () => {
    const { weather: _, ...current } = newEntryValues(DEFAULT_LOGBOOK_CONFIG, '2026-11-20');
    const old = { ...current, temperature: 12, humidity: 80, conditions: 'rain' };

    const restored = fromDraft(old as unknown as ReturnType<typeof newEntryValues>);

    expect(restored.weather).toEqual({ temperature: 12, humidity: 80, conditions: 'rain' });
    expect(restored).not.toHaveProperty('temperature');
    expect(restored).not.toHaveProperty('conditions');
    expect(restored.date).toBe('2026-11-20');
  });

  it('keeps a draft of the present shape as it is', () => {
    const values = newEntryValues(DEFAULT_LOGBOOK_CONFIG, '2026-11-20');
    values.weather = { temperature: 3, humidity: '', conditions: 'snow' };
    expect(fromDraft(values)).toBe(values);
  });
});
