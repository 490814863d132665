/** A pull page as it goes out, with the facts that decide whether others may be sent the same bytes. */
export interface BuiltPage {
  json: string;
  /** The change counter of the snapshot the page was read in. */
  head: number;
  /**
   * True when every viewer asking for the same range and collections gets exactly these bytes: no served
   * collection with per-viewer rows (dispo assignments) had a change in the range.
   */
  shared: boolean;
}

/*
 * After a write every poked tablet pulls the same range: from the cursor it had, the previous head, to
 * the new head. Built once and sent as the same JSON text to all of them, that costs one snapshot read
 * and one encoding per write instead of one per tablet.
 *
 * The key is the change counter read just before (the head), the from-cursor, the limit and the served
 * collections (which follow from the settings and the viewer's role). A page read at head H holds every
 * row stamped up to H and none after (commit order is cursor order), so under the same head and range it
 * is the same page, whoever asks. Rows of a collection with per-viewer visibility are the exception: a
 * page is only kept when such collections had nothing in the range, so they add nothing for anyone.
 *
 * What a page maps beside its rows (a user's name on a report, the service interval) can change without
 * a new cursor value; a kept page therefore lives at most `ttlMs`, about as long as a pull took on a
 * busy server before. Requests that arrive while the same page is being read wait for that read.
 */
export class PullPageCache {
  #head = 0;
  readonly #pages = new Map<string, { json: string; at: number }>();
  readonly #building = new Map<string, Promise<BuiltPage>>();

  constructor(
    private readonly ttlMs = 2000,
    private readonly maxPages = 500,
    private readonly now: () => number = () => performance.now(),
  ) {}

  /** The page for `key` at `head`: kept, being read by another request, or read now with `build`. */
  async get(head: number, key: string, build: () => Promise<BuiltPage>): Promise<string> {
    const id = `${head}|${key}`;
    const kept = this.#pages.get(id);
    if (kept) {
      if (this.now() - kept.at <= this.ttlMs) return kept.json;
      this.#pages.delete(id);
    }
    const running = this.#building.get(id);
    if (running) {
      const page = await running;
      // Read for another viewer with rows only that viewer sees: read this viewer's own.
      return page.shared ? page.json : (await build()).json;
    }
    const reading = build();
    this.#building.set(id, reading);
    try {
      const page = await reading;
      if (page.shared) this.#keep(page.head, key, page.json);
      return page.json;
    } finally {
      this.#building.delete(id);
    }
  }

  #keep(head: number, key: string, json: string) {
    // Pages of an older head answer no new request (a request reads the head first); a read that
    // finished late must not put one back.
    if (head < this.#head) return;
    if (head > this.#head || this.#pages.size >= this.maxPages) {
      this.#pages.clear();
      this.#head = head;
    }
    this.#pages.set(`${head}|${key}`, { json, at: this.now() });
  }
}
