import type { z } from 'zod';
import type {
  CreatedWar,
  CreateWarRequest,
  GameAdapter,
  GameClan,
  GamePlayer,
  TokenVerification,
  Unsubscribe,
  WarResultListener,
  WarStatus,
} from '../game-adapter.js';
import { GameAdapterError, type GameAdapterErrorKind } from '../game-adapter-error.js';
import { toGameClan } from '../game-clan.js';
import { parseTag } from '../tags.js';
import { createKeyRing, type KeyRing } from './api-key-ring.js';
import { type CocApiCounters, type CocApiStats, createCocApiCounters } from './coc-api-counters.js';
import { currentWarStatus } from './current-war-status.js';
import { notFound, type UpstreamResponse, unexpectedStatus } from './official-errors.js';
import {
  mapOfficialRole,
  type OfficialCurrentWar,
  type OfficialWarLog,
  officialClanSchema,
  officialCurrentWarSchema,
  officialErrorSchema,
  officialLeagueGroupSchema,
  officialPlayerSchema,
  officialWarLogSchema,
  verifyTokenResponseSchema,
} from './official-schemas.js';
import { createResponseCache, parseMaxAge, type ResponseCache } from './response-cache.js';
import { backoffDelay, isRetryableStatus, parseRetryAfter } from './retry-policy.js';

export const DEFAULT_COC_API_BASE_URL = 'https://api.clashofclans.com/v1';

export interface CocApiClientConfig {
  /**
   * Developer keys from developer.clashofclans.com (bound to the caller's IP addresses). Several keys
   * may be given comma-separated; requests rotate over them.
   */
  apiKey: string;
  /** Requests per second allowed per key; 0 or unset means no throttling. */
  requestsPerSecondPerKey?: number;
  baseUrl?: string;
  /** Per attempt, not per call: a call may take up to (maxRetries + 1) timeouts plus backoff. */
  timeoutMs?: number;
  maxRetries?: number;
  backoffBaseMs?: number;
  backoffMaxMs?: number;
  /** A longer Retry-After than this is not waited out: the caller gets rate_limited at once. */
  maxRetryAfterMs?: number;
  cacheMaxEntries?: number;
  /** Seams for tests. */
  fetch?: typeof fetch;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
  random?: () => number;
}

/** A current war with how long the API says it stays the same (the poller waits that long). */
export interface CurrentWarAnswer {
  war: OfficialCurrentWar;
  maxAgeMs: number | null;
}

interface Failure {
  kind: GameAdapterErrorKind;
  message: string;
  status?: number;
  reason?: string;
  retryable: boolean;
  retryAfterMs: number | null;
  cause?: unknown;
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * The official Clash of Clans API as a GameAdapter. Read-only: the official API cannot create wars
 * or report war results, so those throw not_supported and capabilities says so up front.
 * The official API never reports championship bans, so `banned` is always false here.
 */
export class CocApiClient implements GameAdapter {
  readonly kind = 'official' as const;
  readonly capabilities = { createWar: false, warResults: false };

  private readonly baseUrl: string;
  private readonly timeoutMs: number;
  private readonly maxRetries: number;
  private readonly backoff: { baseMs: number; maxMs: number };
  private readonly maxRetryAfterMs: number;
  private readonly fetchImpl: typeof fetch;
  private readonly now: () => number;
  private readonly sleep: (ms: number) => Promise<void>;
  private readonly random: () => number;
  private readonly cache: ResponseCache;
  // Concurrent lookups of the same clan (both captains, every member's page) share one request.
  private readonly inFlight = new Map<string, Promise<UpstreamResponse>>();
  private readonly keys: KeyRing;
  private readonly counters: CocApiCounters;

