import { describe, expect, it } from 'vitest';
import {
  AWAY_ATTACK_MINUTES_LEFT,
  decideWinner,
  HOME_ATTACK_MINUTES_LEFT,
  type SimLineupPlayer,
  simulateWar,
  toWarResult,
} from './sim-war.js';

const lineup = (prefix: string, ...levels: number[]): SimLineupPlayer[] =>
  levels.map((townHallLevel, i) => ({ tag: `#${prefix}${i}`, townHallLevel }));

const home = lineup('H', 17, 17, 17, 17, 17);
const away = lineup('A', 17, 17, 17, 17, 16);

describe('simulateWar', () => {
  it('is deterministic for a seed and varies across seeds', () => {
    const a = simulateWar({ home, away, seed: 'series-42' });
    expect(simulateWar({ home, away, seed: 'series-42' })).toEqual(a);
    const others = ['s1', 's2', 's3', 's4', 's5'].map((seed) => simulateWar({ home, away, seed }).timeline);
    expect(others.some((t) => JSON.stringify(t) !== JSON.stringify(a.timeline))).toBe(true);
  });

  it('follows the day-two attack order: home at 37/29/21/13/5, away at 33/25/17/9/1', () => {
    const { timeline } = simulateWar({ home, away, seed: 1 });
    expect(timeline.map((t) => [t.order, t.side, t.position, t.minutesLeft])).toEqual([
      [1, 'home', 1, 37],
      [2, 'away', 1, 33],
      [3, 'home', 2, 29],
      [4, 'away', 2, 25],
      [5, 'home', 3, 21],
      [6, 'away', 3, 17],
      [7, 'home', 4, 13],
      [8, 'away', 4, 9],
      [9, 'home', 5, 5],
      [10, 'away', 5, 1],
    ]);
    expect(HOME_ATTACK_MINUTES_LEFT).toEqual([37, 29, 21, 13, 5]);
    expect(AWAY_ATTACK_MINUTES_LEFT).toEqual([33, 25, 17, 9, 1]);
  });

  it('attacks the mirrored opponent', () => {
    const { timeline } = simulateWar({ home, away, seed: 1 });
    expect(timeline[0]).toMatchObject({ attackerTag: '#H0', defenderTag: '#A0' });
    expect(timeline[9]).toMatchObject({ attackerTag: '#A4', defenderTag: '#H4' });
  });

  it('keeps stars, destruction and totals consistent over many seeds', () => {
    for (let seed = 0; seed < 300; seed++) {
      const war = simulateWar({ home, away, seed });
      for (const attack of war.timeline) {
        expect(attack.stars).toBeGreaterThanOrEqual(0);
        expect(attack.stars).toBeLessThanOrEqual(3);
        if (attack.stars === 3) expect(attack.destruction).toBe(100);
        if (attack.stars === 2) expect(attack.destruction).toBeGreaterThanOrEqual(50);
        if (attack.stars === 0) expect(attack.destruction).toBeLessThan(50);
        expect(attack.destruction).toBeLessThanOrEqual(100);
      }
      for (const side of ['home', 'away'] as const) {
        const attacks = war.timeline.filter((t) => t.side === side);
        expect(war.stars[side]).toBe(attacks.reduce((s, t) => s + t.stars, 0));
        expect(war.stars[side]).toBeLessThanOrEqual(15);
        expect(war.destruction[side]).toBeCloseTo(attacks.reduce((s, t) => s + t.destruction, 0) / 5, 2);
      }
      expect(war.winner).toBe(decideWinner(war.stars, war.destruction));
    }
  });

  it('favours the higher town hall', () => {
    let strongWins = 0;
    for (let seed = 0; seed < 200; seed++) {
      const war = simulateWar({
        home: lineup('H', 17, 17, 17, 17, 17),
        away: lineup('A', 15, 15, 15, 15, 15),
        seed,
      });
      if (war.winner === 'home') strongWins++;
    }
    expect(strongWins).toBeGreaterThan(180);
  });

  it('rejects line-ups that are not 5 players', () => {
    expect(() => simulateWar({ home: home.slice(0, 4), away, seed: 1 })).toThrow(
      /home line-up has 4 players/,
    );
    expect(() => simulateWar({ home, away: [...away, ...away], seed: 1 })).toThrow(/away line-up has 10/);
  });
});

describe('decideWinner', () => {
  it.each([
    [{ home: 12, away: 10 }, { home: 80, away: 95 }, 'home'],
    [{ home: 9, away: 10 }, { home: 99, away: 70 }, 'away'],
    [{ home: 10, away: 10 }, { home: 90.5, away: 90.25 }, 'home'],
    [{ home: 10, away: 10 }, { home: 88, away: 88 }, 'draw'],
  ])('%o %o -> %s', (stars, destruction, expected) => {
    expect(decideWinner(stars, destruction)).toBe(expected);
  });
});

describe('toWarResult', () => {
  it('carries ids, stars, destruction and the attacks in attack order', () => {
    const war = simulateWar({ home, away, seed: 'x' });
    const result = toWarResult(war, { warId: 'w', matchSeriesId: 'm' });
    expect(result).toMatchObject({
      warId: 'w',
      matchSeriesId: 'm',
      stars: war.stars,
      destruction: war.destruction,
    });
    expect(result.attacks).toHaveLength(10);
    expect(result.attacks?.map((a) => a.order)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(result.attacks?.[0]).toEqual({
      order: 1,
      side: war.timeline[0]!.side,
      attackerTag: war.timeline[0]!.attackerTag,
      defenderTag: war.timeline[0]!.defenderTag,
      stars: war.timeline[0]!.stars,
      destruction: war.timeline[0]!.destruction,
    });
    // The attacks add up to the war's stars.
    const homeStars = result.attacks!.filter((a) => a.side === 'home').reduce((n, a) => n + a.stars, 0);
    expect(homeStars).toBe(war.stars.home);
  });
});
