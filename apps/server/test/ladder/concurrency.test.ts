import { type ChildProcess, spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { API, type SocketUpdate, socketNamespace } from '@cwh/contract';
import { sql } from 'drizzle-orm';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../../src/seed/demo-seed.js';
import { createTestDatabase, type TestDatabase } from '../test-database.js';
import { type Captain, createCaptains, ladderSegment } from './ladder-fixtures.js';

const databaseUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;
const enabled = Boolean(databaseUrl && redisUrl);
if (!enabled) {
  console.warn('ladder concurrency test skipped: set TEST_DATABASE_URL and TEST_REDIS_URL to run it');
}

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
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const timer = setTimeout(() => reject(new Error('instance did not start in 30 s')), 30_000);
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening on (http:\/\/\S+)/.exec(output);
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
const pick = <T>(items: T[]) => items[Math.floor(Math.random() * items.length)]!;

type Reply = { data?: { attributes?: { status?: string; warId?: string } } | null } | null;

/** A captain that joins, accepts, declines, ignores, leaves and drops its socket at random. */
class Bot {
  socket: Socket | null = null;
  stopped = false;
  counters = { joins: 0, accepts: 0, declines: 0, ignores: 0, wars: 0, errors: 0 };
  constructor(
    readonly captain: Captain,
    readonly instances: Instance[],
    readonly home: number,
  ) {}

  base() {
    const alive = this.instances.filter((i) => i.alive);
    return pick(alive).base;
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
      return { status: response.status, body: (await response.json().catch(() => null)) as Reply };
    } catch {
      this.counters.errors++;
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
      await sleep(Math.random() * 3_000);
      const roll = Math.random();
      if (roll < 0.6) {
        this.counters.accepts++;
        await this.http('POST', `${API.matches}/match-ups/${id}/accept`);
      } else if (roll < 0.8) {
        this.counters.declines++;
        await this.http('POST', `${API.matches}/match-ups/${id}/decline`);
      } else this.counters.ignores++;
    } else if (message.event === 'matches:match_up_accepted') {
      // Half of the time the war is played right away, so the roster can queue again.
      if (Math.random() < 0.5 || this.stopped) return;
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

  async run(until: number) {
    this.connectSocket();
    while (!this.stopped && Date.now() < until) {
      const roll = Math.random();
      if (roll < 0.05 && this.socket) {
        this.socket.disconnect();
        await sleep(500 + Math.random() * 1_500);
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
      await sleep(300 + Math.random() * 1_200);
    }
  }

  async stop() {
    this.stopped = true;
    await this.http('POST', `${API.matches}/queue/${this.captain.rosterId}/leave`);
    this.socket?.disconnect();
  }
}

describe.skipIf(!enabled)('ladder under concurrency: two instances, one PostgreSQL, one Redis', () => {
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
    const bots = captains.map((c, i) => new Bot(c, instances, i % 2));
    const until = Date.now() + RUN_MS;
    const running = bots.map((b) => b.run(until));
    if (killMidRun) {
      await sleep(RUN_MS / 2);
      instances[1]!.alive = false;
      instances[1]!.child.kill('SIGKILL');
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
    return bots;
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

  it('keeps every invariant with two live instances', async () => {
    await runPhase(false);
    const result = await audit('two instances');
    expect(result.totals.matchUps).toBeGreaterThan(50);
    expect(result.overlaps).toBe(0);
    expect(result.open).toBe(0);
    expect(result.late).toBe(0);
    expect(result.seriesMismatch).toBe(0);
  }, 60_000);

  it('the survivor ends every match-up after the other instance is SIGKILLed mid-run', async () => {
    await runPhase(true);
    const result = await audit('one instance killed');
    expect(result.overlaps).toBe(0);
    expect(result.open).toBe(0);
    expect(result.late).toBe(0);
    expect(result.seriesMismatch).toBe(0);
  }, 60_000);
});
