import {
  leaderboardDocument,
  leaderboardEntriesQuery,
  leaderboardListDocument,
  leaderboardListQuery,
  recalculateDocument,
  type SegmentStandingListDocument,
  type StageStandingListDocument,
  segmentIdParams,
  segmentStandingListDocument,
  standingListDocument,
  standingListQuery,
} from '@cwh/contract';
import { hasRole } from '@cwh/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../../db/client.js';
import { DomainError } from '../../../errors/domain-error.js';
import { isoSeconds, pageMeta, pageRequest } from '../../../http/jsonapi.js';
import { rosterDisplayName } from '../ladder-mappers.js';
import type { LadderService } from '../ladder-service.js';
import { createStandingsRepository, type StandingsSegmentRow } from './standings-repository.js';

const STANDINGS_PAGE_SIZE = 20;

export type StandingsQuery = {
  'page[number]'?: number | undefined;
  'page[size]'?: number | undefined;
  sort?: 'placement' | '-placement' | undefined;
  'filter[user]'?: string | undefined;
  'filter[roster.id]'?: string | undefined;
};

/**
 * The standings of a segment that holds a competition stage (swiss, double elimination); null when
 * it holds none (the ladder answers). Wired by the brackets feature, so the ladder never imports it.
 */
export type StageStandingsHook = (
  segment: StandingsSegmentRow,
  query: StandingsQuery,
) => Promise<StageStandingListDocument | null>;

/** Ladder standings and leaderboards under `/api/tournaments/1.0` (docs/api/ladder.md). */
export function standingsRoutes(
  db: Db,
  ladder: LadderService,
  stageStandings: readonly StageStandingsHook[] = [],
): FastifyPluginAsyncZod {
  const repo = createStandingsRepository(db);
  const segmentOrThrow = (id: string, tenant: string) => repo.getSegment(tenant, id);

  async function standings(segmentId: string, q: StandingsQuery) {
    const page = pageRequest({ ...q, 'page[size]': q['page[size]'] ?? STANDINGS_PAGE_SIZE });
    const { rows, total } = await repo.page(
      segmentId,
      { rosterId: q['filter[roster.id]'], userId: q['filter[user]'] },
      { descending: q.sort === '-placement' },
      page,
    );
    return {
      data: rows.map((s) => ({
        id: `${segmentId}:${s.rosterId}`,
        type: 'standings' as const,
        attributes: {
          rank: s.rank,
          placement: s.placement,
          points: s.points,
          record: s.record,
          wins: s.wins,
          losses: s.losses,
          draws: s.draws,
          gamesPlayed: s.gamesPlayed,
          starsFor: s.starsFor,
          starsAgainst: s.starsAgainst,
          roster: {
            id: s.rosterId,
            name: s.rosterName,
            displayName: rosterDisplayName({ name: s.rosterName }),
            ownerId: s.rosterOwnerId,
          },
          segment: { id: segmentId },
          updatedAt: isoSeconds(s.updatedAt),
        },
      })),
      meta: pageMeta(page, total),
    };
  }

  async function leaderboard(segment: StandingsSegmentRow) {
    return leaderboardResource(segment, await repo.countForSegment(segment.id));
  }

  function leaderboardResource(segment: StandingsSegmentRow, entriesCount: number) {
    return {
      id: segment.id,
      type: 'leaderboards' as const,
      attributes: {
        name: segment.name,
        segment: { id: segment.id },
        event: { id: segment.eventId },
        thLevel: segment.configuration?.thLevel ?? null,
        date: { from: isoSeconds(segment.dateFrom), to: isoSeconds(segment.dateTo) },
        entriesCount,
      },
    };
  }

  return async (app) => {
    app.get(
      '/segments/:id/standings',
      {
        config: { readCache: 'results' },
        schema: {
          params: segmentIdParams,
          querystring: standingListQuery,
          response: { 200: segmentStandingListDocument },
        },
      },
      async (request): Promise<SegmentStandingListDocument> => {
        const segment = await segmentOrThrow(request.params.id, request.tenant);
        // A segment that holds a swiss or bracket stage answers with the stage's standings.
        for (const hook of stageStandings) {
          const answer = await hook(segment, request.query);
          if (answer) return answer;
        }
        return standings(request.params.id, request.query);
      },
    );
    app.post(
      '/segments/:id/standings/recalculate',
      {
        preHandler: app.authenticate,
        schema: { params: segmentIdParams, response: { 202: recalculateDocument } },
      },
      async (request, reply) => {
        if (!hasRole(request.user?.permissions ?? [], 'admin'))
          throw new DomainError('FORBIDDEN', 'Admins only');
        const segmentId = request.params.id;
        await segmentOrThrow(segmentId, request.tenant);
        const entries = await repo.countForSegment(segmentId);
        // Runs in the background in bounded batches (one short transaction each); results keep
        // being recorded meanwhile. A second request while it runs joins the running one.
        ladder.recalculateSegment(segmentId).catch((error: unknown) => {
          request.log.error({ err: error, segmentId }, 'standings recalculation failed');
        });
        reply.code(202);
        return {
          data: {
            id: segmentId,
            type: 'standings-recalculations' as const,
            attributes: { segmentId, entries, recalculatedAt: isoSeconds(app.now()) },
          },
        };
      },
    );
    app.get(
      '/leaderboards',
      {
        config: { readCache: 'results' },
        schema: { querystring: leaderboardListQuery, response: { 200: leaderboardListDocument } },
      },
      async (request) => {
        const page = pageRequest(request.query);
        const { rows, total } = await repo.leaderboards(request.tenant, request.query['filter[event]'], page);
        return {
          data: rows.map(({ segment, entriesCount }) => leaderboardResource(segment, Number(entriesCount))),
          meta: pageMeta(page, total),
        };
      },
    );
    app.get(
      '/leaderboards/:id',
      { schema: { params: segmentIdParams, response: { 200: leaderboardDocument } } },
      async (request) => {
        const segment = await segmentOrThrow(request.params.id, request.tenant);
        if (segment.eliminationType !== 'ladder') throw new DomainError('NOT_FOUND', 'Not a ladder segment');
        return { data: await leaderboard(segment) };
      },
    );
    app.get(
      '/leaderboards/:id/entries',
      {
        config: { readCache: 'results' },
        schema: {
          params: segmentIdParams,
          querystring: leaderboardEntriesQuery,
          response: { 200: standingListDocument },
        },
      },
      async (request) => {
        const segment = await segmentOrThrow(request.params.id, request.tenant);
        if (segment.eliminationType !== 'ladder') throw new DomainError('NOT_FOUND', 'Not a ladder segment');
        return standings(segment.id, request.query);
      },
    );
  };
}
