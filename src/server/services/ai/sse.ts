/**
 * Incremental parser for a `text/event-stream` body: feed it decoded text as it arrives and it calls
 * `onData` with the payload of each complete event (the `data:` lines joined by "\n"). Comments, `event:`,
 * `id:` and `retry:` fields are ignored; that is all an OpenAI-compatible chat stream needs.
 */
export class SseParser {
  #buffer = '';
  #data: string[] = [];

  constructor(private readonly onData: (data: string) => void) {}

  push(chunk: string): void {
    this.#buffer += chunk;
    let newline: number;
    while ((newline = this.#buffer.search(/\r\n|\r|\n/)) >= 0) {
      const line = this.#buffer.slice(0, newline);
      const width = this.#buffer.startsWith('\r\n', newline) ? 2 : 1;
      this.#buffer = this.#buffer.slice(newline + width);
      this.#line(line);
    }
  }

  /** Ends the stream: a last event without its blank line still counts. */
  end(): void {
    if (this.#buffer) this.#line(this.#buffer);
    this.#buffer = '';
    this.#dispatch();
  }

  #line(line: string): void {
    if (line === '') return this.#dispatch();
    if (line.startsWith(':')) return;
    const colon = line.indexOf(':');
    const field = colon < 0 ? line : line.slice(0, colon);
    if (field !== 'data') return;
    let value = colon < 0 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    this.#data.push(value);
  }

  #dispatch(): void {
    if (this.#data.length === 0) return;
    const data = this.#data.join('\n');
    this.#data = [];
    this.onData(data);
  }
}
