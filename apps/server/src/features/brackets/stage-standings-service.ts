import type {
  BracketStandingResource,
  StageStandingListDocument,
  SwissStandingResource,
} from '@cwh/contract';
import { computeSwissStandings, resolveDoubleElimination } from '@cwh/domain';
import { pageMeta, pageRequest } from '../../http/jsonapi.js';
import { rosterDisplayName } from '../ladder/ladder-mappers.js';
import type { StandingsQuery } from '../ladder/standings/standings-routes.js';
import { swissState } from './brackets-read-service.js';
import type { StageRow } from './brackets-repository.js';
import type { BracketsDeps } from './brackets-service.js';

const STANDINGS_PAGE_SIZE = 20;

type Row = SwissStandingResource | BracketStandingResource;
type RosterOf = (rosterId: string) => {
  id: string;
  name: string | null;
  displayName: string;
  ownerId: string | null;
};

/** Swiss standings after the last fully played round (the swiss records' default). */
async function swissRows(deps: BracketsDeps, stage: StageRow, rosterOf: RosterOf): Promise<Row[]> {
  const { finishedRounds, results, byes } = await swissState(deps, stage);
  const upTo = <T extends { roundNumber: number }>(list: T[]) =>
    list.filter((r) => r.roundNumber <= finishedRounds);
  const standings = computeSwissStandings(
    stage.teams,
    upTo(results),
    upTo(byes),
    stage.swissConfig!,
    finishedRounds,
  );
  return standings.map((s) => ({
    id: `${stage.segmentId}:${s.rosterId}`,
    type: 'swiss-standings' as const,
    attributes: {
      rank: s.rank,
      placement: s.rank,
      seed: s.seed,
      roundNumber: finishedRounds,
      record: s.record,
      wins: s.wins,
      losses: s.losses,
      draws: s.draws,
      byes: s.byes,
      matchPoints: s.matchPoints,
      buchholz: s.buchholz,
      headToHead: s.headToHead,
      starsFor: s.starsFor,
      starsAgainst: s.starsAgainst,
      starDifference: s.starsFor - s.starsAgainst,
      destructionFor: s.destructionFor,
      destructionAgainst: s.destructionAgainst,
      destructionDifference: Math.round((s.destructionFor - s.destructionAgainst) * 100) / 100,
      status: s.status,
      roster: rosterOf(s.rosterId),
      segment: { id: stage.segmentId },
    },
  }));
}

/**
 * Bracket standings: the engine's placements (1, 2, 3, 4, 5-6, 7-8 …) for the teams that are out
 * (and the champion and runner-up once the final is over); teams still playing first, by losses
 * then seed, then the placed teams by placement then seed.
 */
function bracketRows(stage: StageRow, rosterOf: RosterOf): Row[] {
  const state = resolveDoubleElimination(stage.bracket!, stage.bracketResults);
  const placed = new Map(state.placements.map((p) => [p.rosterId, p]));
  const wins = new Map<string, number>();
  for (const match of state.matches) {
    if (match.status === 'finished' && match.winnerRosterId)
      wins.set(match.winnerRosterId, (wins.get(match.winnerRosterId) ?? 0) + 1);
  }
  const ordered = [...stage.teams].sort((a, b) => {
    const pa = placed.get(a.rosterId);
    const pb = placed.get(b.rosterId);
    if (!pa !== !pb) return pa ? 1 : -1;
    if (pa && pb) return pa.placement - pb.placement || a.seed - b.seed;
    return (state.losses[a.rosterId] ?? 0) - (state.losses[b.rosterId] ?? 0) || a.seed - b.seed;
  });
  return ordered.map((team, index) => {
    const placement = placed.get(team.rosterId) ?? null;
    return {
      id: `${stage.segmentId}:${team.rosterId}`,
      type: 'bracket-standings' as const,
      attributes: {
        rank: index + 1,
        placement: placement?.placement ?? null,
        placementTo: placement?.placementTo ?? null,
        label: placement?.label ?? null,
        seed: team.seed,
        wins: wins.get(team.rosterId) ?? 0,
        losses: state.losses[team.rosterId] ?? 0,
        status:
          state.championRosterId === team.rosterId
            ? ('champion' as const)
            : placement
              ? ('eliminated' as const)
              : ('active' as const),
        roster: rosterOf(team.rosterId),
        segment: { id: stage.segmentId },
      },
    };
  });
}

/**
 * GET /segments/{id}/standings of a segment holding a stage (the ladder's standings hook); null
 * when it holds none. Same paging as the ladder (20 per page, sort placement or -placement),
 * filter[roster.id], and filter[user] (rosters the user owns).
 */
export function stageStandingsHook(deps: BracketsDeps) {
  return async (
    segment: { id: string },
    query: StandingsQuery,
  ): Promise<StageStandingListDocument | null> => {
    const stage = await deps.repo.stageOfSegment(segment.id);
    if (!stage) return null;
    const rosters = new Map(
      (await deps.repo.rostersByIds(stage.teams.map((t) => t.rosterId))).map((r) => [r.id, r]),
    );
    const rosterOf: RosterOf = (id) => {
      const roster = rosters.get(id);
      return {
        id,
        name: roster?.name ?? null,
        displayName: rosterDisplayName(roster),
        ownerId: roster?.ownerId ?? null,
      };
    };
    let rows =
      stage.format === 'swiss' && stage.swissConfig
        ? await swissRows(deps, stage, rosterOf)
        : stage.bracket
          ? bracketRows(stage, rosterOf)
          : [];
    const rosterId = query['filter[roster.id]'];
    const userId = query['filter[user]'];
    if (rosterId) rows = rows.filter((r) => r.attributes.roster.id === rosterId);
    if (userId) rows = rows.filter((r) => r.attributes.roster.ownerId === userId);
    if (query.sort === '-placement') rows.reverse();
    const page = pageRequest({ ...query, 'page[size]': query['page[size]'] ?? STANDINGS_PAGE_SIZE });
    return { data: rows.slice(page.offset, page.offset + page.size), meta: pageMeta(page, rows.length) };
  };
}
