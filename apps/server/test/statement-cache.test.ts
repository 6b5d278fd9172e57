import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../src/db/client.js';
import { rowsOf } from '../src/db/rows.js';
import { users } from '../src/db/schema/users.js';
import { createStatementNamer } from '../src/db/statement-cache.js';
import { createTestDatabase, describeNeeding, type TestDatabase } from './test-database.js';

/*
 * Repeated statements are named, so PostgreSQL parses and plans them once per connection
 * (db/statement-cache.ts, issue #11). The namer's rules, then what a PostgreSQL connection holds.
 */

describe('statement namer', () => {
  it('names a text from its second run, keeps that name, and gives each text its own', () => {
    const namer = createStatementNamer(10);
    expect(namer.nameOf('select $1')).toBeUndefined();
    const name = namer.nameOf('select $1');
    expect(name).toMatch(/^cwh_auto_\d+$/);
    expect(namer.nameOf('select $1')).toBe(name);
    namer.nameOf('select $2');
    const other = namer.nameOf('select $2');
    expect(other).toMatch(/^cwh_auto_\d+$/);
    expect(other).not.toBe(name);
    expect(namer.size).toBe(2);
  });

  it('names at most `size` texts: later texts stay unnamed, named ones keep their names', () => {
    const namer = createStatementNamer(2);
    for (const text of ['a', 'a', 'b', 'b']) namer.nameOf(text);
    expect(namer.size).toBe(2);
    expect(namer.nameOf('c')).toBeUndefined();
    expect(namer.nameOf('c')).toBeUndefined();
    expect(namer.nameOf('c')).toBeUndefined();
    expect(namer.nameOf('a')).toMatch(/^cwh_auto_/);
    expect(namer.size).toBe(2);
  });

  it('forgets the texts it counted once there are 4 × size of them, so one seen before counts again from one', () => {
    const namer = createStatementNamer(2);
    namer.nameOf('kept');
    // 4 × 2 texts counted once: the next new text clears the counts first.
    for (let i = 0; i < 8; i++) namer.nameOf(`once ${i}`);
    namer.nameOf('trigger');
    expect(namer.nameOf('kept')).toBeUndefined();
    expect(namer.nameOf('kept')).toMatch(/^cwh_auto_/);
  });

  it('a threshold of 1 names a text at its first run', () => {
    expect(createStatementNamer(5, 1).nameOf('select 1')).toMatch(/^cwh_auto_/);
  });
});

describeNeeding(['postgres'], 'statement cache on PostgreSQL', () => {
  let test: TestDatabase;
  let off: Database;
  beforeAll(async () => {
    test = await createTestDatabase('postgres');
    const url = test.database.driver.kind === 'postgres' ? test.database.driver.url : '';
    off = await openDatabase({ url, poolSize: 1, statementCacheSize: 0 });
  });
  afterAll(async () => {
    await off?.close();
    await test?.dispose();
  });

  /** The statements prepared on the transaction's connection, after `run` ran in it. */
  async function preparedAfter(database: Database, run: (tx: Database['db']) => Promise<unknown>) {
    return database.db.transaction(async (tx) => {
      await run(tx as unknown as Database['db']);
      const result = await tx.execute(sql`select name, statement from pg_prepared_statements`);
      return rowsOf<{ name: string; statement: string }>(result);
    });
  }
  const byEmail = (tx: Database['db'], email: string) =>
    tx.select({ id: users.id }).from(users).where(eq(users.email, email));

  it('a parameterised query run twice is prepared under its name, and answers as before', async () => {
    const answers: unknown[] = [];
    const prepared = await preparedAfter(test.database, async (tx) => {
      answers.push(await byEmail(tx, 'admin@clanwarhub.local'));
      answers.push(await byEmail(tx, 'nobody@clanwarhub.local'));
      answers.push(await byEmail(tx, 'admin@clanwarhub.local'));
    });
    const auto = prepared.filter((p) => p.name.startsWith('cwh_auto_'));
    expect(auto.map((p) => p.statement)).toContainEqual(
      expect.stringContaining('from "users" where "users"."email" = $1'),
    );
    expect(answers[1]).toEqual([]);
    expect(answers[2]).toEqual(answers[0]);
  });

  it('a query without parameters is never named', async () => {
    const prepared = await preparedAfter(test.database, async (tx) => {
      for (let i = 0; i < 3; i++) await tx.execute(sql`select count(*) from users`);
    });
    expect(prepared.map((p) => p.statement)).not.toContainEqual(
      expect.stringContaining('select count(*) from users'),
    );
  });

  it('with a size of 0, nothing is named', async () => {
    const prepared = await preparedAfter(off, async (tx) => {
      for (let i = 0; i < 3; i++) await byEmail(tx, 'admin@clanwarhub.local');
    });
    expect(prepared.filter((p) => p.name.startsWith('cwh_auto_'))).toEqual([]);
  });
});
