import type { AdminMatchSeriesResource } from '@cwh/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Executor } from '../../db/client.js';
import { DomainError } from '../../errors/domain-error.js';
import { isoSeconds } from '../../http/jsonapi.js';
import { createAccess } from '../access/access.js';
import { createOrganizerRepository } from '../access/organizer-repository.js';
import type { Audited } from '../activity-log/audit.js';
import type { BracketsDeps } from '../brackets/brackets-service.js';
import { matchSeriesResource } from '../ladder/ladder-mappers.js';
import type { LadderService } from '../ladder/ladder-service.js';
import {
  type AdminSeriesRow,
  createMatchSeriesAdminRepository,
  type MatchSeriesAdminRepository,
} from './match-series-admin-repository.js';
import { createMatchSeriesAdminService, type MatchSeriesAdminService } from './match-series-admin-service.js';

/** The Fastify instance the routes are registered on (zod schemas). */
export type SeriesAdminApp = Parameters<FastifyPluginAsyncZod>[0];

export const secured = { tags: ['match-series-admin'], security: [{ bearer: [] }] };
export const TARGET = 'match-series';

/** A series as the lists and the repository's `find` read it, with its stage's format (null: ladder). */
export type Row = {
  series: AdminSeriesRow;
  format: 'swiss' | 'double_elimination' | null;
};

/** What the match series admin routes work with, created once when they are registered. */
export interface SeriesAdminContext {
  brackets: BracketsDeps;
  ladder: LadderService;
  audited: Audited;
  db: Executor;
  requireAccess: ReturnType<typeof createAccess>;
  organizers: ReturnType<typeof createOrganizerRepository>;
  repo: MatchSeriesAdminRepository;
  service: MatchSeriesAdminService;
}

export function createSeriesAdminContext(
  brackets: BracketsDeps,
  ladder: LadderService,
  audited: Audited,
): SeriesAdminContext {
  const db = brackets.db;
  return {
    brackets,
    ladder,
    audited,
    db,
    requireAccess: createAccess(db),
    organizers: createOrganizerRepository(db),
    repo: createMatchSeriesAdminRepository(db),
    service: createMatchSeriesAdminService({ brackets, ladder }),
  };
}

/** Staff that may run events; a stranger learns nothing about the series. */
export function staffOnly(request: FastifyRequest) {
  const user = request.user;
  if (!user) throw new DomainError('UNAUTHENTICATED');
  const admin = user.permissions.includes('admin');
  if (!admin && !user.permissions.includes('organizer'))
    throw new DomainError('FORBIDDEN', 'Organizers of the event and admins only');
  return { user, admin };
}

/** The series (deleted or not) after the access check on its event. */
export async function seriesFor(ctx: SeriesAdminContext, request: FastifyRequest, id: string) {
  staffOnly(request);
  const found = await ctx.repo.find(request.tenant, id);
  if (!found) throw new DomainError('NOT_FOUND', `No match series with id ${id}`);
  await ctx.requireAccess(request, 'event:manage', found.series.eventId);
  return found;
}

export async function resources(
  ctx: SeriesAdminContext,
  rows: Row[],
  tx: Executor = ctx.db,
): Promise<AdminMatchSeriesResource[]> {
  const ids = rows.map((r) => r.series.id);
  const competitors = await ctx.ladder.repository.competitorsOf(ids, tx);
  const rosterIds = [...new Set(competitors.flatMap((c) => (c.rosterId ? [c.rosterId] : [])))];
  const rosters = new Map((await ctx.ladder.repository.rostersByIds(rosterIds, tx)).map((r) => [r.id, r]));
  const now = ctx.brackets.now();
  return rows.map((row) => {
    const base = matchSeriesResource(row.series, competitors, rosters, now);
    return {
      ...base,
      attributes: {
        ...base.attributes,
        competition: row.format ?? 'ladder',
        deletedAt: row.series.deletedAt ? isoSeconds(row.series.deletedAt) : null,
      },
    } as AdminMatchSeriesResource;
  });
}

/** The document of one series, read in `tx`. */
export async function one(ctx: SeriesAdminContext, tenant: string, id: string, tx: Executor = ctx.db) {
  const found = (await ctx.repo.find(tenant, id, tx))!;
  return { data: (await resources(ctx, [found], tx))[0]! };
}

/** An organizer sees the events they run; filter[event] of another one is refused. */
export async function visibleEvents(
  ctx: SeriesAdminContext,
  request: FastifyRequest,
  eventId: string | undefined,
) {
  const { user, admin } = staffOnly(request);
  if (admin) return undefined;
  const ids = (await ctx.organizers.eventIdsByUser([user.id])).get(user.id) ?? [];
  if (eventId && !ids.includes(eventId)) throw new DomainError('FORBIDDEN', 'Not allowed: event:manage');
  return ids;
}

/** What the activity log keeps of a series. */
export async function auditState(ctx: SeriesAdminContext, id: string, tx: Executor) {
  return (await ctx.repo.competitors(id, tx)).map((c) => ({
    position: c.position,
    rosterId: c.rosterId,
    score: c.score,
    placement: c.placement,
    forfeit: c.forfeit,
  }));
}
