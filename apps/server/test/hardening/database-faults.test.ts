import { API } from '@cwh/contract';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { bearer, loginAsAdmin, startTestApp, type TestContext } from '../harness.js';
import { describeNeeding } from '../test-database.js';

/**
 * Issue #35: a PostgreSQL connection that drops under a request (a terminated backend, a failover)
 * answers that request 503 with Retry-After, not 500, the process keeps serving, and the next
 * request works on a fresh connection. Real PostgreSQL: the backend is ended with
 * pg_terminate_backend while the request waits on a lock another connection holds.
 */
describeNeeding(['postgres'], 'a PostgreSQL connection lost under a request', () => {
  let ctx: TestContext;
  let stop: () => Promise<void>;
  beforeAll(async () => {
    const started = await startTestApp('postgres');
    ctx = started.context;
    stop = started.stop;
  });
  afterAll(async () => stop?.());

  it('answers the request in flight 503 with Retry-After; the next request works', async () => {
    const { token } = await loginAsAdmin(ctx.app);
    const me = () =>
      ctx.app.inject({ method: 'GET', url: `${API.users}/user`, headers: bearer(token.value) });
    expect((await me()).statusCode).toBe(200);
    const driver = ctx.database.driver;
    if (driver.kind !== 'postgres') throw new Error('expected PostgreSQL');
    const holder = new pg.Client({ connectionString: driver.url });
    await holder.connect();
    try {
      await holder.query('begin');
      await holder.query('lock table users in access exclusive mode');
      const inFlight = me();
      // Wait until the app's query waits on the lock, then end its backend.
      let ended = 0;
      for (let attempt = 0; attempt < 200 && ended === 0; attempt++) {
        const { rows } = await holder.query<{ ended: boolean }>(
          `select pg_terminate_backend(pid) as ended from pg_stat_activity
           where datname = current_database() and pid <> pg_backend_pid() and wait_event_type = 'Lock'`,
        );
        ended = rows.filter((row) => row.ended).length;
        if (ended === 0) await new Promise((resolve) => setTimeout(resolve, 25));
      }
      expect(ended).toBeGreaterThan(0);
      const answer = await inFlight;
      expect(answer.statusCode, answer.body).toBe(503);
      expect(answer.headers['retry-after']).toBe('5');
      expect(answer.json().errors[0].code).toBe('SERVICE_UNAVAILABLE');
    } finally {
      await holder.query('rollback').catch(() => undefined);
      await holder.end();
    }
    expect((await me()).statusCode).toBe(200);
  });
});
