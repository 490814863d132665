import { gzipSync, constants as zlib } from 'node:zlib';

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
 *
 * A kept page is also compressed once: every tablet asks for gzip, and packing the same text for each
 * of them cost more than reading it had.
 */
export class PullPageCache {
  #head = 0;
  readonly #pages = new Map<string, { page: PageText; at: number }>();
  readonly #building = new Map<string, Promise<BuiltPage>>();

  constructor(
    private readonly ttlMs = 2000,
    private readonly maxPages = 500,
    private readonly now: () => number = () => performance.now(),
  ) {}

  /** The page for `key` at `head`: kept, being read by another request, or read now with `build`. */
  async get(head: number, key: string, build: () => Promise<BuiltPage>): Promise<PageText> {
    const id = `${head}|${key}`;
    const kept = this.#pages.get(id);
    if (kept) {
      if (this.now() - kept.at <= this.ttlMs) return kept.page;
      this.#pages.delete(id);
    }
    const running = this.#building.get(id);
    if (running) {
      const page = await running;
      // Read for another viewer with rows only that viewer sees: read this viewer's own.
      if (!page.shared) return new PageText((await build()).json);
      return this.#pages.get(`${page.head}|${key}`)?.page ?? new PageText(page.json);
    }
    const reading = build();
    this.#building.set(id, reading);
    try {
      const page = await reading;
      const text = new PageText(page.json);
      if (page.shared) this.#keep(page.head, key, text);
      return text;
    } finally {
      this.#building.delete(id);
    }
  }

  #keep(head: number, key: string, page: PageText) {
    // Pages of an older head answer no new request (a request reads the head first); a read that
    // finished late must not put one back.
    if (head < this.#head) return;
    if (head > this.#head || this.#pages.size >= this.maxPages) {
      this.#pages.clear();
      this.#head = head;
    }
    this.#pages.set(`${head}|${key}`, { page, at: this.now() });
  }
}

/** A page's JSON text and, once asked for, its gzip bytes (zlib's fastest level, as the route's own). */
export class PageText {
  #gzip: Buffer | null = null;
  constructor(readonly json: string) {}

  gzip(): Buffer {
    this.#gzip ??= gzipSync(this.json, { level: zlib.Z_BEST_SPEED });
    return this.#gzip;
  }
}

/** Whether an Accept-Encoding header takes gzip (by name or `*`, with a weight above zero). */
export function acceptsGzip(header: string | undefined): boolean {
  if (!header) return false;
  let star = false;
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    const taken = Number.isFinite(weight) && weight > 0;
    if (name.trim() === 'gzip') return taken;
    if (name.trim() === '*') star = taken;
  }
  return star;
}
