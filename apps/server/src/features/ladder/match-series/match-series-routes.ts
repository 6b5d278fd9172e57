import {
  checkinDocument,
  checkinListDocument,
  checkinListQuery,
  createCheckinBody,
  matchSeriesDocument,
  matchSeriesListDocument,
  matchSeriesListQuery,
  matchSeriesParams,
} from '@cwh/contract';
import {
  isUpcomingState,
  MATCH_TIME_PASSED_MESSAGE,
  matchCheckInRefusal,
  UPCOMING_FILTER_STATES,
} from '@cwh/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../../db/client.js';
import { DomainError } from '../../../errors/domain-error.js';
import type { GameAdapter } from '../../../game/index.js';
import { refuseClansInWar } from '../../../game/war-refusals.js';
import { isoSeconds, pageMeta, pageRequest } from '../../../http/jsonapi.js';
import { matchSeriesResource } from '../ladder-mappers.js';
import type { MatchSeriesRow } from '../ladder-repository.js';
import type { LadderService } from '../ladder-service.js';
import { type CheckinRow, createCheckinRepository } from './checkin-repository.js';
import {
  createMatchSeriesRepository,
  MATCH_SERIES_STATE,
  type MatchSeriesState,
} from './match-series-repository.js';
import { seriesDetail } from './series-detail.js';

const UPCOMING_PAGE_SIZE = 20;

/** filter[state]: 'upcoming' (new, live, scheduled, upcoming) or a comma list of states. */
function statesOf(filter: string): string[] {
  const states = new Set<string>();
  for (const part of filter.split(',').map((s) => s.trim())) {
    if (part === 'upcoming') for (const s of [...UPCOMING_FILTER_STATES, 'upcoming']) states.add(s);
    else if ((MATCH_SERIES_STATE as readonly string[]).includes(part)) states.add(part);
    else
      throw new DomainError('VALIDATION_FAILED', `Unknown state ${part}`, {
        source: { parameter: 'filter[state]' },
      });
  }
  return [...states];
}

