import net from 'node:net';

export type RelayMode = 'pass' | 'stall' | 'drop';

/**
 * A TCP relay between the browser and the server that plays a poor site link: `pass` forwards,
 * `stall` accepts connections and stops moving bytes on every open one (a link that never answers),
 * `drop` refuses new connections and resets open ones. Connections stalled stay hung after `pass`:
 * only the client's own deadlines get it out of them.
 */
export interface FlakyRelay {
  url: string;
  mode(next: RelayMode): void;
  /** Connections accepted while the link was stalled. */
  stalledConnections(): number;
  close(): Promise<void>;
}

export async function startFlakyRelay(target: URL): Promise<FlakyRelay> {
  let mode: RelayMode = 'pass';
  let stalled = 0;
  const open = new Set<net.Socket>();
  const held = new Set<net.Socket>();
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
    open.add(client);
    open.add(upstream);
    const close = () => {
      client.destroy();
      upstream.destroy();
      open.delete(client);
      open.delete(upstream);
    };
    client.on('close', close);
    upstream.on('error', close).on('close', close);
    client.pipe(upstream);
    upstream.pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    mode(next) {
      mode = next;
      if (next === 'stall') {
        // Open connections freeze: nothing read, nothing forwarded, both ways.
        for (const socket of open) {
          socket.unpipe();
          socket.pause();
          held.add(socket);
        }
        open.clear();
      }
      if (next === 'drop') {
        for (const socket of [...open, ...held]) socket.destroy();
        open.clear();
        held.clear();
      }
    },
    stalledConnections: () => stalled,
    close() {
      for (const socket of [...open, ...held]) socket.destroy();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
