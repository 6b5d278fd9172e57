import { describe, expect, it } from 'vitest';
import { prizeLines } from '../matches/prizes';
import { bracketInfo, stageSeries } from './finals-fixtures';
import {
  assignFinalsDays,
  attackOrderRows,
  championOf,
  cupTab,
  defaultCupLevel,
  finalistsOf,
  matchesOfDay,
  parseFinalsDay,
} from './finals-model';

describe('world finals day assignment', () => {
  it('numbers every series 1 to 15 and puts 1-6 on day 1, 7-12 on day 2, 13-15 on day 3', () => {
    const matches = assignFinalsDays(bracketInfo(), stageSeries())!;
    expect(matches.map((m) => m.number)).toEqual(Array.from({ length: 15 }, (_, i) => i + 1));
    expect(matchesOfDay(matches, 1).map((m) => m.number)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(matchesOfDay(matches, 2).map((m) => m.number)).toEqual([7, 8, 9, 10, 11, 12]);
    expect(matchesOfDay(matches, 3).map((m) => m.number)).toEqual([13, 14, 15]);
    expect(matchesOfDay(matches, 2).map((m) => m.order)).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('finds each series its bracket node from section, round and order in the list', () => {
    const matches = assignFinalsDays(bracketInfo(), stageSeries())!;
    const byId = new Map(matches.map((m) => [m.series.id, m]));
    // Upper round 1 is 1v8, 4v5, 2v7, 3v6 (play order 1-4); the grand final and its reset close day 3.
    expect(byId.get('series-U1-1')).toMatchObject({ number: 1, day: 1, section: 'upper', round: 1 });
    expect(byId.get('series-U1-4')).toMatchObject({ number: 4, day: 1 });
    expect(byId.get('series-GF1')).toMatchObject({ number: 14, day: 3, section: 'final', round: 1 });
    expect(byId.get('series-GF2')).toMatchObject({ number: 15, day: 3, section: 'final', round: 2 });
    expect(byId.get('series-U3-1')).toMatchObject({ day: 2 });
  });

  it('gives no days to a stage that is not the 8-team double elimination of spec 9', () => {
    const series = stageSeries();
    expect(assignFinalsDays({ ...bracketInfo(), teams: bracketInfo().teams.slice(0, 4) }, series)).toBeNull();
    expect(assignFinalsDays({ ...bracketInfo(), format: 'swiss' }, series)).toBeNull();
    // A 16th series has no node in the bracket.
    expect(assignFinalsDays(bracketInfo(), [...series, { ...series[0]!, id: 'extra' }])).toBeNull();
  });

  it('reads the day from the route: day-1 to day-3 only', () => {
    expect([parseFinalsDay('day-1'), parseFinalsDay('day-2'), parseFinalsDay('day-3')]).toEqual([1, 2, 3]);
    for (const other of ['day-0', 'day-4', '1', 'day-12', 'day-1x', undefined])
      expect(parseFinalsDay(other)).toBeNull();
  });
});

describe('finalists and champion', () => {
  it('lists the eight finalists by seed with the names from the series', () => {
    const finalists = finalistsOf(bracketInfo(), stageSeries());
    expect(finalists.map((f) => f.seed)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(finalists[0]).toEqual({ rosterId: 'r1', seed: 1, name: 'Team 1' });
  });

  it('has a champion only once the bracket names one', () => {
    const finalists = finalistsOf(bracketInfo(), stageSeries());
    expect(championOf(bracketInfo(), finalists)).toBeNull();
    expect(championOf(null, finalists)).toBeNull();
    expect(championOf(bracketInfo('r4'), finalists)).toEqual({ rosterId: 'r4', seed: 4, name: 'Team 4' });
  });
});

describe('day-two attack order (rule 3.2.3)', () => {
  it('alternates home and away from 37 minutes left down to 1', () => {
    const rows = attackOrderRows();
    expect(rows.map((r) => [r.minutesLeft, r.side, r.attack])).toEqual([
      [37, 'home', 1],
      [33, 'away', 1],
      [29, 'home', 2],
      [25, 'away', 2],
      [21, 'home', 3],
      [17, 'away', 3],
      [13, 'home', 4],
      [9, 'away', 4],
      [5, 'home', 5],
      [1, 'away', 5],
    ]);
    expect(rows.map((r) => r.clock)).toEqual([
      '37m',
      '33m',
      '29m',
      '25m',
      '21m',
      '17m',
      '13m',
      '9m',
      '5m',
      '1m',
    ]);
  });
});

describe('prizes', () => {
  it('shows no figure without prize data', () => {
    expect(prizeLines(null)).toEqual([]);
    expect(prizeLines(undefined)).toEqual([]);
  });

  it('shows the pools the event has, and only those', () => {
    const base = { currency: 'USD', pool: 700_000, placements: [] };
    expect(prizeLines({ ...base, monthlyFinalsPool: null, championshipFinalsPool: 700_000 })).toEqual([
      { key: 'pool', amount: 700_000 },
      { key: 'championshipFinalsPool', amount: 700_000 },
    ]);
    expect(prizeLines({ ...base, monthlyFinalsPool: 0, championshipFinalsPool: null })).toEqual([
      { key: 'pool', amount: 700_000 },
      { key: 'monthlyFinalsPool', amount: 0 },
    ]);
  });
});

describe('town hall cup', () => {
  it('lands on the clan’s cup level, else the last one opened, else the highest', () => {
    expect(defaultCupLevel(12, '9')).toBe(12);
    expect(defaultCupLevel(17, '9')).toBe(9);
    expect(defaultCupLevel(null, null)).toBe(15);
    expect(defaultCupLevel(undefined, '10')).toBe(15);
  });

  it('opens the asked tab, else the finals once they have started, else the ladder', () => {
    const now = new Date('2026-03-15T12:00:00Z');
    expect(cupTab('finals', null, now)).toBe('finals');
    expect(cupTab('ladder', '2026-03-01T00:00:00Z', now)).toBe('ladder');
    expect(cupTab(null, '2026-03-01T00:00:00Z', now)).toBe('finals');
    expect(cupTab('other', '2026-04-01T00:00:00Z', now)).toBe('ladder');
    expect(cupTab(null, null, now)).toBe('ladder');
  });
});
