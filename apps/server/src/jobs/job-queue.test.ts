import { sql } from 'drizzle-orm';
import { afterEach, expect, it } from 'vitest';
import { createTestDatabase, describeEachKind, type TestDatabase } from '../../test/test-database.js';
import { createJobQueue, type JobQueue } from './job-queue.js';

declare module './job-queue.js' {
  interface JobPayloads {
    'test.echo': { value: string };
    'test.a': Record<string, never>;
    'test.b': Record<string, never>;
    'test.c': Record<string, never>;
    'test.d': Record<string, never>;
  }
}

/** Resolves when `count` payloads have arrived (the handler sees pg-boss's real fetch loop). */
function collector(count: number) {
  const seen: string[] = [];
  let done!: () => void;
  const finished = new Promise<void>((resolve) => {
    done = resolve;
  });
  return {
    seen,
    finished,
    handler: async (payload: { value: string }) => {
      seen.push(payload.value);
      if (seen.length >= count) done();
    },
  };
}

describeEachKind('job queue [%s]', (kind) => {
  let testDb: TestDatabase | undefined;
  const queues: JobQueue[] = [];

  afterEach(async () => {
    for (const queue of queues.splice(0)) await queue.stop();
    await testDb?.dispose();
  });

  function queue(work = true, pollingIntervalSeconds = 0.5) {
    const created = createJobQueue({ database: testDb!.database, work, pollingIntervalSeconds });
    queues.push(created);
    return created;
  }

  it('creates its schema on the app database and runs a sent job', async () => {
    testDb = await createTestDatabase(kind);
    const jobs = queue();
    const received = collector(1);
    jobs.register('test.echo', received.handler);
    await jobs.start();
    await jobs.send('test.echo', { value: 'hello' });
    await received.finished;
    expect(received.seen).toEqual(['hello']);
  });

  // PGlite has a single connection: two instances never create queues at the same moment there.
  it.skipIf(kind !== 'postgres')(
    'instances starting together on a fresh database all start, each queue created once (PostgreSQL)',
    async () => {
      testDb = await createTestDatabase(kind);
      const names = ['test.a', 'test.b', 'test.c', 'test.d'] as const;
      const instances = Array.from({ length: 4 }, () => {
        const jobs = queue(false);
        for (const name of names) jobs.register(name, async () => {});
        return jobs;
      });
      await Promise.all(instances.map((jobs) => jobs.start()));
      const rows = await testDb.database.db.execute(
        sql`select name from pgboss.queue where name like 'test.%' order by name`,
      );
      const list = (Array.isArray(rows) ? rows : (rows as { rows: { name: string }[] }).rows).map(
        (r: { name: string }) => r.name,
      );
      expect(list).toEqual([...names]);
    },
  );

  it('creates a job sent inside a transaction only when the transaction commits', async () => {
    testDb = await createTestDatabase(kind);
    const jobs = queue();
    const received = collector(1);
    jobs.register('test.echo', received.handler);
    await jobs.start();
    const db = testDb.database.db;
    await db
      .transaction(async (tx) => {
        await jobs.send('test.echo', { value: 'rolled back' }, { tx });
        throw new Error('abort');
      })
      .catch(() => {});
    await db.transaction(async (tx) => {
      await jobs.send('test.echo', { value: 'committed' }, { tx });
    });
    await received.finished;
    const rows = await db.execute(
      sql`select data->>'value' as value from pgboss.job where name = 'test.echo'`,
    );
    const values = (Array.isArray(rows) ? rows : (rows as { rows: { value: string }[] }).rows).map(
      (r: { value: string }) => r.value,
    );
    expect(values).toEqual(['committed']);
    expect(received.seen).toEqual(['committed']);
  });

  it('keeps a job across a restart: sent by one instance, run by the next', async () => {
    testDb = await createTestDatabase(kind);
    const first = queue(false);
    first.register('test.echo', async () => {
      throw new Error('this instance does not work');
    });
    await first.start();
    await first.send('test.echo', { value: 'survivor' });
    await first.stop();

    const second = queue();
    const received = collector(1);
    second.register('test.echo', received.handler);
    await second.start();
    await received.finished;
    expect(received.seen).toEqual(['survivor']);
  });

  it('retries a job whose handler throws', async () => {
    testDb = await createTestDatabase(kind);
    const jobs = queue();
    const attempts: number[] = [];
    let done!: () => void;
    const finished = new Promise<void>((resolve) => {
      done = resolve;
    });
    jobs.register('test.echo', async (_payload, job) => {
      attempts.push(job.retryCount);
      if (attempts.length === 1) throw new Error('first run fails');
      done();
    });
    await jobs.start();
    await jobs.send('test.echo', { value: 'x' }, { retryDelaySeconds: 1, retryLimit: 2 });
    await finished;
    expect(attempts).toEqual([0, 1]);
  });

  it('takes the due jobs in one look, and retries a failing one alone while the others complete', async () => {
    testDb = await createTestDatabase(kind);
    // One look every 30 s: one job per look would take two minutes for these five.
    const jobs = queue(true, 30);
    const attempts = new Map<string, number>();
    const received = collector(6);
    jobs.register('test.echo', async (payload, job) => {
      attempts.set(payload.value, (attempts.get(payload.value) ?? 0) + 1);
      if (payload.value === 'bad' && job.retryCount === 0) throw new Error('first run fails');
      await received.handler(payload);
    });
    const sender = queue(false);
    sender.register('test.echo', async () => {});
    await sender.start();
    for (const value of ['a', 'b', 'bad', 'c', 'd'])
      await sender.send('test.echo', { value }, { retryDelaySeconds: 0, retryLimit: 2 });
    await jobs.start();
    // The retry is due at once but taken at the next look (30 s): the four others are done before it.
    await expect.poll(() => received.seen.length, { timeout: 20_000, interval: 100 }).toBe(4);
    expect(Object.fromEntries(attempts)).toEqual({ a: 1, b: 1, bad: 1, c: 1, d: 1 });
    const states = await testDb.database.db.execute(
      sql`select data->>'value' as value, state from pgboss.job where name = 'test.echo' order by value`,
    );
    const rows = Array.isArray(states) ? states : (states as { rows: unknown[] }).rows;
    expect(rows).toEqual([
      { value: 'a', state: 'completed' },
      { value: 'b', state: 'completed' },
      { value: 'bad', state: 'retry' },
      { value: 'c', state: 'completed' },
      { value: 'd', state: 'completed' },
    ]);
  }, 60_000);
});
