import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import type { MasterKind, MasterKinds } from '../api/master-data';

export interface MasterColumn<K extends MasterKind> {
  label: string;
  cell(record: MasterKinds[K]['record']): ReactNode;
}

type Columns = { [K in MasterKind]: (t: TFunction) => Array<MasterColumn<K>> };

/** The table columns of each kind of master data (the Active column is shared). */
export const MASTER_COLUMNS: Columns = {
  drivers: (t) => [
    { label: t('dispo.master.fields.name'), cell: (d) => d.name },
    { label: t('dispo.master.fields.phone'), cell: (d) => d.phone ?? '—' },
    { label: t('dispo.master.fields.user'), cell: (d) => (d.user ? d.user.name || d.user.username : '—') },
  ],
  trucks: (t) => [
    { label: t('dispo.master.fields.licensePlate'), cell: (truck) => truck.licensePlate },
    { label: t('dispo.master.fields.type'), cell: (truck) => truck.type ?? '—' },
    {
      label: t('dispo.master.fields.capacity'),
      cell: (truck) => (truck.capacity === null ? '—' : `${truck.capacity} t`),
    },
  ],
  types: (t) => [
    { label: t('dispo.master.fields.name'), cell: (type) => type.name },
    { label: t('dispo.master.fields.volume'), cell: (type) => `${type.volume} m³` },
    { label: t('dispo.master.fields.description'), cell: (type) => type.description ?? '—' },
  ],
};

/** What a record is called in texts ("Delete M-FP 1234?"). */
export function masterName(record: MasterKinds[MasterKind]['record']): string {
  return 'licensePlate' in record ? record.licensePlate : record.name;
}
