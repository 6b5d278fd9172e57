import { createServer } from 'node:http';
import { type RunningServer, startServer } from './server-process.js';

/**
 * Fresh hubs for the specs that need a database of their own: the global setup runs this pool,
 * which keeps a hub of the default configuration started ahead, so a spec takes a hub that is
 * already migrated, seeded and ready, and the next one starts while that spec runs. A spec with
 * settings of its own (an environment) gets a hub started for it, unless the previous taker of that
 * environment asked for another one ahead (`again`: the journey, once per language). A hub that
 * waited MAX_WARM_AGE_MS is not handed out (the demo seed dates things from its start, e.g. the
 * swiss round 15 minutes later): it is stopped and a new one started in its place. Each hub serves one spec
 * and is stopped when that spec gives it back. Specs reach the pool over HTTP (fresh-server.ts):
 * they run in worker processes, the pool in the main one.
 */
const MAX_WARM_AGE_MS = 6 * 60_000;
const DEFAULT = '{}';

interface Warm {
  server: Promise<RunningServer>;
  readyAt: number | null;
}

export interface ServerPool {
  url: string;
  /** Settles once the first hub of the default configuration is up (or failed to start). */
  ready: Promise<void>;
  close(): Promise<void>;
}

export async function startServerPool(): Promise<ServerPool> {
  /** Hubs started ahead, by their environment (JSON; '{}' is the default configuration). */
  const warm = new Map<string, Warm>();
  const lent = new Map<string, RunningServer>();
  const stopping = new Set<Promise<void>>();

  const stopLater = (server: RunningServer) => {
    const done = server.stop().catch(() => {});
    stopping.add(done);
    void done.then(() => stopping.delete(done));
  };

  let closed = false;
  const warmUp = (key: string) => {
    const next: Warm = { server: startServer(JSON.parse(key) as Record<string, string>), readyAt: null };
    next.server.then(
      (server) => {
        next.readyAt = Date.now();
        // Still waiting when it grows too old: replaced by a new one, so the next taker finds one.
        const renew = setTimeout(() => {
          if (closed || warm.get(key) !== next) return;
          stopLater(server);
          warmUp(key);
        }, MAX_WARM_AGE_MS);
        renew.unref();
      },
      () => {},
    );
    warm.set(key, next);
  };

  async function take(key: string, again: boolean): Promise<RunningServer> {
    const candidate = warm.get(key);
    warm.delete(key);
    let server: RunningServer | null = null;
    if (candidate) {
      const ready = await candidate.server.catch(() => null);
      if (ready && candidate.readyAt !== null && Date.now() - candidate.readyAt <= MAX_WARM_AGE_MS)
        server = ready;
      else if (ready) stopLater(ready);
    }
    server ??= await startServer(JSON.parse(key) as Record<string, string>);
    if (key === DEFAULT || again) warmUp(key);
    lent.set(server.baseURL, server);
    return server;
  }

  const http = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => {
      if (req.method === 'POST' && req.url === '/take') {
        const { env, again } = JSON.parse(body || '{}') as { env?: Record<string, string>; again?: boolean };
        take(JSON.stringify(env ?? {}), again === true).then(
          (server) => {
            res.writeHead(200, { 'content-type': 'application/json' });
            res.end(JSON.stringify({ baseURL: server.baseURL, dataDir: server.dataDir }));
          },
          (error: unknown) => {
            res.writeHead(500);
            res.end(String(error));
          },
        );
        return;
      }
      if (req.method === 'POST' && req.url === '/give-back') {
        const server = lent.get(body);
        lent.delete(body);
        if (server) stopLater(server);
        res.writeHead(server ? 204 : 404);
        res.end();
        return;
      }
      res.writeHead(404);
      res.end();
    });
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const address = http.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  warmUp(DEFAULT);
  const first = warm.get(DEFAULT)?.server;

  return {
    url: `http://127.0.0.1:${port}`,
    ready: first
      ? first.then(
          () => undefined,
          () => undefined,
        )
      : Promise.resolve(),
    async close() {
      closed = true;
      http.close();
      const left = [...warm.values()];
      warm.clear();
      for (const next of left) {
        const last = await next.server.catch(() => null);
        if (last) stopLater(last);
      }
      for (const server of lent.values()) stopLater(server);
      lent.clear();
      await Promise.all([...stopping]);
    },
  };
}
