/**
 * A small in-memory cache with a time to live per entry and a size cap (the oldest entry goes first).
 * Concurrent misses for one key share a single load; failed loads are not kept.
 */
export class TtlCache<T> {
  readonly #entries = new Map<string, { value: T; expires: number }>();
  readonly #loading = new Map<string, Promise<T>>();

  constructor(
    private readonly maxEntries: number,
    private readonly now: () => number = Date.now,
  ) {}

  get size(): number {
    return this.#entries.size;
  }

  get(key: string): T | undefined {
    const hit = this.#entries.get(key);
    if (!hit) return undefined;
    if (hit.expires <= this.now()) {
      this.#entries.delete(key);
      return undefined;
    }
    return hit.value;
  }

  set(key: string, value: T, ttlMs: number): void {
    this.#entries.delete(key);
    this.#entries.set(key, { value, expires: this.now() + ttlMs });
    while (this.#entries.size > this.maxEntries) {
      const oldest = this.#entries.keys().next().value;
      if (oldest === undefined) break;
      this.#entries.delete(oldest);
    }
  }

  /** The cached value, else `load()`'s, kept for `ttl(value)` milliseconds. */
  async getOrLoad(key: string, load: () => Promise<T>, ttl: (value: T) => number): Promise<T> {
    const hit = this.get(key);
    if (hit !== undefined) return hit;
    const running = this.#loading.get(key);
    if (running) return running;
    const promise = load()
      .then((value) => {
        this.set(key, value, ttl(value));
        return value;
      })
      .finally(() => this.#loading.delete(key));
    this.#loading.set(key, promise);
    return promise;
  }

  clear(): void {
    this.#entries.clear();
  }
}
