import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { planQueueLeave } from './queue-leave.js';

const entry = { id: 'entry-1', matchUpId: 'mu-1' };

describe('planQueueLeave', () => {
  it.each([
    {
      why: 'no live entry: a repeated leave changes nothing',
      entry: null,
      matchUp: null,
      plan: { kind: 'nothing' },
    },
    {
      why: 'waiting, never paired: the entry is cancelled',
      entry: { id: 'entry-1', matchUpId: null },
      matchUp: null,
      plan: { kind: 'cancel-entry', entryId: 'entry-1' },
    },
    {
      why: 'paired and the match-up awaits answers: leaving declines it',
      entry,
      matchUp: { id: 'mu-1', status: 'awaiting_confirmation' },
      plan: { kind: 'decline-match-up', matchUpId: 'mu-1' },
    },
    {
      why: 'the match-up already ended (declined by the other side): only the entry ends',
      entry,
      matchUp: { id: 'mu-1', status: 'declined' },
      plan: { kind: 'cancel-entry', entryId: 'entry-1' },
    },
    {
      why: 'a match-up that is not the entry’s own is never declined',
      entry,
      matchUp: { id: 'mu-2', status: 'awaiting_confirmation' },
      plan: { kind: 'cancel-entry', entryId: 'entry-1' },
    },
  ])('$why', ({ entry: e, matchUp, plan }) => {
    expect(planQueueLeave(e, matchUp)).toEqual(plan);
  });

  it('changes at most one thing, and declines only a match-up awaiting answers that holds the entry', () => {
    const id = fc.constantFrom('a', 'b', 'c');
    const status = fc.constantFrom('awaiting_confirmation', 'accepted', 'declined', 'expired');
    fc.assert(
      fc.property(
        fc.option(fc.record({ id, matchUpId: fc.option(id) })),
        fc.option(fc.record({ id, status })),
        (e, m) => {
          const plan = planQueueLeave(e, m);
          if (!e) {
            expect(plan.kind).toBe('nothing');
          } else if (plan.kind === 'decline-match-up') {
            expect(m?.status).toBe('awaiting_confirmation');
            expect(plan.matchUpId).toBe(e.matchUpId);
          } else {
            expect(plan).toEqual({ kind: 'cancel-entry', entryId: e.id });
          }
        },
      ),
    );
  });
});
