import type { PointsListQuery, PointsResource } from '@cwh/contract';
import { ladderResultDeltas, SWISS_DRAW_POINTS, SWISS_WIN_POINTS, winnerOfPlacements } from '@cwh/domain';
import type { Db } from '../../db/client.js';
import { DomainError } from '../../errors/domain-error.js';
import { isoSeconds, pageMeta, pageRequest } from '../../http/jsonapi.js';
import { rosterDisplayName } from '../ladder/ladder-mappers.js';
import { ladderResultOf } from '../ladder/match-series/series-results-service.js';
import { createPointsRepository } from './points-repository.js';

type Competitor = Awaited<ReturnType<ReturnType<typeof createPointsRepository>['competitorsOf']>>[number];
type Result = PointsResource['attributes']['result'];

/** W/L/D, FFW for a win by the opponent's forfeit, FFL for a forfeit (both sides of a double forfeit). */
function resultOf(
  side: 'home' | 'away',
  self: Competitor,
  other: Competitor | undefined,
  home: Competitor,
  away: Competitor | undefined,
): Result {
  if (self.forfeit) return 'FFL';
  const winner = winnerOfPlacements(home.placement, away?.placement ?? null);
  if (winner === side) return other?.forfeit ? 'FFW' : 'W';
  if (winner === 'draw') return 'D';
  return 'L';
}

/**
 * Points one finished series gave one roster: the ladder's deltas (domain `ladderResultDeltas`)
 * for a ladder series; swiss match points (win 3, draw 1, loss or forfeit 0, a bye 3) for a swiss
 * series; 0 for a double-elimination series (the bracket ranks by placement, not points).
 */
function pointsOf(
  competition: PointsResource['attributes']['competition'],
  rosterId: string,
  result: Result,
  bye: boolean,
  home: Competitor,
  away: Competitor | undefined,
): number {
  if (competition === 'double_elimination') return 0;
  if (competition === 'swiss') {
    if (bye) return SWISS_WIN_POINTS;
    return result === 'W' || result === 'FFW' ? SWISS_WIN_POINTS : result === 'D' ? SWISS_DRAW_POINTS : 0;
  }
  const ladder = away ? ladderResultOf(home, away) : null;
  return ladder ? (ladderResultDeltas(ladder).find((d) => d.rosterId === rosterId)?.points ?? 0) : 0;
}

/** GET /points?filter[matchSeries]=… or ?filter[roster]=… (one of them required). */
export async function listPoints(db: Db, tenant: string, query: PointsListQuery) {
  const repo = createPointsRepository(db);
  const matchSeriesId = query['filter[matchSeries]'];
  const rosterId = query['filter[roster]'];
  if (!matchSeriesId && !rosterId)
    throw new DomainError('VALIDATION_FAILED', 'filter[matchSeries] or filter[roster] is required', {
      source: { parameter: 'filter[matchSeries]' },
    });
  if (matchSeriesId && !(await repo.seriesInTenant(tenant, matchSeriesId)))
    throw new DomainError('NOT_FOUND', `No match series ${matchSeriesId}`);
  if (rosterId && !(await repo.rosterInTenant(tenant, rosterId)))
    throw new DomainError('NOT_FOUND', `No roster ${rosterId}`);
  const page = pageRequest(query);
  const { rows, total } = await repo.finished(
    tenant,
    { matchSeriesId, rosterId },
    matchSeriesId ? { offset: 0, size: 1 } : page,
  );
  const competitors = await repo.competitorsOf(rows.map((r) => r.series.id));
  const rosters = new Map(
    (await repo.rostersByIds(competitors.flatMap((c) => (c.rosterId ? [c.rosterId] : [])))).map((r) => [
      r.id,
      r,
    ]),
  );
  const data: PointsResource[] = [];
  for (const { series, format } of rows) {
    const own = competitors.filter((c) => c.matchSeriesId === series.id);
    const home = own.find((c) => c.position === 0);
    const away = own.find((c) => c.position === 1);
    if (!home) continue;
    const competition = format ?? 'ladder';
    for (const [side, self, other] of [
      ['home', home, away],
      ['away', away, home],
    ] as const) {
      if (!self?.rosterId || (rosterId && self.rosterId !== rosterId)) continue;
      if (!other?.rosterId && !series.bye) continue;
      const result = series.bye ? 'W' : resultOf(side, self, other, home, away);
      data.push({
        id: `${series.id}:${self.rosterId}`,
        type: 'points',
        attributes: {
          matchSeries: { id: series.id },
          roster: {
            id: self.rosterId,
            name: rosters.get(self.rosterId)?.name ?? null,
            displayName: rosterDisplayName(rosters.get(self.rosterId)),
          },
          opponent: other?.rosterId ? { id: other.rosterId } : null,
          segment: { id: series.segmentId },
          competition,
          result,
          bye: series.bye,
          points: pointsOf(competition, self.rosterId, result, series.bye, home, away),
          starsFor: self.score ?? 0,
          starsAgainst: other?.score ?? 0,
          finishedAt: series.finishedAt ? isoSeconds(series.finishedAt) : null,
        },
      });
    }
  }
  return {
    data,
    meta: pageMeta(
      matchSeriesId ? { ...page, number: 1, offset: 0 } : page,
      matchSeriesId ? data.length : total,
    ),
  };
}