  constructor(config: CocApiClientConfig) {
    this.baseUrl = (config.baseUrl ?? DEFAULT_COC_API_BASE_URL).replace(/\/+$/, '');
    this.timeoutMs = config.timeoutMs ?? 5000;
    this.maxRetries = config.maxRetries ?? 3;
    this.backoff = { baseMs: config.backoffBaseMs ?? 250, maxMs: config.backoffMaxMs ?? 4000 };
    this.maxRetryAfterMs = config.maxRetryAfterMs ?? 30_000;
    this.fetchImpl = config.fetch ?? fetch;
    this.now = config.now ?? Date.now;
    this.sleep = config.sleep ?? defaultSleep;
    this.random = config.random ?? Math.random;
    this.cache = createResponseCache({ maxEntries: config.cacheMaxEntries ?? 5000, now: this.now });
    this.keys = createKeyRing(config.apiKey, config.requestsPerSecondPerKey ?? 0, this.now);
    this.counters = createCocApiCounters(this.keys.size);
  }

  /** Calls and errors so far, for the metrics endpoint (read-only snapshot). */
  stats(): CocApiStats {
    return this.counters.snapshot();
  }

  async verifyPlayerToken(playerTag: string, apiToken: string): Promise<TokenVerification> {
    const tag = this.tagOrThrowNotFound(playerTag, 'player');
    const response = await this.send('POST', `/players/${encodeURIComponent(tag)}/verifytoken`, {
      token: apiToken,
    });
    if (response.status === 404) throw notFound('player', tag);
    const body = this.expectOk(response, verifyTokenResponseSchema, `verify token of ${tag}`);
    return { status: body.status };
  }

  async getPlayer(playerTag: string): Promise<GamePlayer | null> {
    const parsed = parseTag(playerTag);
    if (!parsed.ok) return null;
    const response = await this.get(`/players/${encodeURIComponent(parsed.tag)}`);
    if (response.status === 404) return null;
    const player = this.expectOk(response, officialPlayerSchema, `player ${parsed.tag}`);
    const clan = player.clan ? { tag: player.clan.tag, name: player.clan.name } : null;
    return {
      tag: player.tag,
      name: player.name,
      townHallLevel: player.townHallLevel,
      clan,
      role: clan ? mapOfficialRole(player.role) : null,
      banned: false,
    };
  }

  async getClan(clanTag: string): Promise<GameClan | null> {
    const parsed = parseTag(clanTag);
    if (!parsed.ok) return null;
    const response = await this.get(`/clans/${encodeURIComponent(parsed.tag)}`);
    if (response.status === 404) return null;
    const clan = this.expectOk(response, officialClanSchema, `clan ${parsed.tag}`);
    const members = clan.memberList.map((member) => ({
      tag: member.tag,
      name: member.name,
      // Someone listed in memberList is in the clan; an unrecognised role is the lowest one.
      role: mapOfficialRole(member.role) ?? 'member',
      townHallLevel: member.townHallLevel,
    }));
    return toGameClan(clan, members);
  }

  /**
   * A clan's war: its /currentwar, and when that says notInWar, the Clan War League round it may be
   * in (/currentwar/leaguegroup, then the round's /clanwarleagues/wars/{warTag}).
   */
  async getWarStatus(clanTag: string): Promise<WarStatus> {
    const tag = this.tagOrThrowNotFound(clanTag, 'clan');
    const { war } = await this.getCurrentWar(tag);
    if (war.state !== 'notInWar') return currentWarStatus(war);
    return this.leagueWarStatus(tag);
  }

  /** The home clan's /currentwar as the API gives it. Throws not_found and war_log_private. */
  async getCurrentWar(clanTag: string): Promise<CurrentWarAnswer> {
    const tag = this.tagOrThrowNotFound(clanTag, 'clan');
    const response = await this.get(`/clans/${encodeURIComponent(tag)}/currentwar`);
    this.throwIfPrivate(response, tag);
    if (response.status === 404) throw notFound('clan', tag);
    const war = this.expectOk(response, officialCurrentWarSchema, `current war of ${tag}`);
    return { war, maxAgeMs: response.maxAgeMs ?? null };
  }

