import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import {
  applyTagChanges,
  INVENTORY_BULK_MAX_IDS,
  renameTag as renameTagIn,
  type InventoryFields,
} from '@/domain/inventory';
import { apiFetch, ApiError } from '@/client/api/client';
import { isOnline, useSyncEngine, type SyncEngine } from '@/client/offline';
import type { InventoryRecord } from './model';

/** A refusal the screen shows as it is (already translated). */
export class InventoryActionError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'InventoryActionError';
  }
}

export interface PhotoChange {
  /** A new photo (compressed by the engine before it is stored). */
  file?: File | null;
  /** Drop the current photo. */
  remove?: boolean;
}

/** Only items the server already has can go in one direct request; the rest queue per item. */
const onServer = (item: InventoryRecord, pending: ReadonlySet<string>) =>
  item.version > 0 && !pending.has(item.id);

async function queueTagChange(
  engine: SyncEngine,
  item: InventoryRecord,
  add: readonly string[],
  remove: readonly string[],
) {
  await engine.enqueueCall({
    collection: 'inventory',
    recordId: item.id,
    method: 'POST',
    url: '/api/inventory/tags/bulk',
    body: { ids: [item.id], add, remove },
    optimistic: { tags: applyTagChanges(item.tags, add, remove) },
    label: item.name,
  });
}

/** Brings the server's answer into the mirror; a failed pull is retried by the engine's own triggers. */
async function refresh(engine: SyncEngine) {
  try {
    await engine.pull();
  } catch (error) {
    console.warn('Inventory pull failed', error);
  }
}

function chunks<T>(list: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
}

/**
 * Every write of the screen, through the offline engine (works without a signal; the outbox sends it
 * later). Tag changes of items the server already has go out as one request when online.
 */
export function useInventoryActions(pending: ReadonlySet<string>) {
  const engine = useSyncEngine();
  const { t } = useTranslation();

  return useMemo(() => {
    const adjust = async (item: InventoryRecord, delta: number) => {
      if (!Number.isInteger(delta) || delta === 0) return;
      const current = await engine.db.inventory.get(item.id);
      const quantity = typeof current?.quantity === 'number' ? current.quantity : item.quantity;
      if (quantity + delta < 0) {
        throw new InventoryActionError(t('inventory.errors.belowZero', { available: quantity }));
      }
      await engine.enqueueCall({
        collection: 'inventory',
        recordId: item.id,
        method: 'POST',
        url: `/api/inventory/${encodeURIComponent(item.id)}/adjust`,
        body: { delta },
        optimistic: { quantity: quantity + delta },
        label: item.name,
      });
    };

    const create = async (fields: InventoryFields, photo: File | null) =>
      engine.createRecord('inventory', { ...fields }, photo ? { files: { photo }, label: fields.name } : {});

    const update = async (item: InventoryRecord, fields: InventoryFields, photo: PhotoChange) => {
      const { quantity, ...rest } = fields;
      const patch: Record<string, unknown> = { ...rest };
      if (photo.remove && !photo.file) patch.photo = null;
      // `item` is the record as the dialog opened on it: only what differs from it is sent.
      await engine.updateRecord('inventory', item.id, patch, {
        label: fields.name,
        base: item,
        baseVersion: item.version,
        ...(photo.file ? { files: { photo: photo.file } } : {}),
        ...(photo.remove && !photo.file ? { sendOnly: { removePhoto: true } } : {}),
      });
      // Stock moves by deltas, so another device's counting is never overwritten.
      if (quantity !== item.quantity) await adjust(item, quantity - item.quantity);
    };

    const remove = (item: InventoryRecord) => engine.deleteRecord('inventory', item.id);

    const bulkTags = async (
      items: readonly InventoryRecord[],
      add: readonly string[],
      removeTags: readonly string[],
    ) => {
      let direct = isOnline() ? items.filter((item) => onServer(item, pending)) : [];
      try {
        for (const part of chunks(direct, INVENTORY_BULK_MAX_IDS)) {
          await apiFetch('/inventory/tags/bulk', {
            method: 'POST',
            body: { ids: part.map((item) => item.id), add, remove: removeTags },
          });
        }
      } catch (error) {
        if (!(error instanceof ApiError && error.isNetworkError)) throw error;
        direct = [];
      }
      const sent = new Set(direct.map((item) => item.id));
      for (const item of items) {
        if (!sent.has(item.id)) await queueTagChange(engine, item, add, removeTags);
      }
      if (sent.size > 0) await refresh(engine);
    };

    /** Renames a tag everywhere; onto an existing tag it merges the two. */
    const renameTag = async (all: readonly InventoryRecord[], from: string, to: string) => {
      const carrying = all.filter((item) => renameTagIn(item.tags, from, to) !== null);
      let local = carrying;
      if (isOnline() && carrying.some((item) => onServer(item, pending))) {
        try {
          await apiFetch('/inventory/tags/rename', { method: 'POST', body: { from, to } });
          local = carrying.filter((item) => !onServer(item, pending));
        } catch (error) {
          if (!(error instanceof ApiError && error.isNetworkError)) throw error;
        }
      }
      for (const item of local) await queueTagChange(engine, item, [to], [from]);
      if (local.length < carrying.length) await refresh(engine);
      return carrying.length;
    };

    return { adjust, create, update, remove, bulkTags, renameTag };
  }, [engine, pending, t]);
}

/** The text to show for a failed action: ours, the server's, or the fallback. */
export function actionErrorMessage(error: unknown, fallback: string): string {
  if (error instanceof InventoryActionError) return error.message;
  if (error instanceof ApiError && error.serverMessage) return error.message;
  return fallback;
}
