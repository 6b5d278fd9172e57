import {
  API,
  DISPUTE_UPDATED_EVENT,
  type DisputeResolveBody,
  type DisputeResource,
  type DisputeWindowMeta,
} from '@cwh/contract';
import {
  DEFAULT_DISPUTE_WINDOW_MINUTES,
  type DisputeStatus,
  disputeRefusal,
  disputeWindowEndsAt,
  hasRole,
} from '@cwh/domain';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.js';
import { DomainError } from '../../errors/domain-error.js';
import { isoSeconds } from '../../http/jsonapi.js';
import type { RequireAccess } from '../access/access.js';
import type { Audited } from '../activity-log/audit.js';
import type { BracketsDeps } from '../brackets/brackets-service.js';
import { enterOrganizerResult } from '../brackets/series-result-service.js';
import { type Notice, notice } from '../ladder/ladder-notices.js';
import type { LadderService } from '../ladder/ladder-service.js';
import { notifyDisputeAnswered, notifyDisputeOpened } from '../notices/dispute-notices.js';
import type { DisputedSeries, DisputeRow, DisputesRepository } from './disputes-repository.js';

export interface DisputesDeps {
  db: Db;
  repo: DisputesRepository;
  brackets: BracketsDeps;
  ladder: LadderService;
  audited: Audited;
  requireAccess: RequireAccess;
  now: () => Date;
}

type Side = 'home' | 'away';

/** The side `userId` captains (owns the roster of), or null. */
export function sideOf(series: DisputedSeries, userId: string): Side | null {
  const own = series.sides.find((s) => s.ownerId !== null && s.ownerId === userId);
  if (!own) return null;
  return own.position === 0 ? 'home' : 'away';
}

const captainsOf = (series: DisputedSeries) => series.sides.flatMap((s) => (s.ownerId ? [s.ownerId] : []));

export async function seriesOrNotFound(deps: DisputesDeps, tenant: string, id: string) {
  const [series] = await deps.repo.series(tenant, [id]);
  if (!series) throw new DomainError('NOT_FOUND', `No match series with id ${id}`);
  return series;
}

/**
 * Who may act on a series' disputes and screenshots: its two captains, organizers of its event and
 * admins. With `teams`, for reading, the players of both teams too. Anybody else (another
 * match's captain, support, a player of another team) is refused (FORBIDDEN).
 */
export async function viewerOf(
  deps: DisputesDeps,
  request: FastifyRequest,
  seriesId: string,
  options: { teams?: boolean } = {},
) {
  const user = request.user;
  if (!user) throw new DomainError('UNAUTHENTICATED');
  const series = await seriesOrNotFound(deps, request.tenant, seriesId);
  const side = sideOf(series, user.id);
  if (!side && !(options.teams && (await deps.repo.isTeamMember(series.id, user.id)))) {
    await deps.requireAccess(request, 'event:manage', series.eventId);
  }
  return { series, side };
}

/** The segment's window (the organizer's, else the default). */
export async function windowMinutesOf(deps: DisputesDeps, segmentId: string, tx = deps.db) {
  return (await deps.repo.windowMinutes(segmentId, tx)) ?? DEFAULT_DISPUTE_WINDOW_MINUTES;
}

/**
 * A dispute as its reader sees it: staff (`staff`: the queue, the resolve answer) get the internal
 * reason; captains and players never do.
 */
export function toDisputeResource(
  row: DisputeRow,
  series: DisputedSeries | undefined,
  options: { staff?: boolean } = {},
): DisputeResource {
  const sideOut = (position: number) => {
    const s = series?.sides.find((x) => x.position === position);
    return { rosterId: s?.rosterId ?? null, name: s?.name ?? null, score: s?.score ?? null };
  };
  return {
    id: row.id,
    type: 'disputes',
    attributes: {
      matchSeriesId: row.matchSeriesId,
      eventId: row.eventId,
      segmentId: series?.segmentId ?? '',
      side: row.side,
      status: row.status,
      reason: row.reason,
      attachmentIds: row.attachmentIds,
      openedBy: row.openedBy ? { id: row.openedBy } : null,
      createdAt: isoSeconds(row.createdAt),
      resolvedAt: row.resolvedAt ? isoSeconds(row.resolvedAt) : null,
      resolutionNote: row.resolutionNote,
      ...(options.staff ? { internalReason: row.internalReason ?? null } : {}),
      series: {
        state: series?.state ?? 'finished',
        date: isoSeconds(series?.date ?? row.createdAt),
        finishedAt: series?.finishedAt ? isoSeconds(series.finishedAt) : null,
        home: sideOut(0),
        away: sideOut(1),
      },
    },
  };
}

