import type { FastifyInstance } from 'fastify';
import { STOCK_LOW_EVENT } from '@/domain/inventory';
import type { WriteContext } from '../../plugins/write';

/** Who hears about stock below its minimum. */
export const STOCK_LOW_RECIPIENT_ROLES = ['manager'];

export interface CrossedItem {
  id: string;
  name: string;
  maker: string | null;
  quantity: number;
  minQuantity: number;
}

/**
 * Stores the 'stock.low' notification for managers in the write's transaction and publishes it after
 * the commit (a rolled-back write warns nobody). One item: a notification naming it; several (an
 * import): one summary, so a big import does not flood the bell.
 */
export async function notifyStockLow(
  app: FastifyInstance,
  w: WriteContext,
  crossed: readonly CrossedItem[],
): Promise<void> {
  if (crossed.length === 0) return;
  const [only] = crossed;
  const input =
    crossed.length === 1 && only
      ? {
          key: 'stock.low' as const,
          params: { item: itemLabel(only), quantity: only.quantity, minimum: only.minQuantity },
          link: `/inventory?id=${only.id}`,
        }
      : {
          key: 'stock.lowMany' as const,
          params: { count: crossed.length },
          link: '/inventory?lowStock=true',
        };
  const pending = await app.notify(
    { roles: STOCK_LOW_RECIPIENT_ROLES, type: STOCK_LOW_EVENT, ...input },
    w.tx,
  );
  w.afterCommit(() => pending.publish());
}

function itemLabel(item: CrossedItem): string {
  return item.maker ? `${item.name} (${item.maker})` : item.name;
}
