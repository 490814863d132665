import net from 'node:net';

export type RelayMode = 'pass' | 'stall' | 'drop' | 'throttle';

/** A slow link: every chunk is delayed by `latencyMs` and the bytes flow at most at `bytesPerSecond`. */
export interface Throttle {
  latencyMs: number;
  bytesPerSecond: number;
}

/**
 * A TCP relay between the browser and the server that plays a poor site link: `pass` forwards,
 * `stall` accepts connections and stops moving bytes on every open one (a link that never answers),
 * `drop` refuses new connections and resets open ones, `throttle` forwards with a delay and a
 * bandwidth per direction of each connection. Connections stalled stay hung after `pass`: only the
 * client's own deadlines get it out of them.
 */
export interface FlakyRelay {
  url: string;
  mode(next: RelayMode): void;
  /** The link `throttle` plays (default: 400 ms, 100 kB/s). */
  setThrottle(next: Throttle): void;
  /**
   * Connections the browser tried to use while the link was stalled: accepted during the stall, or
   * already open (a kept-alive socket the browser reuses) and written to after the stall began.
   */
  stalledConnections(): number;
  /** Open connections reset by `drop`. */
  cutConnections(): number;
  close(): Promise<void>;
}

export async function startFlakyRelay(target: URL): Promise<FlakyRelay> {
  let mode: RelayMode = 'pass';
  let throttle: Throttle = { latencyMs: 400, bytesPerSecond: 100_000 };
  let stalled = 0;
  let cut = 0;
  // Each open client socket with its upstream socket.
  const open = new Map<net.Socket, net.Socket>();
  const held = new Set<net.Socket>();

  /**
   * Moves bytes from `from` to `to`. While throttled each chunk leaves at the later of its arrival plus
   * the latency and the moment the previous chunk has gone through at the bandwidth; those moments only
   * grow, so chunks keep their order.
   */
  const forward = (from: net.Socket, to: net.Socket) => {
    let nextFree = 0;
    from.on('data', (chunk: Buffer) => {
      const now = Date.now();
      if (mode !== 'throttle' && nextFree <= now) {
        if (!to.destroyed) to.write(chunk);
        return;
      }
      const shape = mode === 'throttle' ? throttle : { latencyMs: 0, bytesPerSecond: Infinity };
      const at = Math.max(now + shape.latencyMs, nextFree);
      nextFree = at + (chunk.length / shape.bytesPerSecond) * 1000;
      setTimeout(() => {
        if (!to.destroyed) to.write(chunk);
      }, at - now);
    });
  };

  const server = net.createServer((client) => {
    client.on('error', () => client.destroy());
    if (mode === 'drop') return void client.destroy();
    if (mode === 'stall') {
      stalled++;
      held.add(client);
      client.pause();
      return;
    }
    const upstream = net.connect(Number(target.port), target.hostname);
    open.set(client, upstream);
    const close = () => {
      client.destroy();
      upstream.destroy();
      open.delete(client);
    };
    client.on('close', close);
    upstream.on('error', close).on('close', close);
    forward(client, upstream);
    forward(upstream, client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    mode(next) {
      mode = next;
      if (next === 'stall') {
        // Open connections freeze: nothing forwarded, both ways. The browser keeps idle sockets alive
        // and sends its next request over one of them without opening a new connection, so the
        // client side still reads: its first bytes count it as stalled, and they go nowhere.
        for (const [client, upstream] of open) {
          upstream.removeAllListeners('data');
          upstream.pause();
          client.removeAllListeners('data');
          let counted = false;
          client.on('data', () => {
            if (counted) return;
            counted = true;
            stalled++;
          });
          held.add(client);
          held.add(upstream);
        }
        open.clear();
      }
      if (next === 'drop') {
        cut += open.size;
        for (const socket of [...open.keys(), ...open.values(), ...held]) socket.destroy();
        open.clear();
        held.clear();
      }
    },
    setThrottle(next) {
      throttle = next;
    },
    stalledConnections: () => stalled,
    cutConnections: () => cut,
    close() {
      for (const socket of [...open.keys(), ...open.values(), ...held]) socket.destroy();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
