import { describe, expect, it } from 'vitest';
import { type EndingSide, type MatchUpEnding, planMatchUpEnding } from './match-up-ending.js';

const side = (rosterId: string, response: EndingSide['response'], entryOpen = true): EndingSide => ({
  rosterId,
  response,
  entryOpen,
});

describe('planMatchUpEnding', () => {
  it.each<{ why: string; sides: EndingSide[]; ending: MatchUpEnding; fates: string[]; requeued: string[] }>([
    {
      why: 'a decline ends the decliner and sends the other side back to the queue',
      sides: [side('h', 'pending'), side('a', 'accepted')],
      ending: { kind: 'declined', rosterId: 'h' },
      fates: ['declined', 'requeue'],
      requeued: ['a'],
    },
    {
      why: 'leaving the queue while matched cancels the leaver instead of declining',
      sides: [side('h', 'pending'), side('a', 'pending')],
      ending: { kind: 'declined', rosterId: 'a', leaving: true },
      fates: ['requeue', 'cancelled'],
      requeued: ['h'],
    },
    {
      why: 'a side that declined before is not requeued by the other decline',
      sides: [side('h', 'declined'), side('a', 'pending')],
      ending: { kind: 'declined', rosterId: 'a' },
      fates: ['declined', 'declined'],
      requeued: [],
    },
    {
      why: 'on expiry only sides that accepted go back to the queue',
      sides: [side('h', 'accepted'), side('a', 'pending')],
      ending: { kind: 'expired' },
      fates: ['requeue', 'expired'],
      requeued: ['h'],
    },
    {
      why: 'an entry that already ended is left alone',
      sides: [side('h', 'accepted', false), side('a', 'pending')],
      ending: { kind: 'expired' },
      fates: ['untouched', 'expired'],
      requeued: [],
    },
  ])('$why', ({ sides, ending, fates, requeued }) => {
    const plan = planMatchUpEnding(sides, ending);
    expect(plan.status).toBe(ending.kind);
    expect(plan.sides.map((s) => s.entry)).toEqual(fates);
    expect(plan.requeuedRosterIds).toEqual(requeued);
  });

  it('records the decline as the decliner’s answer, now; the other side keeps its answer', () => {
    const plan = planMatchUpEnding([side('h', 'pending'), side('a', 'accepted')], {
      kind: 'declined',
      rosterId: 'h',
    });
    expect(plan.sides.map((s) => [s.response, s.declinedNow])).toEqual([
      ['declined', true],
      ['accepted', false],
    ]);
  });
});
