import type { ClanRosterValue } from '@cwh/contract';
import { describe, expect, it } from 'vitest';
import { isStagePhase, type StageTimeline, teamStagePhase } from './team-status';

const locked = {
  id: 'r1',
  locked: true,
  canCompete: true,
  registrationStatus: 'after',
  members: [],
} as unknown as ClanRosterValue;

const stage = (eliminationType: string, from: string, to: string) => ({
  eliminationType,
  date: { from: `2026-03-${from}T00:00:00Z`, to: `2026-03-${to}T00:00:00Z` },
});
// Ladder 1–10, monthly qualifier 12–13, finals 20–21.
const segments = [
  stage('ladder', '01', '10'),
  stage('swiss', '12', '13'),
  stage('double_elimination', '20', '21'),
];
const at = (day: string, patch: Partial<StageTimeline> = {}): StageTimeline => ({
  segments,
  now: Date.parse(`2026-03-${day}T12:00:00Z`),
  checkInPending: false,
  champion: false,
  ...patch,
});

describe('team stage phases (spec 4)', () => {
  it.each([
    ['before any stage: roster locked', at('00'), 'locked'],
    ['during the ladder', at('05'), 'ladderInProgress'],
    ['after the ladder: top teams advance', at('11'), 'ladderFinished'],
    ['a stage check-in waits for the roster', at('11', { checkInPending: true }), 'preSegmentCheckIn'],
    ['during a tournament stage', at('12'), 'tournamentInProgress'],
    ['between stages after a tournament stage', at('15'), 'phaseComplete'],
    ['after the finals', at('25'), 'phaseComplete'],
    ['the finals winner', at('25', { champion: true }), 'finalsWinner'],
    [
      'a qualifier that starts before the ladder ends',
      at('08', { segments: [...segments, stage('swiss', '07', '09')] }),
      'tournamentInProgress',
    ],
  ] as const)('%s → %s', (_name, timeline, phase) => {
    expect(teamStagePhase(locked, true, timeline)).toBe(phase);
  });

  it('before the lock, or without stages known, the registration phases stay', () => {
    expect(teamStagePhase(null, false, at('05'))).toBe('notSelected');
    expect(teamStagePhase({ ...locked, locked: false, registrationStatus: 'open' }, false, at('05'))).toBe(
      'rosterIncomplete',
    );
    expect(teamStagePhase(locked, true, null)).toBe('locked');
  });

  it('tells stage phases (checkins texts) from registration phases (teams texts)', () => {
    expect(isStagePhase('finalsWinner')).toBe(true);
    expect(isStagePhase('locked')).toBe(false);
  });
});
