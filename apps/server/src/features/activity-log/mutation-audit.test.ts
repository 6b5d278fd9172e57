import { describe, expect, it } from 'vitest';
import type { NewActivityLogEntry } from './activity-log-repository.js';
import { auditWriter } from './mutation-audit.js';

const entry = (action: string): NewActivityLogEntry => ({
  at: new Date('2026-11-29T00:00:00Z'),
  userId: null,
  ipAddress: '127.0.0.1',
  action,
  targetType: 'queue',
  targetId: 'x',
  eventId: null,
  before: null,
  after: { status: 200 },
});

describe('auditWriter', () => {
  it('writes the entries of one turn with one insert', async () => {
    const inserts: string[][] = [];
    const writer = auditWriter({
      appendMany: async (entries) => {
        inserts.push(entries.map((e) => e.action));
      },
      append: async () => {
        throw new Error('not expected: one insert for the turn');
      },
    });
    await Promise.all(['a', 'b', 'c'].map((a) => writer.load(entry(a))));
    expect(inserts).toEqual([['a', 'b', 'c']]);
  });

  it('when that insert fails, writes each entry alone: one refused entry loses no other', async () => {
    const written: string[] = [];
    const writer = auditWriter({
      appendMany: async () => {
        throw new Error('value too long');
      },
      append: async (e) => {
        if (e.action === 'bad') throw new Error('value too long');
        written.push(e.action);
      },
    });
    const settled = await Promise.allSettled(['a', 'bad', 'c'].map((a) => writer.load(entry(a))));
    expect(settled.map((s) => s.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(written.sort()).toEqual(['a', 'c']);
  });
});
