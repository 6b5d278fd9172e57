import type { assignRostersBody, DisqualificationDocument, matchSeriesPatchBody } from '@cwh/contract';
import type { FastifyRequest } from 'fastify';
import type * as z from 'zod';
import { DomainError } from '../../errors/domain-error.js';
import { isoSeconds } from '../../http/jsonapi.js';
import {
  auditState,
  one,
  resources,
  type SeriesAdminContext,
  seriesFor,
  staffOnly,
  TARGET,
} from './match-series-admin-context.js';
import { disqualifyFromStageRoute } from './stage-disqualification-routes.js';

/** POST /match-series/{id}/reset. */
export async function resetSeries(
  ctx: SeriesAdminContext,
  request: FastifyRequest,
  id: string,
  reason: string | null,
) {
  const found = await seriesFor(ctx, request, id);
  return ctx.audited(request, async (tx, record) => {
    const before = { state: found.series.state, competitors: await auditState(ctx, id, tx) };
    const done = await ctx.service.reset(request.tenant, id, tx);
    const document = await one(ctx, request.tenant, id, tx);
    await record({
      action: 'match-series.reset',
      targetType: TARGET,
      targetId: id,
      eventId: found.series.eventId,
      before,
      after: {
        state: document.data.attributes.state,
        competitors: await auditState(ctx, id, tx),
        changedMatchSeriesIds: done.changedMatchSeriesIds,
        reason,
      },
    });
    return document;
  });
}

/** DELETE /match-series/{id}: the soft delete. */
export async function removeSeries(
  ctx: SeriesAdminContext,
  request: FastifyRequest,
  id: string,
  reason: string | null,
): Promise<void> {
  const found = await seriesFor(ctx, request, id);
  await ctx.audited(request, async (tx, record) => {
    await ctx.service.remove(request.tenant, id, tx);
    await record({
      action: 'match-series.delete',
      targetType: TARGET,
      targetId: id,
      eventId: found.series.eventId,
      before: { state: found.series.state, deletedAt: null, competitors: await auditState(ctx, id, tx) },
      after: {
        deletedAt: (await ctx.repo.find(request.tenant, id, tx))!.series.deletedAt,
        reason,
      },
    });
  });
}

/** POST /match-series/deleted/{id}/restore. */
export async function restoreSeries(
  ctx: SeriesAdminContext,
  request: FastifyRequest,
  id: string,
  reason: string | null,
) {
  const found = await seriesFor(ctx, request, id);
  return ctx.audited(request, async (tx, record) => {
    await ctx.service.restore(request.tenant, id, tx);
    await record({
      action: 'match-series.restore',
      targetType: TARGET,
      targetId: id,
      eventId: found.series.eventId,
      before: { deletedAt: found.series.deletedAt },
      after: { deletedAt: null, state: found.series.state, reason },
    });
    return one(ctx, request.tenant, id, tx);
  });
}

/** PATCH /match-series/assign-rosters: access on every series' event before anything is written. */
export async function assignRosters(
  ctx: SeriesAdminContext,
  request: FastifyRequest,
  attributes: z.output<typeof assignRostersBody>['data']['attributes'],
) {
  staffOnly(request);
  const { assignments, reason } = attributes;
  const events = new Map<string, string>();
  for (const a of assignments) {
    const found = await ctx.repo.find(request.tenant, a.matchSeriesId);
    if (!found || found.series.deletedAt)
      throw new DomainError('NOT_FOUND', `No match series with id ${a.matchSeriesId}`);
    events.set(found.series.id, found.series.eventId);
  }
  for (const eventId of new Set(events.values())) await ctx.requireAccess(request, 'event:manage', eventId);
  return ctx.audited(request, async (tx, record) => {
    const done = await ctx.service.assignRosters(request.tenant, assignments, tx);
    for (const after of done.after) {
      await record({
        action: 'match-series.assign-rosters',
        targetType: TARGET,
        targetId: after.matchSeriesId,
        eventId: events.get(after.matchSeriesId) ?? null,
        before: done.before.find((b) => b.matchSeriesId === after.matchSeriesId),
        after: { ...after, reason: reason ?? null },
      });
    }
    const rows = [];
    for (const a of assignments) rows.push((await ctx.repo.find(request.tenant, a.matchSeriesId, tx))!);
    return { data: await resources(ctx, rows, tx) };
  });
}

/** PATCH /match-series/{id}: its date or state. */
export async function patchSeries(
  ctx: SeriesAdminContext,
  request: FastifyRequest,
  id: string,
  body: z.output<typeof matchSeriesPatchBody>['data']['attributes'],
) {
  const found = await seriesFor(ctx, request, id);
  if (body.date === undefined && body.state === undefined)
    throw new DomainError('VALIDATION_FAILED', 'Give a date or a state', {
      source: { pointer: '/data/attributes' },
    });
  return ctx.audited(request, async (tx, record) => {
    await ctx.service.patch(
      request.tenant,
      id,
      {
        ...(body.date ? { date: new Date(body.date) } : {}),
        ...(body.state ? { state: body.state } : {}),
      },
      tx,
    );
    const document = await one(ctx, request.tenant, id, tx);
    await record({
      action: 'match-series.update',
      targetType: TARGET,
      targetId: id,
      eventId: found.series.eventId,
      before: { date: found.series.date, state: found.series.state },
      after: {
        date: document.data.attributes.date,
        state: document.data.attributes.state,
        reason: body.reason ?? null,
      },
    });
    return document;
  });
}

/**
 * Drop or disqualify a team (spec 7 "Match series admin"): the roster is withdrawn and forfeits
 * its remaining series (the ladder's withdrawal path), in one audited transaction.
 */
export async function disqualifyRoster(
  ctx: SeriesAdminContext,
  request: FastifyRequest,
  input: { segmentId: string; rosterId: string; reason: string },
): Promise<DisqualificationDocument> {
  staffOnly(request);
  const { segmentId, rosterId, reason } = input;
  const segment = await ctx.repo.segmentInTenant(request.tenant, segmentId);
  if (!segment) throw new DomainError('NOT_FOUND', `No segment with id ${segmentId}`);
  await ctx.requireAccess(request, 'event:manage', segment.eventId);
  // A stage's segment: out of that stage only (issue #31); the roster's own: the championship.
  if (await ctx.brackets.repo.stageOfSegment(segmentId))
    return disqualifyFromStageRoute(
      { brackets: ctx.brackets, ladder: ctx.ladder, audited: ctx.audited },
      request,
      { segmentId, rosterId, reason, eventId: segment.eventId },
    );
  const done = await ctx.audited(request, async (_tx, record, uow) => {
    const result = await ctx.service.disqualify(request.tenant, segmentId, rosterId, uow);
    await record({
      action: 'roster.disqualify',
      targetType: 'roster',
      targetId: rosterId,
      eventId: segment.eventId,
      before: { withdrawnAt: null },
      after: { withdrawnAt: result.withdrawnAt, forfeitedMatchSeriesIds: result.forfeited, reason },
    });
    return result;
  });
  return {
    data: {
      id: rosterId,
      type: 'disqualifications',
      attributes: {
        roster: { id: rosterId },
        segment: { id: segmentId },
        scope: 'championship',
        withdrawnAt: isoSeconds(done.withdrawnAt),
        forfeitedMatchSeriesIds: done.forfeited,
        reason,
      },
    },
  };
}
