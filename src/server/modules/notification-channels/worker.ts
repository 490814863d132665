import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import { dispatchDelivery, type DispatchContext } from './dispatch';
import type { NotificationChannelsOptions } from './options';
import { claimDueDeliveries, markCancelled, markFailed, markSent, type DeliveryRow } from './queue';

export interface WorkerDeps {
  db: Database;
  log: FastifyBaseLogger;
  options: NotificationChannelsOptions;
  /** Settings and secrets are read once per round, so a change applies to the next round. */
  context: () => Promise<DispatchContext>;
}

/**
 * Sends queued deliveries in the background: wakes every `pollIntervalMs` and at once when something
 * was queued, claims due rows (safe with several instances) and settles each as sent, retried later,
 * dead or cancelled. Nothing it does can fail a request; errors are logged.
 */
export class DeliveryWorker {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<number> | undefined;
  private again = false;
  /** The timer runs only between start() and stop(); runOnce() works in any case until stop(). */
  private started = false;
  private closed = false;

  constructor(private readonly deps: WorkerDeps) {}

  start() {
    if (this.closed) return;
    this.started = true;
    this.schedule(0);
  }

  /** Stops the timer and waits for the round in progress. */
  async stop() {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    await this.running?.catch(() => undefined);
  }

  /** Something was queued: run a round now (or right after the current one). */
  kick() {
    if (!this.started || this.closed) return;
    if (this.running) this.again = true;
    else this.schedule(0);
  }

  /**
   * Sends everything due now and resolves with the number of deliveries handled. Used by the timer,
   * and by tests that drive the queue themselves.
   */
  runOnce(): Promise<number> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    const round = this.drain()
      .catch((err: unknown) => {
        this.deps.log.error({ err }, 'notification delivery round failed');
        return 0;
      })
      .finally(() => {
        this.running = undefined;
        const again = this.again;
        this.again = false;
        if (this.started && !this.closed) this.schedule(again ? 0 : this.deps.options.pollIntervalMs);
      });
    this.running = round;
    return round;
  }

  /** Waits for a round in progress, then runs a fresh one: everything queued before the call is seen. */
  async flush(): Promise<number> {
    await this.running?.catch(() => undefined);
    return this.runOnce();
  }

  private schedule(ms: number) {
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.runOnce();
    }, ms);
    this.timer.unref();
  }

  private async drain(): Promise<number> {
    let handled = 0;
    while (!this.closed) {
      const rows = await claimDueDeliveries(this.deps.db, this.deps.options);
      if (rows.length === 0) return handled;
      const ctx = await this.deps.context();
      await Promise.all(rows.map((row) => this.handle(row, ctx)));
      handled += rows.length;
    }
    return handled;
  }

  private async handle(row: DeliveryRow, ctx: DispatchContext) {
    const { db, log, options } = this.deps;
    const outcome = await dispatchDelivery(row, ctx);
    try {
      if (outcome.status === 'sent') await markSent(db, row);
      else if (outcome.status === 'cancelled') await markCancelled(db, row, outcome.reason);
      else {
        const status = await markFailed(db, row, outcome.error, options);
        const entry = { delivery: row.id, channel: row.channel, attempt: row.attempts, error: outcome.error };
        if (status === 'dead') log.warn(entry, 'notification delivery gave up');
        else log.info(entry, 'notification delivery failed, will retry');
      }
    } catch (err) {
      // The lease brings the row back; it may be sent twice, never lost.
      log.error({ err, delivery: row.id }, 'could not record a delivery outcome');
    }
  }
}
