import { type ChildProcess, spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { API, type SocketUpdate, socketNamespace } from '@cwh/contract';
import { createPrng } from '@cwh/domain';
import { sql } from 'drizzle-orm';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { seedDemo } from '../../src/seed/demo-seed.js';
import { createTestDatabase, describeNeeding, type TestDatabase } from '../test-database.js';
import { type Captain, createCaptains, ladderSegment } from './ladder-fixtures.js';

const redisUrl = process.env.TEST_REDIS_URL;
/** The bots' decisions are seeded: LADDER_CONCURRENCY_SEED replays a failed run's choices. */
const SEED = Number(process.env.LADDER_CONCURRENCY_SEED ?? Math.floor(Math.random() * 2 ** 31));

const CAPTAINS = 240;
const RUN_MS = 10_000;
const SWEEP_MS = 200;
const ACCEPT_WINDOW_MS = 15_000;
/** Scheduling and GC slack on a loaded test machine. */
const SLACK_MS = 2_000;
const SERVER_DIR = resolve(import.meta.dirname, '../..');

interface Instance {
  child: ChildProcess;
  base: string;
  alive: boolean;
}

function startInstance(url: string): Promise<Instance> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: SERVER_DIR,
      env: {
        ...process.env,
        DATABASE_URL: url,
        REDIS_URL: redisUrl,
        PORT: '0',
        HOST: '127.0.0.1',
        SEED_DEMO: 'false',
        LOG_LEVEL: 'warn',
        SWEEP_INTERVAL_MS: String(SWEEP_MS),
        WEB_DIST: '/nonexistent',
        GAME_MODE: 'simulated',
        // The bots play their wars through the simulator's API: off on a DATABASE_URL and closed to
        // non-admins unless switched on.
        SIMULATOR_ON_DATABASE_URL: 'true',
        SIMULATOR_OPEN: 'true',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const timer = setTimeout(() => reject(new Error('instance did not start in 30 s')), 30_000);
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /(?:listening on|is running on) (http:\/\/\S+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolvePromise({ child, base: match[1]!.replace('localhost', '127.0.0.1'), alive: true });
      }
    });
    child.stderr!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`instance exited (${code}): ${output.slice(-2000)}`));
    });
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The route of a path: ids and tags replaced, so answers can be counted per route. */
const route = (path: string) =>
  path.replace(/[0-9a-f]{8}-[0-9a-f-]{27}/g, ':id').replace(/sim-war-[^/]+/g, ':warId');

type Reply = { data?: { attributes?: { status?: string; warId?: string } } | null } | null;

/** A captain that joins, accepts, declines, ignores, leaves and drops its socket at random. */
class Bot {
  socket: Socket | null = null;
  stopped = false;
  counters = { joins: 0, accepts: 0, declines: 0, ignores: 0, wars: 0 };
  /** Every answer, as `METHOD route → status` (0: the connection failed). */
  readonly answers: string[] = [];
  readonly random: () => number;
  constructor(
    readonly captain: Captain,
    readonly instances: Instance[],
    readonly home: number,
    seed: number,
  ) {
    this.random = createPrng(seed);
  }

  base() {
    const alive = this.instances.filter((i) => i.alive);
    return alive[Math.floor(this.random() * alive.length)]!.base;
  }

