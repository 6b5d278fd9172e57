import { describe, expect, it } from 'vitest';
import { matchCheckInRefusal } from './check-in.js';

describe('matchCheckInRefusal at the match time itself', () => {
  it('exactly at the match time the check-in is still accepted; one second later it is refused', () => {
    const series = { date: '2025-10-31T14:00:00Z' };
    const context = { userId: 'u1', checkIns: [] };
    expect(matchCheckInRefusal(series, '2025-10-31T14:00:00Z', context)).toBeNull();
    expect(matchCheckInRefusal(series, '2025-10-31T14:00:01Z', context)).toMatchObject({
      kind: 'passedMatchTime',
    });
  });
});