  /** The clan's war log (most recent first). Throws war_log_private when the log is private. */
  async getWarLog(clanTag: string): Promise<OfficialWarLog> {
    const tag = this.tagOrThrowNotFound(clanTag, 'clan');
    const response = await this.get(`/clans/${encodeURIComponent(tag)}/warlog?limit=20`);
    this.throwIfPrivate(response, tag);
    if (response.status === 404) throw notFound('clan', tag);
    return this.expectOk(response, officialWarLogSchema, `war log of ${tag}`);
  }

  /**
   * Latest round first: the clan's war in it decides. Rounds not drawn yet carry the tag '#0'; a
   * war tag the API does not know is skipped. No league group (404) means no league war.
   */
  private async leagueWarStatus(tag: string): Promise<WarStatus> {
    const group = await this.get(`/clans/${encodeURIComponent(tag)}/currentwar/leaguegroup`);
    if (group.status === 404) return 'none';
    const { state, rounds } = this.expectOk(group, officialLeagueGroupSchema, `league group of ${tag}`);
    if (state === 'ended' || state === 'notInWar') return 'none';
    for (const round of [...rounds].reverse()) {
      for (const warTag of round.warTags.filter((t) => t !== '#0')) {
        const response = await this.get(`/clanwarleagues/wars/${encodeURIComponent(warTag)}`);
        if (response.status === 404) continue;
        const war = this.expectOk(response, officialCurrentWarSchema, `league war ${warTag}`);
        const sides = [war.clan?.tag, war.opponent?.tag].map((t) => t?.toUpperCase());
        if (sides.includes(tag)) return currentWarStatus(war, { warTag });
      }
    }
    return 'none';
  }

  private throwIfPrivate(response: UpstreamResponse, tag: string): void {
    if (response.status !== 403) return;
    const error = officialErrorSchema.safeParse(response.body);
    const reason = error.success ? error.data.reason : undefined;
    const message = error.success ? (error.data.message ?? '') : '';
    // The same reason is used for a rejected key ("Invalid authorization"); only the message differs.
    if (reason === 'accessDenied' && !/authori[sz]ation/i.test(message)) {
      throw new GameAdapterError(
        'war_log_private',
        `Clan ${tag} has a private war log, so its war status cannot be read; the clan must make its war log public`,
        { status: 403, reason },
      );
    }
  }

  async createWar(_request: CreateWarRequest): Promise<CreatedWar> {
    throw new GameAdapterError(
      'not_supported',
      'The official Clash of Clans API cannot create wars; use the simulated game or start the war in the game client',
    );
  }

  onWarResult(_listener: WarResultListener): Unsubscribe {
    throw new GameAdapterError(
      'not_supported',
      'The official Clash of Clans API does not push war results; results must be entered by an administrator',
    );
  }

  clearCache(): void {
    this.cache.clear();
  }

  private tagOrThrowNotFound(input: string, what: 'player' | 'clan'): string {
    const parsed = parseTag(input);
    if (!parsed.ok)
      throw new GameAdapterError('not_found', `No ${what} with tag "${input}": ${parsed.reason}`);
    return parsed.tag;
  }

  /** Cached, de-duplicated GET. Only successful responses are cached, and only when the API allows it. */
  private async get(path: string): Promise<UpstreamResponse> {
    const url = `${this.baseUrl}${path}`;
    const cached = this.cache.get(url) as { body: unknown; expiresAt: number } | undefined;
    if (cached !== undefined)
      return { status: 200, body: cached.body, maxAgeMs: cached.expiresAt - this.now() };
    const pending = this.inFlight.get(url);
    if (pending) return pending;
    const request = this.send('GET', path).finally(() => this.inFlight.delete(url));
    this.inFlight.set(url, request);
    return request;
  }

