/** What a `sync` poke says: these collections changed, up to this change cursor (when known). */
export interface SyncPoke {
  collections: string[];
  /**
   * The newest change cursor value the poke stands for. A client whose mirror is already at or past it
   * has every change the poke announces and need not pull. Absent when a change's cursor is unknown (a
   * seed that stamped its rows itself): then every client pulls.
   */
  cursor?: number;
}

/** How long pokes are gathered: a floor, plus a share per connected socket, up to a ceiling. */
export interface PokeWindow {
  minMs: number;
  perSocketMs: number;
  maxMs: number;
}

/*
 * Every poke makes every poked client pull, so the pulls a poke costs grow with the sockets connected.
 * With 4 ms per socket an instance asks for at most about 250 pulls a second however many write, and a
 * few tablets still hear of a change within a quarter of a second. The ceiling bounds how stale a
 * mirror can be while a busy fleet writes without pause.
 */
export const DEFAULT_POKE_WINDOW: PokeWindow = { minMs: 250, perSocketMs: 4, maxMs: 2000 };

export function pokeWindowMs(window: PokeWindow, sockets: number): number {
  return Math.min(window.maxMs, Math.max(window.minMs, sockets * window.perSocketMs));
}

/**
 * Merges the pokes of one instance. The first poke after a quiet window goes out at once; pokes arriving
 * within the window after it are gathered and leave together when the window ends, as one poke with the
 * union of their collections and the newest cursor. So every socket gets at most one poke per window,
 * however many writes land in it, and a lone write is announced without delay.
 */
export class PokeThrottle {
  #collections = new Set<string>();
  #cursor = 0;
  #cursorUnknown = false;
  #pending = false;
  #lastSentAt = Number.NEGATIVE_INFINITY;
  #timer: ReturnType<typeof setTimeout> | null = null;

  constructor(
    private readonly send: (poke: SyncPoke) => void,
    private readonly windowMs: () => number,
    private readonly now: () => number = () => performance.now(),
  ) {}

  add(collections: readonly string[], cursor?: number): void {
    for (const name of collections) this.#collections.add(name);
    if (cursor === undefined) this.#cursorUnknown = true;
    else this.#cursor = Math.max(this.#cursor, cursor);
    this.#pending = true;
    if (this.#timer) return;
    const wait = this.#lastSentAt + this.windowMs() - this.now();
    if (wait <= 0) {
      this.flush();
      return;
    }
    this.#timer = setTimeout(() => this.flush(), wait);
    this.#timer.unref?.();
  }

  /** Sends what is gathered now (also at shutdown). */
  flush(): void {
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = null;
    if (!this.#pending) return;
    const poke: SyncPoke = { collections: [...this.#collections] };
    if (!this.#cursorUnknown && this.#cursor > 0) poke.cursor = this.#cursor;
    this.#collections = new Set();
    this.#cursor = 0;
    this.#cursorUnknown = false;
    this.#pending = false;
    this.#lastSentAt = this.now();
    this.send(poke);
  }

  close(): void {
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = null;
    this.#pending = false;
  }
}

/**
 * How long one poke's delivery is spread over the connected sockets: a share per socket, up to a
 * ceiling. Every poked client pulls at once, so a poke sent to every socket in the same instant brings
 * all their pulls in the same instant, and the last of them waits behind all the others. Spread over a
 * few hundred milliseconds (well inside the poke window, so spreads never overlap), the pulls arrive
 * about as fast as they are served. Ten sockets or fewer get it at once.
 */
export interface PokeSpread {
  perSocketMs: number;
  maxMs: number;
}

export const DEFAULT_POKE_SPREAD: PokeSpread = { perSocketMs: 1.5, maxMs: 300 };

/** Delivery is cut into steps this far apart. */
export const POKE_SPREAD_STEP_MS = 20;

export function pokeSpreadMs(spread: PokeSpread, sockets: number): number {
  return sockets <= 10 ? 0 : Math.min(spread.maxMs, sockets * spread.perSocketMs);
}

/**
 * Delivers to `targets` in equal slices, the first at once and one every step until `spreadMs` has
 * passed. A target that went away before its slice is skipped by `deliver` itself. Returns a function
 * that cancels the slices still waiting (at shutdown).
 */
export function deliverSpread<T>(
  targets: readonly T[],
  spreadMs: number,
  deliver: (target: T) => void,
): () => void {
  const steps = Math.max(1, Math.floor(spreadMs / POKE_SPREAD_STEP_MS) + 1);
  const size = Math.ceil(targets.length / steps);
  const timers: Array<ReturnType<typeof setTimeout>> = [];
  for (let step = 0; step * size < targets.length; step++) {
    const slice = targets.slice(step * size, (step + 1) * size);
    if (step === 0) {
      slice.forEach(deliver);
      continue;
    }
    const timer = setTimeout(() => slice.forEach(deliver), step * POKE_SPREAD_STEP_MS);
    timer.unref?.();
    timers.push(timer);
  }
  return () => timers.forEach(clearTimeout);
}
