// A TCP load balancer on loopback, standing in for the reverse proxy production puts in front of
// the API replicas and of livekit-server's signal port (deploy/ uses Caddy for both). It passes
// bytes through untouched, so WebSockets and HTTP keep-alive behave as behind a real proxy.
import { connect, createServer, type Server, type Socket } from 'node:net';

/** A backend a {@link Balancer} sends connections to. */
export interface Backend {
  host: string;
  port: number;
}

/** A running balancer: its port, and a way to take a backend out of the pool. */
export interface Balancer {
  readonly port: number;
  /** Connections accepted so far, per backend (`host:port`). */
  readonly connections: Map<string, number>;
  /**
   * Takes a backend out of the pool, as a proxy's health check or an operator's drain does: new
   * connections go to the others; connections already open stay until either side closes them.
   */
  drain(backend: Backend): void;
  close(): Promise<void>;
}

const key = (backend: Backend) => `${backend.host}:${backend.port}`;

/**
 * Starts a round-robin balancer over `backends`. A backend that refuses a connection is skipped
 * for that connection (the next one is tried), as a proxy with passive health checks does.
 */
export async function startBalancer(backends: Backend[]): Promise<Balancer> {
  const pool = [...backends];
  const connections = new Map<string, number>();
  const open = new Set<Socket>();
  let next = 0;

  /** Connects `client` to the pool's backend `start + attempt`, the next one if it refuses. */
  const pipeTo = (client: Socket, start: number, attempt: number) => {
    if (attempt >= pool.length) {
      client.destroy();
      return;
    }
    const backend = pool[(start + attempt) % pool.length] as Backend;
    const upstream = connect(backend.port, backend.host);
    let connected = false;
    open.add(upstream);
    upstream.once('close', () => open.delete(upstream));
    upstream.once('connect', () => {
      connected = true;
      connections.set(key(backend), (connections.get(key(backend)) ?? 0) + 1);
      client.pipe(upstream).pipe(client);
      client.resume();
      // Either side closing closes the other, as a proxy does.
      const closeBoth = () => {
        client.destroy();
        upstream.destroy();
      };
      client.once('close', closeBoth);
      upstream.once('close', closeBoth);
    });
    upstream.on('error', () => {
      if (!connected) pipeTo(client, start, attempt + 1);
    });
  };

  const server: Server = createServer({ pauseOnConnect: true }, (client) => {
    open.add(client);
    client.once('close', () => open.delete(client));
    client.on('error', () => client.destroy());
    const start = next;
    next = pool.length > 0 ? (next + 1) % pool.length : 0;
    pipeTo(client, start, 0);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    port,
    connections,
    drain(backend) {
      const index = pool.findIndex((entry) => key(entry) === key(backend));
      if (index >= 0) pool.splice(index, 1);
      next = 0;
    },
    async close() {
      for (const socket of open) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