  async http(method: string, path: string, body?: unknown) {
    try {
      const response = await fetch(`${this.base()}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${this.captain.token}`,
          ...(body ? { 'content-type': 'application/json' } : {}),
        },
        ...(body ? { body: JSON.stringify(body) } : {}),
      });
      this.answers.push(`${method} ${route(path)} → ${response.status}`);
      return { status: response.status, body: (await response.json().catch(() => null)) as Reply };
    } catch {
      this.answers.push(`${method} ${route(path)} → 0`);
      return { status: 0, body: null as Reply };
    }
  }

  connectSocket() {
    const instance = this.instances[this.home]!.alive
      ? this.instances[this.home]!
      : this.instances.find((i) => i.alive)!;
    const socket = connect(`${instance.base}${socketNamespace('global')}`, {
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
    });
    socket.on('connect', () =>
      socket.emit('user', { userId: this.captain.userId, token: this.captain.token }),
    );
    socket.on('update', (message: SocketUpdate) => void this.onUpdate(message));
    this.socket = socket;
  }

  async onUpdate(message: SocketUpdate) {
    if (this.stopped) return;
    if (message.event === 'matches:match_up_found') {
      const id = message.data.id;
      await sleep(this.random() * 3_000);
      const roll = this.random();
      if (roll < 0.6) {
        this.counters.accepts++;
        await this.http('POST', `${API.matches}/match-ups/${id}/accept`);
      } else if (roll < 0.8) {
        this.counters.declines++;
        await this.http('POST', `${API.matches}/match-ups/${id}/decline`);
      } else this.counters.ignores++;
    } else if (message.event === 'matches:match_up_accepted') {
      // Half of the time the war is played right away, so the roster can queue again.
      if (this.random() < 0.5 || this.stopped) return;
      const war = await this.http('POST', `${API.war}/create-war`, {
        data: { attributes: { matchSeriesId: message.data.matchSeries.id } },
      });
      const warId = war.body?.data?.attributes?.warId;
      if (warId) {
        this.counters.wars++;
        await this.http('POST', `/api/simulator/1.0/wars/${warId}/play`);
      }
    }
  }

  /** Plays until `until()` (read at each step: the run may be extended) or stop(). */
  async run(until: () => number) {
    this.connectSocket();
    while (!this.stopped && Date.now() < until()) {
      const roll = this.random();
      if (roll < 0.05 && this.socket) {
        this.socket.disconnect();
        await sleep(500 + this.random() * 1_500);
        this.connectSocket();
      } else if (roll < 0.07) {
        await this.http('POST', `${API.matches}/queue/${this.captain.rosterId}/leave`);
      } else {
        const status = await this.http('GET', `${API.matches}/queue/${this.captain.rosterId}/status`);
        const current = status.body?.data?.attributes?.status;
        if (!current || ['declined', 'expired', 'cancelled'].includes(current)) {
          this.counters.joins++;
          await this.http('POST', `${API.matches}/queue/${this.captain.rosterId}/join`, {
            data: { attributes: { playerTags: this.captain.playerTags } },
          });
        }
      }
      await sleep(300 + this.random() * 1_200);
    }
  }

  async stop() {
    this.stopped = true;
    await this.http('POST', `${API.matches}/queue/${this.captain.rosterId}/leave`);
    this.socket?.disconnect();
  }
}

