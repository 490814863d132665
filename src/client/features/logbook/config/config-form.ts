import { logbookConfigEntity, type LogbookConfig, type LogbookConfigForm } from '@/domain/logbook';

/*
 * The settings form of the logbook configuration, a thin wrapper around its declaration
 * (`logbookConfigEntity`, src/domain/logbook.ts): the empty form, a stored document as the form holds
 * it, the payload and the keyed messages all come from there.
 */

/** The form's values: each list's rows with a key of the device, the coordinates as typed. */
export type ConfigFormValues = LogbookConfigForm;

export type ConfigListName = 'conveyors' | 'specialChecks';

/** A stored configuration as the form holds it. */
export function configValues(config: LogbookConfig): ConfigFormValues {
  return logbookConfigEntity.toForm(config);
}

/** A new, empty row of one list, with its own row key. */
export function newConfigRow(list: ConfigListName): ConfigFormValues[ConfigListName][number] {
  return logbookConfigEntity.fields[list].newRow();
}

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

/** The document PUT /api/betriebstagebuch-config takes; throws when the declaration refuses the form. */
export function toConfig(values: ConfigFormValues): LogbookConfig {
  return logbookConfigEntity.toRecord(values);
}
