import net from 'node:net';

/**
 * A TCP relay in front of the test server that can cut the line. `context.setOffline(true)` does
 * not stop service-worker fetches or open websockets, so offline tests browse
 * through this relay and cut it: from then on every connection — page, worker, socket — fails,
 * exactly like a tablet that lost its signal.
 */
export interface NetworkSwitch {
  /** http://127.0.0.1:<relay port> — a separate origin, so it has its own fresh service worker. */
  url: string;
  cut(): void;
  restore(): void;
  close(): Promise<void>;
}

export async function startNetworkSwitch(target: URL): Promise<NetworkSwitch> {
  let online = true;
  const open = new Set<net.Socket>();
  const server = net.createServer((client) => {
    if (!online) {
      client.destroy();
      return;
    }
    const upstream = net.connect(Number(target.port), target.hostname);
    open.add(client);
    open.add(upstream);
    const drop = () => {
      client.destroy();
      upstream.destroy();
      open.delete(client);
      open.delete(upstream);
    };
    client.on('error', drop).on('close', drop);
    upstream.on('error', drop).on('close', drop);
    client.pipe(upstream);
    upstream.pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  const cut = () => {
    online = false;
    for (const socket of open) socket.destroy();
    open.clear();
  };
  return {
    url: `http://127.0.0.1:${port}`,
    cut,
    restore() {
      online = true;
    },
    close() {
      cut();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