describeNeeding(
  ['postgres', 'redis'],
  'ladder under concurrency: two instances, one PostgreSQL, one Redis',
  () => {
    let testDb: TestDatabase;
    let url = '';
    const instances: Instance[] = [];
    let captains: Captain[] = [];

    beforeAll(async () => {
      testDb = await createTestDatabase('postgres');
      url = testDb.database.driver.kind === 'postgres' ? testDb.database.driver.url : '';
      const now = new Date();
      await seedDemo(testDb.database.db, {
        now,
        adminEmail: 'admin@clanwarhub.local',
        adminPassword: 'ClanWarHub!2025',
      });
      const segment = await ladderSegment(testDb.database.db);
      captains = await createCaptains(testDb.database.db, {
        count: CAPTAINS,
        parentSegmentId: segment.parentId,
        eventId: segment.eventId,
        now,
      });
      instances.push(...(await Promise.all([startInstance(url), startInstance(url)])));
    }, 60_000);

    afterAll(async () => {
      for (const instance of instances) if (instance.alive) instance.child.kill('SIGTERM');
      await sleep(500);
      await testDb?.dispose();
    });

    async function runPhase(killMidRun: boolean) {
      const bots = captains.map(
        (c, i) => new Bot(c, instances, i % 2, SEED + i + (killMidRun ? CAPTAINS : 0)),
      );
      const normalEnd = Date.now() + RUN_MS;
      let endAt = normalEnd;
      const running = bots.map((b) => b.run(() => endAt));
      let killedAt: Date | null = null;
      if (killMidRun) {
        await sleep(RUN_MS / 2);
        instances[1]!.alive = false;
        killedAt = new Date();
        instances[1]!.child.kill('SIGKILL');
        // On a loaded machine the survivor may need longer than the rest of the run to pair and
        // accept a match-up: the run goes on until it has (the test checks it did), for at most
        // three run lengths. Never shorter than the normal run.
        const since = killedAt.toISOString();
        endAt = Date.now() + 3 * RUN_MS;
        while (Date.now() < endAt) {
          const accepted = await count(
            sql`select count(*)::int as n from match_ups where created_at > ${since}::timestamptz and status = 'accepted'`,
          );
          if (accepted > 0 && Date.now() >= normalEnd) break;
          await sleep(250);
        }
        endAt = Math.min(endAt, Date.now());
      }
      await Promise.all(running);
      await Promise.all(bots.map((b) => b.stop()));
      // Every match-up must end: accepted, declined, or expired by a (surviving) sweeper.
      const deadline = Date.now() + ACCEPT_WINDOW_MS + SWEEP_MS + SLACK_MS + 1_000;
      for (;;) {
        const live = await count(sql`select count(*)::int as n from match_ups where ended_at is null`);
        if (live === 0 || Date.now() > deadline) break;
        await sleep(250);
      }
      return { bots, killedAt };
    }

    /**
     * Every answer a bot got is one a captain may get: success or a refusal of the game's rules.
     * Never a 5xx, never 401/403 (the tokens are valid and each captain owns its roster); a failed
     * connection only when an instance was killed under it.
     */
    function unexpectedAnswers(bots: Bot[], killed: boolean): string[] {
      const tally = new Map<string, number>();
      for (const answer of bots.flatMap((b) => b.answers)) tally.set(answer, (tally.get(answer) ?? 0) + 1);
      console.log(`[ladder concurrency] seed ${SEED} answers`, Object.fromEntries(tally));
      return [...tally.keys()].filter((answer) => {
        const status = Number(answer.split('→ ')[1]);
        if (status === 0) return !killed;
        return status >= 500 || status === 401 || status === 403;
      });
    }

    async function count(query: ReturnType<typeof sql>): Promise<number> {
      const result = (await testDb.database.db.execute(query)) as unknown as { rows: { n: number }[] };
      return Number(result.rows[0]!.n);
    }

    async function audit(label: string) {
      const db = testDb.database.db;
      const overlaps = await count(sql`
      select count(*)::int as n from match_up_sides a join match_up_sides b
        on a.roster_id = b.roster_id and a.id < b.id
      where a.created_at < coalesce(b.ended_at, 'infinity') and b.created_at < coalesce(a.ended_at, 'infinity')`);
      const open = await count(sql`select count(*)::int as n from match_ups where ended_at is null`);
      const late = await count(sql`
      select count(*)::int as n from match_ups
      where ended_at - created_at > make_interval(secs => ${(ACCEPT_WINDOW_MS + SWEEP_MS + SLACK_MS) / 1000})`);
      const seriesMismatch = await count(sql`
      select count(*)::int as n from match_ups m
      where (m.status = 'accepted') <> ((select count(*) from match_series s where s.match_up_id = m.id) = 1)
        or (select count(*) from match_series s where s.match_up_id = m.id) > 1`);
      const totals = (await db.execute(sql`
      select count(*)::int as "matchUps",
        count(*) filter (where status = 'accepted')::int as accepted,
        count(*) filter (where status = 'declined')::int as declined,
        count(*) filter (where status = 'expired')::int as expired,
        coalesce(max(extract(epoch from ended_at - created_at)), 0)::float as "maxSeconds",
        coalesce(max(extract(epoch from ended_at - expires_at)) filter (where status = 'expired'), 0)::float as "maxLateSeconds",
        (select count(*) from match_series)::int as series,
        (select count(*) from match_series where state = 'finished')::int as finished
      from match_ups`)) as unknown as { rows: Record<string, number>[] };
      console.log(`[ladder concurrency] ${label}: ${CAPTAINS} captains`, totals.rows[0]);
      return { overlaps, open, late, seriesMismatch, totals: totals.rows[0]! };
    }

    const replay = `replay with LADDER_CONCURRENCY_SEED=${SEED}`;

    it('keeps every invariant with two live instances', async () => {
      const { bots } = await runPhase(false);
      const result = await audit('two instances');
      expect(unexpectedAnswers(bots, false), replay).toEqual([]);
      expect(result.totals.matchUps, replay).toBeGreaterThan(50);
      // Wars were played to the end, so rosters left their series and queued again.
      expect(result.totals.finished, replay).toBeGreaterThan(0);
      expect(result.overlaps, replay).toBe(0);
      expect(result.open, replay).toBe(0);
      expect(result.late, replay).toBe(0);
      expect(result.seriesMismatch, replay).toBe(0);
    }, 60_000);

    it('the survivor ends every match-up after the other instance is SIGKILLed mid-run', async () => {
      const { bots, killedAt } = await runPhase(true);
      const result = await audit('one instance killed');
      expect(unexpectedAnswers(bots, true), replay).toEqual([]);
      // The survivor kept the ladder going after the kill: new match-ups, and accepted ones.
      const after = await count(
        sql`select count(*)::int as n from match_ups where created_at > ${killedAt!.toISOString()}::timestamptz and status = 'accepted'`,
      );
      expect(after, replay).toBeGreaterThan(0);
      expect(result.overlaps, replay).toBe(0);
      expect(result.open, replay).toBe(0);
      expect(result.late, replay).toBe(0);
      expect(result.seriesMismatch, replay).toBe(0);
    }, 90_000);
  },
);
