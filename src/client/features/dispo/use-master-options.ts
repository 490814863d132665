import type { ContainerType } from '@/domain/dispo/container-types';
import type { Driver } from '@/domain/dispo/drivers';
import type { Truck } from '@/domain/dispo/trucks';
import { listAllMaster } from './api/master-data';
import { useRemoteData, type RemoteData } from '@/client/lib/use-remote-data';

export interface MasterOptions {
  drivers: Driver[];
  trucks: Truck[];
  types: ContainerType[];
}

/** Drivers, trucks and container types for pickers and filters (all of them, small lists). */
export function useMasterOptions(enabled = true, version = 0): RemoteData<MasterOptions> {
  return useRemoteData(enabled ? `master-options#${version}` : null, async (signal) => {
    const [drivers, trucks, types] = await Promise.all([
      listAllMaster('drivers', signal),
      listAllMaster('trucks', signal),
      listAllMaster('types', signal),
    ]);
    return { drivers, trucks, types };
  });
}