  /** Retries 429, 5xx, timeouts and network errors; any other response goes back to the caller. */
  private async send(method: 'GET' | 'POST', path: string, body?: unknown): Promise<UpstreamResponse> {
    const url = `${this.baseUrl}${path}`;
    let attempts = 0;
    for (;;) {
      attempts++;
      const key = await this.keys.next(this.sleep);
      const outcome = await this.attempt(method, url, body, key.value);
      this.counters.record(key.index, 'body' in outcome ? outcome.status : (outcome.status ?? 'network'));
      if ('body' in outcome) return outcome;
      let note = '';
      if (outcome.retryable && attempts <= this.maxRetries) {
        const delay = outcome.retryAfterMs ?? backoffDelay(attempts - 1, this.backoff, this.random);
        if (delay <= this.maxRetryAfterMs) {
          await this.sleep(delay);
          continue;
        }
        note = `; the API asked to wait ${Math.ceil(delay / 1000)} s, longer than the ${this.maxRetryAfterMs} ms allowed`;
      }
      const tries = attempts === 1 ? '1 attempt' : `${attempts} attempts`;
      throw new GameAdapterError(
        outcome.kind,
        `${method} ${path}: ${outcome.message}${note} (gave up after ${tries})`,
        {
          status: outcome.status,
          reason: outcome.reason,
          attempts,
          retryAfterMs: outcome.retryAfterMs,
          cause: outcome.cause,
        },
      );
    }
  }

  private async attempt(
    method: string,
    url: string,
    body: unknown,
    apiKey: string,
  ): Promise<UpstreamResponse | Failure> {
    let response: Response;
    try {
      response = await this.fetchImpl(url, {
        method,
        headers: {
          authorization: `Bearer ${apiKey}`,
          accept: 'application/json',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch (cause) {
      const timedOut = cause instanceof DOMException && cause.name === 'TimeoutError';
      return {
        kind: 'unavailable',
        message: timedOut
          ? `no answer within ${this.timeoutMs} ms`
          : `network error: ${cause instanceof Error ? cause.message : String(cause)}`,
        retryable: true,
        retryAfterMs: null,
        cause,
      };
    }

    const text = await response.text().catch(() => '');
    let parsed: unknown = null;
    let parseError: unknown;
    if (text.length > 0) {
      try {
        parsed = JSON.parse(text);
      } catch (error) {
        parseError = error;
      }
    }

    if (isRetryableStatus(response.status)) {
      const error = officialErrorSchema.safeParse(parsed);
      const reason = error.success ? error.data.reason : undefined;
      const detail = error.success && error.data.message ? `: ${error.data.message}` : '';
      return {
        kind: response.status === 429 ? 'rate_limited' : 'unavailable',
        message: `HTTP ${response.status}${reason ? ` ${reason}` : ''}${detail}`,
        status: response.status,
        reason,
        retryable: true,
        retryAfterMs: parseRetryAfter(response.headers.get('retry-after'), this.now()),
      };
    }

    if (response.ok && parseError !== undefined) {
      return {
        kind: 'bad_response',
        message: `HTTP ${response.status} with a body that is not JSON`,
        status: response.status,
        // A garbled success is not going to improve by asking again in a few milliseconds.
        retryable: false,
        retryAfterMs: null,
        cause: parseError,
      };
    }

    const maxAge = parseMaxAge(response.headers.get('cache-control'));
    if (response.status === 200 && method === 'GET' && maxAge !== null) {
      this.cache.set(url, { body: parsed, expiresAt: this.now() + maxAge * 1000 }, maxAge * 1000);
    }
    return { status: response.status, body: parsed, maxAgeMs: maxAge === null ? null : maxAge * 1000 };
  }

  /** Turns anything but a well-formed 200 into a GameAdapterError naming the official reason. */
  private expectOk<T extends z.ZodType>(response: UpstreamResponse, schema: T, what: string): z.infer<T> {
    if (response.status !== 200) throw unexpectedStatus(response, what);
    const result = schema.safeParse(response.body);
    if (!result.success) {
      throw new GameAdapterError(
        'bad_response',
        `Unexpected response shape for ${what}: ${result.error.message}`,
        {
          status: 200,
          cause: result.error,
        },
      );
    }
    return result.data;
  }
}
