import { bracketStageStatus } from '@cwh/domain';

export type Timing = 'upcoming' | 'live' | 'finished';

const TIMING = { before: 'upcoming', open: 'live', after: 'finished' } as const;

/** An event's or stage's timing badge: spec 4's before / open / after of its date range. */
export function timingOf(range: { from: string; to: string }, now: Date): Timing {
  return TIMING[bracketStageStatus({ date: range }, now)];
}
