import { performance } from 'node:perf_hooks';
import type { HubApi } from './api.js';
import type { Captain } from './captain.js';
import type { FoundRecord, Handled, JoinRecord } from './matching.js';
import type { Rng } from './world.js';

export const T = '/api/tournaments/1.0';
export const M = '/api/matches/1.0';
export const WAR = '/api/war/1.0';
export const SIM = '/api/simulator/1.0';

export interface StageReport {
  name: string;
  teams: number;
  matches: number;
  forfeits: number;
  durationSeconds: number;
}

export interface TimePoint {
  /** Seconds since the season started. */
  t: number;
  queue: number;
  joinToFoundMs: number | null;
}

/** What every stage shares: the API, the organizer's token, the captains, the observations. */
export interface SeasonContext {
  api: HubApi;
  adminToken: string;
  eventId: string;
  stageId: string;
  ladderId: string;
  qualifierId: string;
  finalId: string;
  captains: Captain[];
  rng: Rng;
  speed: number;
  started: number;
  log: (line: string) => void;
  latencies: { joinToFound: number[]; acceptToBoth: number[]; resultToStandings: number[] };
  /**
   * Replayed for the matching latency (matching.ts): per roster its joins and the match-ups its bot
   * handled, in order; per match-up its found notices.
   */
  matching: {
    joins: Map<string, JoinRecord[]>;
    sequence: Map<string, Handled[]>;
    found: Map<string, FoundRecord[]>;
  };
  timeline: TimePoint[];
  /** Live queue size as the bots know it (joined, not yet found). */
  queued: number;
  stages: StageReport[];
  /** Broken invariants and their details. */
  breaks: string[];
  /** Rogue attempts and what they were answered (status counts per attempt). */
  misconduct: Map<string, Map<number, number>>;
  /** Every match-up a bot saw as accepted by both, with its series id. */
  acceptedPairs: Map<string, string | null>;
  /** Per roster: intervals during which a bot held a live (awaiting) match-up. */
  liveMatchUps: { rosterId: string; matchUpId: string; from: number; to: number }[];
  /** Notices a captain needed that the socket missed but a read recovered; and those lost. */
  recovered: number;
  lost: string[];
  progress: (done: number, total: number, label: string) => void;
}

export function recordMisconduct(ctx: SeasonContext, what: string, status: number): void {
  const byStatus = ctx.misconduct.get(what) ?? new Map<number, number>();
  byStatus.set(status, (byStatus.get(status) ?? 0) + 1);
  ctx.misconduct.set(what, byStatus);
}

export const elapsed = (ctx: SeasonContext) => (performance.now() - ctx.started) / 1000;

/** Scaled season time: `seconds` of the base schedule at --speed 1. */
export const scaled = (ctx: SeasonContext, seconds: number, min = 1) =>
  Math.max(min, seconds / ctx.speed) * 1000;

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** Adds `value` to the list kept under `key`. */
export function append<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

/**
 * Plays a war in the simulated game. A play sent again after a network error (chaos killed the
 * instance before it answered) that finds the war finished is the first one having landed: done.
 */
export async function playWar(ctx: SeasonContext, warId: string): Promise<void> {
  const path = `${SIM}/wars/${warId}/play`;
  const answer = await ctx.api.call('POST', path);
  if (answer.status < 300 || (answer.status === 409 && answer.retried)) return;
  throw new Error(`POST ${path}: ${answer.status} ${JSON.stringify(answer.body).slice(0, 400)}`);
}

/** Runs `task` over `items` with at most `limit` in flight. */
export async function pool<T>(
  items: readonly T[],
  limit: number,
  task: (item: T, index: number) => Promise<void>,
) {
  let next = 0;
  const workers = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const index = next++;
      await task(items[index]!, index);
    }
  });
  await Promise.all(workers);
}

/** All pages of a JSON:API list. */
export async function allPages<T = Doc>(ctx: SeasonContext, path: string, token?: string): Promise<T[]> {
  const out: T[] = [];
  const sep = path.includes('?') ? '&' : '?';
  for (let page = 1; page < 1000; page++) {
    const doc = await ctx.api.ok<{ data: T[] }>(
      'GET',
      `${path}${sep}page[size]=100&page[number]=${page}`,
      undefined,
      token,
    );
    out.push(...doc.data);
    if (doc.data.length < 100) break;
  }
  return out;
}

export interface SeriesDoc {
  id: string;
  attributes: {
    state: string;
    date: string;
    roundNumber?: number | null;
    reviewReason?: string | null;
    competitors: {
      roster: { id: string } | null;
      placement: number | null;
      result: { score: number | null; forfeit: boolean | null } | null;
    }[];
  };
}

/** A JSON:API document or resource as the bots read it: loosely, the checks say what must hold. */
// biome-ignore lint/suspicious/noExplicitAny: documents of many shapes, read field by field
export type Doc = any;
