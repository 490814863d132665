import type { OutboxKind, OutboxState, RecordSyncState } from '@/client/offline/types';

/* Translation keys spelled out, so that every key in the locale files is found in the source. */

export const KIND_KEY: Record<OutboxKind, string> = {
  create: 'sync.kind.create',
  update: 'sync.kind.update',
  delete: 'sync.kind.delete',
  call: 'sync.kind.call',
  batch: 'sync.kind.batch',
};

export const STATE_KEY: Record<OutboxState, string> = {
  waiting: 'sync.state.waiting',
  sending: 'sync.state.sending',
  failed: 'sync.state.failed',
  conflict: 'sync.state.conflict',
};

export const RECORD_STATE_KEY: Record<RecordSyncState, string> = {
  waiting: 'sync.record.waiting',
  failed: 'sync.record.failed',
  conflict: 'sync.record.conflict',
};

/** Reasons the engine itself gives (OutboxEntry.errorKey). */
export const ERROR_KEY: Record<string, string> = {
  offline: 'sync.error.offline',
  deletedOnServer: 'sync.error.deletedOnServer',
  tooOld: 'sync.error.tooOld',
  fileMissing: 'sync.error.fileMissing',
};

/** Field names shown in the conflict resolver; a module's issue adds its own fields here. */
export const FIELD_KEY: Record<string, string> = {
  name: 'sync.fields.name',
  model: 'sync.fields.model',
  serialNumber: 'sync.fields.serialNumber',
  year: 'sync.fields.year',
  status: 'sync.fields.status',
  usageHours: 'sync.fields.usageHours',
  location: 'sync.fields.location',
  engineNumber: 'sync.fields.engineNumber',
  nextInspectionHours: 'sync.fields.nextInspectionHours',
  lastServiceHours: 'sync.fields.lastServiceHours',
  purchaseDate: 'sync.fields.purchaseDate',
  lastServiceDate: 'sync.fields.lastServiceDate',
  specifications: 'sync.fields.specifications',
  description: 'sync.fields.description',
  notes: 'sync.fields.notes',
  // Logbook entries and reports: the fields a merge notice or the conflict resolver may name.
  site: 'sync.fields.site',
  generalNotes: 'sync.fields.generalNotes',
  date: 'sync.fields.date',
  shiftStart: 'sync.fields.shiftStart',
  shiftEnd: 'sync.fields.shiftEnd',
  weather: 'sync.fields.weather',
  conveyorChecks: 'sync.fields.conveyorChecks',
  specialChecks: 'sync.fields.specialChecks',
  reportDate: 'sync.fields.reportDate',
  operatorName: 'sync.fields.operatorName',
  managerName: 'sync.fields.managerName',
  operatingHours: 'sync.fields.operatingHours',
  checklist: 'sync.fields.checklist',
};