function updateNotices(series: DisputedSeries, dispute: DisputeRow, status: DisputeStatus): Notice[] {
  const data = { dispute: { id: dispute.id }, matchSeries: { id: series.id }, status };
  return captainsOf(series).map((userId) => notice(series.tenant, userId, DISPUTE_UPDATED_EVENT, data));
}

/** GET /match-series/{id}/disputes: newest first, with the caller's window in `meta`. */
export async function seriesDisputes(deps: DisputesDeps, request: FastifyRequest, seriesId: string) {
  const { series, side } = await viewerOf(deps, request, seriesId, { teams: true });
  const minutes = await windowMinutesOf(deps, series.segmentId);
  const rows = await deps.repo.disputesOfSeries(series.id);
  const finished = series.state === 'finished' && series.finishedAt ? series.finishedAt : null;
  const meta: DisputeWindowMeta = {
    windowMinutes: minutes,
    windowEndsAt: finished ? isoSeconds(disputeWindowEndsAt(finished, minutes)) : null,
    canDispute:
      disputeRefusal({
        side,
        state: series.state,
        finishedAt: series.finishedAt,
        windowMinutes: minutes,
        hasOpenDispute: rows.some((r) => r.status === 'open'),
        now: deps.now(),
      }) === null,
    side,
  };
  return { data: rows.map((r) => toDisputeResource(r, series)), meta };
}

/**
 * POST /match-series/{id}/disputes: a captain disputes the recorded result within the window, with
 * a reason and screenshots of this series. The series is flagged (`disputed`) and both captains
 * told. Refusals (in order): NOT_ROSTER_OWNER, DISPUTE_NO_RESULT, DISPUTE_WINDOW_CLOSED,
 * DISPUTE_ALREADY_OPEN, VALIDATION_FAILED (a screenshot not of this series); nothing is written.
 */
export async function openDispute(
  deps: DisputesDeps,
  request: FastifyRequest,
  seriesId: string,
  body: { reason: string; attachmentIds: string[] },
): Promise<DisputeResource> {
  const user = request.user;
  if (!user) throw new DomainError('UNAUTHENTICATED');
  await seriesOrNotFound(deps, request.tenant, seriesId);
  let notices: Notice[] = [];
  const resource = await deps.audited(request, async (tx, record, uow) => {
    const [series] = await deps.repo.series(request.tenant, [seriesId], tx, true);
    if (!series) throw new DomainError('NOT_FOUND', `No match series with id ${seriesId}`);
    const side = sideOf(series, user.id);
    const refusal = disputeRefusal({
      side,
      state: series.state,
      finishedAt: series.finishedAt,
      windowMinutes: await windowMinutesOf(deps, series.segmentId, tx),
      hasOpenDispute: (await deps.repo.openDisputeOf(series.id, tx)) !== null,
      now: deps.now(),
    });
    if (refusal) throw new DomainError(refusal, REFUSAL_DETAIL[refusal]);
    const attachmentIds = [...new Set(body.attachmentIds)];
    const known = new Set((await deps.repo.attachmentsOf(series.id, tx)).map((a) => a.id));
    const unknown = attachmentIds.findIndex((id) => !known.has(id));
    if (unknown >= 0)
      throw new DomainError('VALIDATION_FAILED', 'A screenshot must be uploaded to this match first', {
        source: { pointer: `/data/attributes/attachmentIds/${unknown}` },
      });
    const at = deps.now();
    const row = await deps.repo.insertDispute(
      {
        tenant: series.tenant,
        matchSeriesId: series.id,
        eventId: series.eventId,
        openedBy: user.id,
        side: side!,
        reason: body.reason,
        attachmentIds,
        status: 'open',
        createdAt: at,
      },
      tx,
    );
    await deps.repo.setDisputed(series.id, at, tx);
    await record({
      action: 'match-series.dispute.open',
      targetType: 'match-series',
      targetId: series.id,
      eventId: series.eventId,
      before: null,
      after: { disputeId: row.id, side, reason: row.reason, attachmentIds },
    });
    await notifyDisputeOpened(deps.db, uow, series, user.id, at);
    notices = updateNotices(series, row, 'open');
    return toDisputeResource(row, series);
  });
  deps.ladder.notify(notices);
  return resource;
}

