import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request the stand-in received: its path, JSON body and when (ms, the stand-in's clock). */
export interface Received {
  path: string;
  body: {
    content?: string;
    embeds?: { title?: string; description?: string }[];
    allowed_mentions?: { parse?: string[] };
  };
  at: number;
}

/** An answer the stand-in gives: a status and an optional JSON body. */
export interface Answer {
  status: number;
  body?: unknown;
}

/**
 * A local HTTP server standing in for Discord's webhooks (real sockets): each path answers from its
 * script, one answer per request, then 204 (Discord's answer to a webhook without `wait`).
 */
export async function startDiscordStandIn() {
  const received: Received[] = [];
  const scripts = new Map<string, Answer[]>();
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const path = request.url ?? '/';
      let body: Received['body'] = {};
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Received['body'];
      } catch {
        // Recorded as empty: the test's expectations then fail.
      }
      received.push({ path, body, at: performance.now() });
      const answer = scripts.get(path)?.shift() ?? { status: 204 };
      if (answer.body === undefined) {
        response.writeHead(answer.status).end();
        return;
      }
      response
        .writeHead(answer.status, { 'content-type': 'application/json' })
        .end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks/`;
  return {
    base,
    received,
    /** The webhook address of `name` (under the base), answering `answers` first. */
    hook(name: string, answers: Answer[] = []): string {
      const url = `${base}${name}/token-${name}-0123456789`;
      scripts.set(new URL(url).pathname, [...answers]);
      return url;
    },
    to: (url: string) => received.filter((r) => r.path === new URL(url).pathname),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type DiscordStandIn = Awaited<ReturnType<typeof startDiscordStandIn>>;
