import { describe, expect, it } from 'vitest';
import type { BracketInfo } from './brackets-api';
import { fourTeamBracket } from './stage-fixtures.test-support';
import { stageParticipants } from './stage-view';

/** The 4-team bracket of the fixtures after its grand final and reset: Team 1 champion. */
function info(outcomes?: BracketInfo['outcomes']): BracketInfo {
  return {
    id: 'stage',
    segment: { id: 'segment' },
    format: 'double_elimination',
    teams: [1, 2, 3, 4].map((n) => ({ rosterId: `r${n}`, seed: n })),
    startsAt: '2026-12-01T18:00:00Z',
    createdAt: '2026-11-01T18:00:00Z',
    swiss: null,
    doubleElimination: {
      upperRounds: 2,
      lowerRounds: 2,
      matches: 7,
      playedMatches: 7,
      championRosterId: 'r1',
      complete: true,
      placements: [
        { rosterId: 'r1', placement: 1, placementTo: 1, label: '1' },
        { rosterId: 'r3', placement: 2, placementTo: 2, label: '2' },
        { rosterId: 'r2', placement: 3, placementTo: 3, label: '3' },
        { rosterId: 'r4', placement: 4, placementTo: 4, label: '4' },
      ],
    },
    ...(outcomes ? { outcomes } : {}),
  };
}

describe('stage participants of a double-elimination stage', () => {
  const series = fourTeamBracket('away', 'played');
  const statuses = (value: BracketInfo) =>
    stageParticipants(value, series, [], 'TBD').map((p) => [p.rosterId, p.status, p.detail]);

  it('before the advance: the champion, and everyone else eliminated with their place', () => {
    expect(statuses(info())).toEqual([
      ['r1', 'champion', '1'],
      ['r2', 'eliminated', '3'],
      ['r3', 'eliminated', '2'],
      ['r4', 'eliminated', '4'],
    ]);
  });

  it('after the advance: the rosters it qualified show as qualified, the champion stays champion', () => {
    const next = { id: 'next' };
    expect(
      statuses(
        info([
          { rosterId: 'r1', outcome: 'qualified', nextSegment: next },
          { rosterId: 'r3', outcome: 'qualified', nextSegment: next },
          { rosterId: 'r2', outcome: 'eliminated', nextSegment: null },
          { rosterId: 'r4', outcome: 'eliminated', nextSegment: null },
        ]),
      ),
    ).toEqual([
      ['r1', 'champion', '1'],
      ['r2', 'eliminated', '3'],
      ['r3', 'qualified', '2'],
      ['r4', 'eliminated', '4'],
    ]);
  });
});
