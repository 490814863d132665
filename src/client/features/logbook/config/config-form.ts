import { isTimeOfDay, type LogbookConfig } from '@/domain/logbook';

/** The configuration form's values: coordinates as typed text. */
export interface ConfigFormValues {
  conveyors: Array<{ key: string; name: string }>;
  specialChecks: Array<{ key: string; name: string }>;
  site: { name: string; latitude: string; longitude: string };
  defaultShift: { start: string; end: string };
}

export type ConfigListName = 'conveyors' | 'specialChecks';

export function configValues(config: LogbookConfig): ConfigFormValues {
  return {
    conveyors: config.conveyors.map((c) => ({ ...c })),
    specialChecks: config.specialChecks.map((c) => ({ ...c })),
    site: {
      name: config.site.name,
      latitude: String(config.site.latitude),
      longitude: String(config.site.longitude),
    },
    defaultShift: { ...config.defaultShift },
  };
}

const KEY = /^[A-Za-z0-9_-]+$/;

/** A key made from a name: "Sortierband 1" → "sortierband-1" (umlauts folded). */
export function keyFromName(name: string): string {
  return name
    .toLowerCase()
    .replace(/ä/g, 'ae')
    .replace(/ö/g, 'oe')
    .replace(/ü/g, 'ue')
    .replace(/ß/g, 'ss')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
}

const toNumber = (text: string) => {
  const trimmed = text.trim().replace(',', '.');
  return trimmed ? Number(trimmed) : Number.NaN;
};

/** Field path → i18n key below `logbook.config.validation.` (the API's rules: keys required and unique). */
export function validateConfig(values: ConfigFormValues): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const list of ['conveyors', 'specialChecks'] as const) {
    const seen = new Set<string>();
    values[list].forEach((item, i) => {
      const key = item.key.trim().toLowerCase();
      if (!key) errors[`${list}.${i}.key`] = 'keyRequired';
      else if (!KEY.test(key)) errors[`${list}.${i}.key`] = 'keyFormat';
      else if (seen.has(key)) errors[`${list}.${i}.key`] = 'keyUnique';
      seen.add(key);
      if (!item.name.trim()) errors[`${list}.${i}.name`] = 'nameRequired';
    });
  }
  if (!values.site.name.trim()) errors['site.name'] = 'siteRequired';
  const latitude = toNumber(values.site.latitude);
  if (!Number.isFinite(latitude) || latitude < -90 || latitude > 90) errors['site.latitude'] = 'latitude';
  const longitude = toNumber(values.site.longitude);
  if (!Number.isFinite(longitude) || longitude < -180 || longitude > 180)
    errors['site.longitude'] = 'longitude';
  for (const field of ['start', 'end'] as const) {
    if (!isTimeOfDay(values.defaultShift[field].trim())) errors[`defaultShift.${field}`] = 'time';
  }
  if (
    !errors['defaultShift.start'] &&
    !errors['defaultShift.end'] &&
    values.defaultShift.start === values.defaultShift.end
  )
    errors['defaultShift.end'] = 'shiftSame';
  return errors;
}

/** The document PUT /api/betriebstagebuch-config takes (after `validateConfig` found nothing). */
export function toConfig(values: ConfigFormValues): LogbookConfig {
  const items = (list: ConfigFormValues[ConfigListName]) =>
    list.map((item) => ({ key: item.key.trim(), name: item.name.trim() }));
  return {
    conveyors: items(values.conveyors),
    specialChecks: items(values.specialChecks),
    site: {
      name: values.site.name.trim(),
      latitude: toNumber(values.site.latitude),
      longitude: toNumber(values.site.longitude),
    },
    defaultShift: { start: values.defaultShift.start.trim(), end: values.defaultShift.end.trim() },
  };
}
