import type { ChannelFailure } from '@/domain/notification-channels';

/** A failed send to a mail server, webhook or push service: the kind of failure and our own words. */
export class DeliveryError extends Error {
  constructor(
    readonly failure: ChannelFailure,
    message: string,
    options?: ErrorOptions,
  ) {
    super(message, options);
    this.name = 'DeliveryError';
  }
}

/** The failure code of anything a send threw: its own, or FAILED for what no sender classified. */
export const failureOf = (err: unknown): ChannelFailure =>
  err instanceof DeliveryError ? err.failure : 'FAILED';
