import { DISPO_STATUS_LABEL } from '@/client/i18n/status-labels';
import type { DispoOperation } from '@/domain/dispo/constants';
import type { MasterKind } from './api/master-data';
import type { DispoTab } from './search';

/** i18n keys written out, so the locale check finds every one of them. */
/** The shared status vocabulary. */
export const STATUS_LABEL = DISPO_STATUS_LABEL;

export const OPERATION_LABEL: Record<DispoOperation, string> = {
  pickup: 'dispo.operation.pickup',
  place: 'dispo.operation.place',
  swap: 'dispo.operation.swap',
};

export const TAB_LABEL: Record<DispoTab, string> = {
  assignments: 'dispo.tabs.assignments',
  overview: 'dispo.tabs.overview',
  dashboard: 'dispo.tabs.dashboard',
  master: 'dispo.tabs.master',
};

interface MasterLabels {
  title: string;
  new: string;
  newTitle: string;
  editTitle: string;
  deleteTitle: string;
  empty: string;
}

export const MASTER_LABELS: Record<MasterKind, MasterLabels> = {
  drivers: {
    title: 'dispo.master.drivers.title',
    new: 'dispo.master.drivers.new',
    newTitle: 'dispo.master.drivers.newTitle',
    editTitle: 'dispo.master.drivers.editTitle',
    deleteTitle: 'dispo.master.drivers.deleteTitle',
    empty: 'dispo.master.drivers.empty',
  },
  trucks: {
    title: 'dispo.master.trucks.title',
    new: 'dispo.master.trucks.new',
    newTitle: 'dispo.master.trucks.newTitle',
    editTitle: 'dispo.master.trucks.editTitle',
    deleteTitle: 'dispo.master.trucks.deleteTitle',
    empty: 'dispo.master.trucks.empty',
  },
  types: {
    title: 'dispo.master.types.title',
    new: 'dispo.master.types.new',
    newTitle: 'dispo.master.types.newTitle',
    editTitle: 'dispo.master.types.editTitle',
    deleteTitle: 'dispo.master.types.deleteTitle',
    empty: 'dispo.master.types.empty',
  },
};
