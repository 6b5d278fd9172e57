import type { Socket } from 'socket.io-client';
import type { Captain } from '../../apps/server/test/ladder/ladder-fixtures.js';
import type { ProfileSummary } from '../lib/cpu-profile.js';
import type { DbChoice, machine } from '../lib/env.js';
import type { ProcessSample } from '../lib/server.js';
import type { Summary } from '../lib/stats.js';

export interface Options {
  captains: number;
  waiting: number;
  sequential: number;
  burst: number;
  rtt: number;
  connectConcurrency: number;
  profile: boolean;
  /** Phase 1 over HTTP (slow: one join at a time per connection) instead of rows inserted at setup. */
  httpPhase1: boolean;
  serverEnv: Record<string, string>;
  maxSeconds: number;
  /** Window over which the idle CPU (server process, PostgreSQL backends) is measured with the queue waiting. */
  idleSeconds: number;
  /** Bursts open their connections with their joins (no status read before each burst). */
  coldConnections: boolean;
  /** Against the floor server (queue/floor-server.ts: the protocol, no database) instead of the hub. */
  floor: boolean;
}

export interface Client {
  captain: Captain;
  socket: Socket;
  /** Resolvers waiting for an `update` event of this captain. */
  waiters: Map<string, (at: number, data: { id: string }) => void>;
  /** Every update received (event → list of {at, id}). */
  seen: { event: string; at: number; id: string }[];
}

export interface PhaseResult {
  joiners: number;
  found: number;
  timeouts: number;
  starved: boolean;
  joinToFound: Summary;
  joinHttp: Summary;
  acceptToBoth: Summary;
  acceptTimeouts: number;
  wallSeconds: number;
  matchUpsPerSecond: number;
}

export interface QueueRunResult {
  db: DbChoice;
  label: string;
  options: Options;
  machine: ReturnType<typeof machine>;
  loadavgStart: string;
  loadavgEnd: string;
  setupSeconds: number;
  connect: { sockets: number; seconds: number; bindLatency: Summary; failures: number };
  rttIdle: Summary;
  rttWithQueue: Summary;
  phase1: {
    joined: number;
    errors: number;
    seconds: number;
    joinHttp: Summary;
    unexpectedMatchUps: number;
    serverCpuPerSecondIdle: number;
    /** CPU seconds per second of the bench database's PostgreSQL backends over the same window (NaN on PGlite). */
    dbCpuPerSecondIdle: number;
    idleSeconds: number;
  };
  sequential: PhaseResult;
  bursts: PhaseResult & {
    burstSize: number;
    burstCount: number;
    /** CPU ms per match-up over the bursts (join, found, both accepts); NaN where unknown. */
    cpuMsPerMatchUp: { server: number; postgres: number; bots: number };
  };
  memory: Record<string, ProcessSample | null>;
  serverCpuSeconds: number;
  serverErrors: string;
  profile: ProfileSummary | null;
  aborted: string | null;
}