const REFUSAL_DETAIL = {
  NOT_ROSTER_OWNER: 'Only a captain of this match may dispute its result',
  DISPUTE_NO_RESULT: 'The match has no recorded result to dispute',
  DISPUTE_WINDOW_CLOSED: 'The time to dispute this result has passed',
  DISPUTE_ALREADY_OPEN: 'The match already has an open dispute',
} as const;

/** Organizers of the event and admins only; anyone else is refused before the dispute is read. */
function requireStaff(request: FastifyRequest) {
  const user = request.user;
  if (!user) throw new DomainError('UNAUTHENTICATED');
  if (!hasRole(user.permissions, 'admin') && !hasRole(user.permissions, 'organizer'))
    throw new DomainError('FORBIDDEN', 'Organizers of the event and admins only');
  return user;
}

/**
 * POST /disputes/{id}/resolve: the organizer upholds (the result stands) or corrects. A correction
 * goes through the results service (enterOrganizerResult: the same rules, refusals and
 * `match-series.results.correct` entry as the results call) in the same transaction that closes
 * the dispute; a refused correction leaves the dispute open. Both captains are told.
 */
export async function resolveDispute(
  deps: DisputesDeps,
  request: FastifyRequest,
  disputeId: string,
  body: DisputeResolveBody['data']['attributes'],
): Promise<DisputeResource> {
  const user = requireStaff(request);
  const found = await deps.repo.dispute(request.tenant, disputeId);
  if (!found) throw new DomainError('NOT_FOUND', `No dispute with id ${disputeId}`);
  await deps.requireAccess(request, 'event:manage', found.eventId);
  if (body.resolution === 'corrected' && !body.result)
    throw new DomainError('VALIDATION_FAILED', 'A correction needs the result', {
      source: { pointer: '/data/attributes/result' },
    });
  if (body.resolution === 'upheld' && body.result)
    throw new DomainError('VALIDATION_FAILED', 'Upholding keeps the result: send no result', {
      source: { pointer: '/data/attributes/result' },
    });
  const ladderNotices: Notice[] = [];
  let notices: Notice[] = [];
  const resource = await deps.audited(request, async (tx, record, uow) => {
    ladderNotices.length = 0;
    // The series first, then the dispute: the order a dispute's opening and the results call take.
    await deps.repo.series(request.tenant, [found.matchSeriesId], tx, true, true);
    const dispute = (await deps.repo.dispute(request.tenant, disputeId, tx, true))!;
    if (dispute.status !== 'open') throw new DomainError('DISPUTE_CLOSED', 'The dispute is already resolved');
    if (body.resolution === 'corrected') {
      await enterOrganizerResult(
        deps.brackets,
        deps.ladder,
        {
          tenant: request.tenant,
          matchSeriesId: dispute.matchSeriesId,
          result: {
            ...body.result!,
            reason: body.internalReason ?? body.note,
            ...(body.resetLater ? { resetLater: true } : {}),
          },
        },
        tx,
        record,
        ladderNotices,
      );
    }
    const closed = await deps.repo.closeDispute(
      dispute.id,
      {
        status: body.resolution,
        resolutionNote: body.note,
        internalReason: body.internalReason ?? null,
        resolvedBy: user.id,
        resolvedAt: deps.now(),
      },
      tx,
    );
    await deps.repo.setDisputed(dispute.matchSeriesId, null, tx);
    await notifyDisputeAnswered(deps.db, uow, closed, closed.resolvedAt ?? deps.now());
    await record({
      action: 'match-series.dispute.resolve',
      targetType: 'match-series',
      targetId: dispute.matchSeriesId,
      eventId: dispute.eventId,
      before: { disputeId: dispute.id, status: dispute.status },
      after: {
        disputeId: dispute.id,
        status: closed.status,
        note: body.note,
        ...(body.internalReason ? { internalReason: body.internalReason } : {}),
      },
    });
    const [series] = await deps.repo.series(request.tenant, [dispute.matchSeriesId], tx, false, true);
    if (series) notices = updateNotices(series, closed, closed.status);
    return toDisputeResource(closed, series, { staff: true });
  });
  deps.ladder.notify([...ladderNotices, ...notices]);
  return resource;
}

/** The stable address of an attachment's bytes. */
export const attachmentUrl = (seriesId: string, id: string) =>
  `${API.tournaments}/match-series/${seriesId}/attachments/${id}`;
