import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { logBody } from './log.js';
import * as z from './safe-zod.js';

describe('contract strings refuse what PostgreSQL cannot store', () => {
  it.each([
    ['plain text', 'Clan War Hub', true],
    ['emoji (a surrogate pair)', 'go 🏆 go', true],
    ['CJK', '部族戦争', true],
    ['NUL', 'a\u0000b', false],
    ['lone high surrogate', 'a\uD83Db', false],
    ['lone low surrogate', '\uDC00', false],
    ['reversed pair', '\uDFFF\uD83D', false],
  ])('%s', (_why, value, ok) => {
    expect(z.string().safeParse(value).success).toBe(ok);
    expect(z.isStorableText(value)).toBe(ok);
  });

  it('keeps the other checks of a string', () => {
    expect(z.string().min(3).safeParse('ab').success).toBe(false);
    expect(z.string().max(3).safeParse('abc').success).toBe(true);
  });

  it('checks every string inside free-form JSON, keys included', () => {
    const report = (extras: unknown) => logBody.safeParse({ error: 'x', url: '/', meta: { extras } });
    expect(report({ a: ['ok', { b: 1 }] }).success).toBe(true);
    expect(report({ a: ['ok', { b: 'n\u0000' }] }).success).toBe(false);
    expect(report({ 'k\uD800': 1 }).success).toBe(false);
    expect(report({ a: 'x' }).success).toBe(true);
  });

  it('every contract file takes zod from safe-zod, so no string escapes the check', () => {
    const dir = import.meta.dirname;
    const direct = readdirSync(dir)
      .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts') && file !== 'safe-zod.ts')
      // A type-only import builds no schema at run time, so it cannot let a string through.
      .filter((file) =>
        /^import (?!type )[^;]*from 'zod(\/[^']*)?'/m.test(readFileSync(`${dir}/${file}`, 'utf8')),
      );
    expect(direct).toEqual([]);
  });
});