/** `/api/matches/1.0/match-series` and `/checkins`. */
export function matchSeriesRoutes(db: Db, ladder: LadderService, game?: GameAdapter): FastifyPluginAsyncZod {
  const repo = ladder.repository;
  async function resources(rows: MatchSeriesRow[], now: Date) {
    const competitors = await repo.competitorsOf(rows.map((r) => r.id));
    const rosterIds = [...new Set(competitors.flatMap((c) => (c.rosterId ? [c.rosterId] : [])))];
    const rosters = new Map((await repo.rostersByIds(rosterIds)).map((r) => [r.id, r]));
    return rows.map((row) => matchSeriesResource(row, competitors, rosters, now));
  }
  const series = createMatchSeriesRepository(db);
  const checkins = createCheckinRepository(db);

  return async (app) => {
    app.get(
      '/match-series',
      { schema: { querystring: matchSeriesListQuery, response: { 200: matchSeriesListDocument } } },
      async (request) => {
        const q = request.query;
        const states = q['filter[state]'] ? (statesOf(q['filter[state]']) as MatchSeriesState[]) : undefined;
        const page = pageRequest({ ...q, 'page[size]': q['page[size]'] ?? UPCOMING_PAGE_SIZE });
        const { rows, total } = await series.list(
          request.tenant,
          {
            eventId: q['filter[event]'],
            segmentId: q['filter[segment]'],
            rosterId: q['filter[roster]'],
            userId: q['filter[user]'],
            states,
          },
          { descending: q.sort === '-date' },
          page,
        );
        return { data: await resources(rows, app.now()), meta: pageMeta(page, total) };
      },
    );
    app.get(
      '/match-series/:id',
      { schema: { params: matchSeriesParams, response: { 200: matchSeriesDocument } } },
      async (request) => {
        const row = await repo.findSeries(request.params.id);
        if (!row || row.tenant !== request.tenant) {
          throw new DomainError('NOT_FOUND', `No match series with id ${request.params.id}`);
        }
        const resource = (await resources([row], app.now()))[0]!;
        const competitors = await repo.competitorsOf([row.id]);
        const segment = await repo.findSegment(request.tenant, row.segmentId);
        const detail = await seriesDetail(repo, game, { series: row, competitors, segment });
        return { data: { ...resource, attributes: { ...resource.attributes, detail } } };
      },
    );

    const checkinResource = (row: CheckinRow) => ({
      id: row.id,
      type: 'checkins' as const,
      attributes: {
        createdAt: isoSeconds(row.createdAt),
        user: { id: row.userId },
        matchSeries: row.matchSeriesId ? { id: row.matchSeriesId } : null,
        roster: row.rosterId ? { id: row.rosterId } : null,
      },
    });
    app.get(
      '/checkins',
      { schema: { querystring: checkinListQuery, response: { 200: checkinListDocument } } },
      async (request) => {
        const rows = await checkins.listForSeries(request.query['filter[matchSeries]']);
        return { data: rows.map(checkinResource) };
      },
    );
    /**
     * Check-in of the caller to a match series (a competitor's owner; refused once the match time has
     * passed: MATCH_TIME_PASSED) or to a roster (its owner). Repeated check-ins answer the existing one.
     */
    app.post(
      '/checkins',
      {
        preHandler: app.authenticate,
        schema: { body: createCheckinBody, response: { 200: checkinDocument, 201: checkinDocument } },
      },
      async (request, reply) => {
        const user = request.user!;
        const { matchSeriesId, rosterId } = request.body.data.attributes;
        if (!matchSeriesId === !rosterId) {
          throw new DomainError('VALIDATION_FAILED', 'Relate either a match series or a roster');
        }
        const now = app.now();
        if (matchSeriesId) {
          const series = await repo.findSeries(matchSeriesId);
          if (!series) throw new DomainError('NOT_FOUND', `No match series with id ${matchSeriesId}`);
          const competitors = await repo.competitorsOf([series.id]);
          const rosters = await repo.rostersByIds(
            competitors.flatMap((c) => (c.rosterId ? [c.rosterId] : [])),
          );
          const own = rosters.find((r) => r.ownerId === user.id);
          if (!own) {
            throw new DomainError('FORBIDDEN', 'Only a captain of this match series may check in');
          }
          // The domain's check-in rule decides; a repeated check-in is answered below with the
          // existing one, so only the refusal matters here. A series no longer upcoming (live,
          // finished) has passed its match time too.
          const refusal = matchCheckInRefusal(series, now, { userId: user.id, checkIns: [] });
          if (refusal?.kind === 'passedMatchTime' || !isUpcomingState(series.state)) {
            throw new DomainError('MATCH_TIME_PASSED', MATCH_TIME_PASSED_MESSAGE);
          }
          // Spec 8: own clan in a war → 14/18, the opponent in a war → 19/20; both are checked.
          if (game) {
            const opponent = rosters.find((r) => r.id !== own.id);
            await refuseClansInWar(
              game,
              { own: own.clanTag, opponent: opponent?.clanTag },
              'Your team is in an active Clan War or Friendly War; cannot check in',
            );
          }
        } else {
          const roster = await repo.findRoster(rosterId!);
          if (!roster) throw new DomainError('NOT_FOUND', `No roster with id ${rosterId}`);
          if (roster.ownerId !== user.id)
            throw new DomainError('FORBIDDEN', 'Only the roster owner may check in');
        }
        const inserted = await checkins.insertIfAbsent({
          tenant: request.tenant,
          userId: user.id,
          matchSeriesId: matchSeriesId ?? null,
          rosterId: matchSeriesId ? null : rosterId!,
          createdAt: now,
        });
        if (inserted) return reply.status(201).send({ data: checkinResource(inserted) });
        const existing = await checkins.findForUser(user.id, {
          matchSeriesId: matchSeriesId ?? null,
          rosterId: rosterId ?? null,
        });
        return { data: checkinResource(existing!) };
      },
    );
  };
}
