import fc from 'fast-check';
import type { AttackFacts, SeriesFacts, SideFacts } from './series-statistics.js';

/** A small world: 4 rosters of 5 players, 2 stages, so series share players and rosters. */
export const ROSTERS = ['r1', 'r2', 'r3', 'r4'] as const;
export const tagsOf = (rosterId: string) => [1, 2, 3, 4, 5].map((n) => `#${rosterId}P${n}`);

const destruction = fc.integer({ min: 0, max: 10_000 }).map((h) => h / 100);

const attacksOf = (side: 'home' | 'away', tags: readonly string[]) =>
  fc
    .subarray([...tags])
    .chain((attackers) =>
      fc.tuple(
        ...attackers.map((attackerTag) =>
          fc
            .record({ stars: fc.integer({ min: 0, max: 3 }), destruction })
            .map((a): AttackFacts => ({ side, attackerTag, ...a })),
        ),
      ),
    );

export type Outcome = 'home' | 'away' | 'draw' | 'forfeitHome' | 'forfeitAway' | 'forfeitBoth';

function side(
  rosterId: string,
  stars: number,
  d: number | null,
  placement: number,
  forfeit: boolean,
): SideFacts {
  return { rosterId, stars, destruction: d, placement, forfeit, playerTags: forfeit ? [] : tagsOf(rosterId) };
}

/** The facts of one series between two rosters with a chosen outcome (forfeits have no attacks). */
export const seriesFacts = (seriesId: string) =>
  fc
    .record({
      pair: fc.constantFrom<[string, string]>(['r1', 'r2'], ['r3', 'r4'], ['r1', 'r3'], ['r2', 'r4']),
      segmentId: fc.constantFrom('s1', 's2'),
      outcome: fc.constantFrom<Outcome>('home', 'away', 'draw', 'forfeitHome', 'forfeitAway', 'forfeitBoth'),
      minute: fc.integer({ min: 0, max: 59 }),
    })
    .chain(({ pair, segmentId, outcome, minute }) =>
      fc
        .tuple(
          attacksOf('home', tagsOf(pair[0])),
          attacksOf('away', tagsOf(pair[1])),
          destruction,
          destruction,
        )
        .map(([homeAttacks, awayAttacks, dh, da]): SeriesFacts => {
          const forfeit = outcome.startsWith('forfeit');
          const stars = (list: readonly AttackFacts[]) => list.reduce((n, a) => n + a.stars, 0);
          const placements: Record<Outcome, [number, number]> = {
            home: [1, 2],
            away: [2, 1],
            draw: [1, 1],
            forfeitHome: [2, 1],
            forfeitAway: [1, 2],
            forfeitBoth: [2, 2],
          };
          const [ph, pa] = placements[outcome];
          return {
            seriesId,
            eventId: 'e1',
            segmentId,
            finishedAt: `2026-12-07T04:${String(minute).padStart(2, '0')}:00.000Z`,
            home: side(
              pair[0],
              forfeit ? 0 : stars(homeAttacks),
              forfeit ? null : dh,
              ph,
              outcome === 'forfeitHome' || outcome === 'forfeitBoth',
            ),
            away: side(
              pair[1],
              forfeit ? 0 : stars(awayAttacks),
              forfeit ? null : da,
              pa,
              outcome === 'forfeitAway' || outcome === 'forfeitBoth',
            ),
            attacks: forfeit ? [] : [...homeAttacks, ...awayAttacks],
          };
        }),
    );

export type Operation = { kind: 'record' | 'correct' | 'forfeit'; facts: SeriesFacts };

/** The same series forfeited by its home side: no line-up played, no attacks, no stars. */
export function asForfeit(facts: SeriesFacts): SeriesFacts {
  return {
    ...facts,
    home: { ...facts.home, stars: 0, destruction: null, placement: 2, forfeit: true, playerTags: [] },
    away: { ...facts.away, stars: 0, destruction: null, placement: 1, forfeit: false, playerTags: [] },
    attacks: [],
  };
}

/** A run of recorded, corrected and forfeited results over 6 series ids. */
export const operations = fc.array(
  fc
    .record({
      kind: fc.constantFrom<Operation['kind']>('record', 'correct', 'forfeit'),
      id: fc.integer({ min: 1, max: 6 }),
    })
    .chain(({ kind, id }) =>
      seriesFacts(`m${id}`).map(
        (facts): Operation => ({ kind, facts: kind === 'forfeit' ? asForfeit(facts) : facts }),
      ),
    ),
  { maxLength: 30 },
);
