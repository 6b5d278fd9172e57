import type { Doc } from './context.js';
import type { HubInstance } from './hub.js';
import { sleep } from './hub.js';

const JSONAPI = 'application/vnd.api+json';

export interface Answer<T = unknown> {
  status: number;
  body: T;
  /** errors[0].code of a refusal. */
  code: string | undefined;
  /** The call was sent again after a network error (a killed instance): the first may have landed. */
  retried: boolean;
}

export interface ServerError {
  at: string;
  method: string;
  path: string;
  status: number;
  body: string;
}

/**
 * HTTP to the hub's JSON:API: round robin over the live instances; a request cut by a dead
 * instance (chaos) is sent again to another one. Every answer's status is counted, every 5xx kept.
 */
export class HubApi {
  readonly statuses = new Map<number, number>();
  readonly byKind = new Map<string, number>();
  readonly serverErrors: ServerError[] = [];
  networkRetries = 0;
  /** 503 load-shedding answers that were waited out and sent again. */
  shed = 0;
  private turn = 0;

  constructor(private readonly instances: () => readonly HubInstance[]) {}

  base(): string {
    const live = this.instances().filter((i) => i.alive);
    const pool = live.length > 0 ? live : this.instances();
    return pool[this.turn++ % pool.length]!.base;
  }

  async call<T = Doc>(method: string, path: string, body?: unknown, token?: string): Promise<Answer<T>> {
    for (let attempt = 0; ; attempt++) {
      try {
        const response = await fetch(`${this.base()}${path}`, {
          method,
          headers: {
            accept: JSONAPI,
            ...(token ? { authorization: `Bearer ${token}` } : {}),
            ...(body === undefined ? {} : { 'content-type': JSONAPI }),
          },
          ...(body === undefined ? {} : { body: JSON.stringify(body) }),
          signal: AbortSignal.timeout(30_000),
        });
        const text = await response.text();
        if (
          response.status === 503 &&
          attempt < 40 &&
          (/SERVICE_UNAVAILABLE/.test(text) || FASTIFY_CLOSING === text)
        ) {
          // Load shedding (the event loop lags): the hub asks to come back after Retry-After, as any
          // client does. Also Fastify's own answer while an instance closes (seen once in CI under
          // chaos: a request that reached an instance as it went down). Counted apart; a 503 that
          // persists is kept as a 5xx below.
          this.shed++;
          const after = Number(response.headers.get('retry-after') ?? 1);
          await sleep(Math.min(2_000, Math.max(100, after * 1000)));
          continue;
        }
        let parsed: Doc = null;
        try {
          parsed = text ? JSON.parse(text) : null;
        } catch {
          parsed = text;
        }
        this.statuses.set(response.status, (this.statuses.get(response.status) ?? 0) + 1);
        const code: string | undefined = parsed?.errors?.[0]?.code;
        if (response.status >= 400) {
          const kind = `${response.status} ${code ?? ''}`.trim();
          this.byKind.set(kind, (this.byKind.get(kind) ?? 0) + 1);
        }
        if (response.status >= 500) {
          this.serverErrors.push({
            at: new Date().toISOString(),
            method,
            path,
            status: response.status,
            body: text.slice(0, 500),
          });
        }
        return { status: response.status, body: parsed as T, code, retried: attempt > 0 };
      } catch (error) {
        if (attempt >= 40) throw error;
        this.networkRetries++;
        await sleep(250);
      }
    }
  }

  /** A call that must succeed (2xx); anything else throws with the answer. */
  async ok<T = Doc>(method: string, path: string, body?: unknown, token?: string): Promise<T> {
    const answer = await this.call<T>(method, path, body, token);
    if (answer.status >= 300) {
      throw new Error(`${method} ${path}: ${answer.status} ${JSON.stringify(answer.body).slice(0, 400)}`);
    }
    return answer.body;
  }
}

/** What Fastify answers a request that reaches an instance while it closes (`return503OnClosing`). */
const FASTIFY_CLOSING = '{"error":"Service Unavailable","message":"Service Unavailable","statusCode":503}';

export const iso = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
