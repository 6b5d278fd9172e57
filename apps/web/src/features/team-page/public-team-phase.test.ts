import type { SegmentResource } from '@cwh/contract';
import { describe, expect, it } from 'vitest';
import { publicTeamPhase, stagesOfRoster } from './public-team-phase';

const player = (registered: boolean) => ({
  tag: '#P',
  name: 'P',
  position: 'player' as const,
  userId: null,
  registered,
});
const roster = (over: Partial<Parameters<typeof publicTeamPhase>[0]> = {}) => ({
  locked: false,
  withdrawnAt: null,
  players: [true, true, true, true, true].map(player),
  segment: { id: 'th17', parent: null },
  checkedIn: false,
  ...over,
});
const stage = (id: string, parent: string, type: string, from: string, to: string) =>
  ({
    id,
    relationships: { parent: { data: { id: parent } } },
    attributes: { eliminationType: type, date: { from, to } },
  }) as unknown as SegmentResource;
const ladder = stage('ol', 'th17', 'ladder', '2026-01-01T00:00:00Z', '2026-01-31T00:00:00Z');
const swiss = stage('mq', 'th17', 'swiss', '2026-02-01T00:00:00Z', '2026-02-10T00:00:00Z');
const elsewhere = stage('x', 'cup', 'ladder', '2026-01-01T00:00:00Z', '2026-12-31T00:00:00Z');
const at = (iso: string) => ({ now: Date.parse(iso), champion: false });
const withCheckIn = (segment: SegmentResource, from: string, to: string) =>
  ({
    ...segment,
    attributes: { ...segment.attributes, segmentCheckinsConfig: { enabled: true, openWindow: { from, to } } },
  }) as SegmentResource;

describe('a team’s phase as anyone sees it (spec 4)', () => {
  it('its stages are the children of its level-0 segment', () => {
    expect(stagesOfRoster(roster(), [ladder, swiss, elsewhere]).map((s) => s.id)).toEqual(['ol', 'mq']);
    expect(
      stagesOfRoster(roster({ segment: { id: 'ol', parent: { id: 'th17' } } }), [ladder, elsewhere]),
    ).toEqual([ladder]);
  });

  it.each([
    ['fewer than 5 players: roster incomplete', roster({ players: [player(true)] }), 'rosterIncomplete'],
    [
      'someone still to register: registering',
      roster({ players: [true, true, true, true, false].map(player) }),
      'registering',
    ],
    ['everyone registered, not locked: ready to lock', roster(), 'readyToLock'],
    ['withdrawn: cannot compete', roster({ withdrawnAt: '2026-01-02T00:00:00Z' }), 'cannotCompete'],
  ])('%s', (_why, value, phase) => {
    expect(publicTeamPhase(value, [ladder, swiss], at('2026-01-10T00:00:00Z'))).toBe(phase);
  });

  it('locked: the stage in play, then the stage it finished, then the finals winner', () => {
    const locked = roster({ locked: true });
    expect(publicTeamPhase(locked, [ladder, swiss], at('2025-12-10T00:00:00Z'))).toBe('locked');
    expect(publicTeamPhase(locked, [ladder, swiss], at('2026-01-10T00:00:00Z'))).toBe('ladderInProgress');
    expect(publicTeamPhase(locked, [ladder, swiss], at('2026-01-31T12:00:00Z'))).toBe('ladderFinished');
    expect(publicTeamPhase(locked, [ladder, swiss], at('2026-02-05T00:00:00Z'))).toBe('tournamentInProgress');
    expect(publicTeamPhase(locked, [ladder, swiss], at('2026-03-01T00:00:00Z'))).toBe('phaseComplete');
    expect(
      publicTeamPhase(locked, [ladder, swiss], { now: Date.parse('2026-03-01T00:00:00Z'), champion: true }),
    ).toBe('finalsWinner');
  });

  it('locked, a stage check-in window open: pre-segment check-in until the roster has checked in', () => {
    const open = withCheckIn(swiss, '2026-01-30T00:00:00Z', '2026-02-01T00:00:00Z');
    const when = at('2026-01-31T12:00:00Z');
    expect(publicTeamPhase(roster({ locked: true }), [ladder, open], when)).toBe('preSegmentCheckIn');
    expect(publicTeamPhase(roster({ locked: true, checkedIn: true }), [ladder, open], when)).toBe(
      'ladderFinished',
    );
  });
});
