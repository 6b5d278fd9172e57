import type { CheckinReview } from '@cwh/contract';
import { rangeContains } from '@cwh/domain';
import type { FastifyRequest } from 'fastify';
import { DomainError, notFound } from '../../errors/domain-error.js';
import { isoSeconds } from '../../http/jsonapi.js';
import { createBracketsRepository } from '../brackets/brackets-repository.js';
import { createCheckinsRepository } from '../checkins/checkins-repository.js';
import { createRosterRepository } from '../rosters/roster-repository.js';
import { createSegmentRepository } from '../segments/segment-repository.js';
import { createRostersAdminRepository } from './rosters-admin-repository.js';
import { conflict, type RostersAdminDeps } from './rosters-admin-service.js';

type Deps = Pick<RostersAdminDeps, 'db' | 'audited' | 'requireAccess' | 'now'>;

const NOT_STARTED = new Set(['new', 'scheduled', 'upcoming']);
const seconds = (date: Date) => new Date(Math.floor(date.getTime() / 1000) * 1000);

/**
 * Check-in review of a stage segment (docs/api/rosters-admin.md): who checked in (the roster's
 * segment check-in, and each pending series' match check-ins), re-admitting a team, extending the
 * window, and continuing without the missing teams (the window closes now; they are left out of
 * the stage's seeds, not withdrawn from the season).
 */
export function createCheckinReviewService(deps: Deps) {
  const { db, audited, requireAccess, now } = deps;
  const segments = createSegmentRepository(db);
  const repo = createRostersAdminRepository(db);
  const rosters = createRosterRepository(db);
  const checkins = createCheckinsRepository(db);
  const brackets = createBracketsRepository(db);

  async function authorize(request: FastifyRequest, segmentId: string) {
    const { segment, event } = await segments.getInTenant(request.tenant, segmentId);
    await requireAccess(request, 'event:manage', event.id);
    return segment;
  }

  async function review(segmentId: string): Promise<CheckinReview> {
    const row = (await repo.segmentsByIds([segmentId])).get(segmentId)!;
    const stageRosters = await repo.stageRosters(row.parentId ?? row.id);
    const pending = await repo.pendingSeries(row.id);
    const sideRosterIds = [...new Set(pending.sides.flatMap((s) => (s.rosterId ? [s.rosterId] : [])))];
    const sideRosters = new Map((await repo.rostersByIds(sideRosterIds)).map((r) => [r.id, r]));
    const config = row.checkinsConfig;
    return {
      segment: {
        id: row.id,
        name: row.name,
        checkins: { enabled: config.enabled, openWindow: config.openWindow },
      },
      windowOpen: config.enabled && config.openWindow !== null && rangeContains(config.openWindow, now()),
      stageCreated: (await brackets.stageOfSegment(row.id)) !== null,
      rosters: stageRosters.map((r) => ({
        id: r.id,
        name: r.name,
        clanTag: r.clanTag,
        checkedIn: r.checkedIn,
      })),
      series: pending.series.map((s) => ({
        id: s.id,
        date: isoSeconds(s.date),
        state: s.state,
        roundNumber: s.roundNumber,
        sides: pending.sides
          .filter((side) => side.seriesId === s.id)
          .map((side) => {
            const roster = side.rosterId ? (sideRosters.get(side.rosterId) ?? null) : null;
            const checkedIn =
              roster !== null &&
              pending.checkins.some(
                (c) =>
                  c.seriesId === s.id &&
                  (c.rosterId === roster.id || (roster.ownerId !== null && c.userId === roster.ownerId)),
              );
            return { roster: roster ? { id: roster.id, name: roster.name } : null, checkedIn };
          }),
      })),
    };
  }

  return {
    async get(request: FastifyRequest, segmentId: string) {
      await authorize(request, segmentId);
      return review(segmentId);
    },

    /** Checks the roster in on its behalf: its segment check-in, or its match check-in to a pending series. */
    async readmit(
      request: FastifyRequest,
      segmentId: string,
      input: { rosterId: string; matchSeriesId?: string | undefined },
    ) {
      const segment = await authorize(request, segmentId);
      const userId = request.user!.id;
      await audited(request, async (tx, record) => {
        const roster = await rosters.findById(request.tenant, input.rosterId, tx);
        if (!roster) throw notFound('roster', input.rosterId);
        if (roster.segmentId !== (segment.parentId ?? segment.id) || roster.withdrawnAt)
          throw new DomainError('ROSTER_NOT_IN_SEGMENT', 'The roster does not play this stage');
        const at = now();
        if (!input.matchSeriesId) {
          await rosters.lockById(request.tenant, roster.id, tx);
          if (!(await checkins.markRosterCheckedIn(roster.id, tx)))
            throw new DomainError('ROSTER_ALREADY_CHECKED_IN', 'The roster is already checked in');
          await checkins.insertRosterCheckin(
            { tenant: request.tenant, userId, rosterId: roster.id, createdAt: at },
            tx,
          );
          await record({
            action: 'checkin.readmit',
            targetType: 'rosters',
            targetId: roster.id,
            eventId: roster.eventId,
            before: { checkedIn: false },
            after: { checkedIn: true, segmentId: segment.id },
          });
          return;
        }
        const series = await checkins.findSeries(input.matchSeriesId, tx, true);
        if (!series || series.segmentId !== segment.id) throw notFound('match-series', input.matchSeriesId);
        if (!NOT_STARTED.has(series.state))
          throw conflict('SERIES_STARTED', 'The match has started: its check-ins are closed');
        const sides = await checkins.sidesOf(series.id, tx);
        if (!sides.some((s) => s.roster?.id === roster.id))
          throw new DomainError('ROSTER_NOT_IN_SEGMENT', 'The roster does not play this match');
        if ((await checkins.checkedInRosterIds(series.id, [roster], tx)).has(roster.id))
          throw new DomainError('ROSTER_ALREADY_CHECKED_IN', 'The roster is already checked in');
        const inserted = await checkins.insertSeriesCheckin(
          {
            tenant: request.tenant,
            userId: roster.ownerId ?? userId,
            matchSeriesId: series.id,
            rosterId: roster.id,
            createdAt: at,
          },
          tx,
        );
        if (!inserted) throw new DomainError('ROSTER_ALREADY_CHECKED_IN', 'The roster is already checked in');
        await record({
          action: 'checkin.readmit',
          targetType: 'match-series',
          targetId: series.id,
          eventId: roster.eventId,
          before: { rosterId: roster.id, checkedIn: false },
          after: { rosterId: roster.id, checkedIn: true },
        });
      });
      return review(segmentId);
    },

    /** Moves the window's end later (segmentCheckinsConfig.openWindow.to). */
    async extend(request: FastifyRequest, segmentId: string, to: string) {
      await authorize(request, segmentId);
      await audited(request, async (tx, record) => {
        const segment = await repo.lockSegment(segmentId, tx);
        const before = segment.checkinsConfig;
        const window = before.openWindow;
        if (!before.enabled || !window)
          throw conflict('NO_CHECKIN_WINDOW', 'This segment has no check-in window to extend');
        if (Date.parse(to) <= Date.parse(window.to))
          throw new DomainError('VALIDATION_FAILED', 'The new end must be after the current end', {
            source: { pointer: '/data/attributes/to' },
          });
        const after = { ...before, openWindow: { from: window.from, to: isoSeconds(new Date(to)) } };
        await repo.setCheckinsConfig(segment.id, after, tx);
        await record({
          action: 'segment.checkin-window.extend',
          targetType: 'segments',
          targetId: segment.id,
          eventId: segment.eventId,
          before,
          after,
        });
      });
      return review(segmentId);
    },

    /**
     * Continue without the missing teams: before the stage exists, the window closes now (if still
     * open) and the locked rosters that did not check in are left out of the stage's seeds (the
     * seeding proposal drops them). They stay registered; a re-admit before the stage brings one back.
     */
    async continueWithout(request: FastifyRequest, segmentId: string) {
      await authorize(request, segmentId);
      await audited(request, async (tx, record) => {
        const segment = await repo.lockSegment(segmentId, tx);
        const before = segment.checkinsConfig;
        if (!before.enabled || !before.openWindow)
          throw conflict('NO_CHECKIN_WINDOW', 'This segment has no check-in window');
        if (await brackets.stageOfSegment(segment.id, tx))
          throw conflict('BRACKET_EXISTS', 'The stage was already created');
        const missing = (await repo.stageRosters(segment.parentId ?? segment.id, tx)).filter(
          (r) => !r.checkedIn,
        );
        if (missing.length === 0) throw conflict('NO_MISSING_TEAMS', 'Every team checked in');
        // The window's edges are inside it: it ends a second before now, so no check-in is accepted now.
        const at = new Date(seconds(now()).getTime() - 1000);
        const to = Date.parse(before.openWindow.to) > at.getTime() ? isoSeconds(at) : before.openWindow.to;
        const after = { ...before, openWindow: { from: before.openWindow.from, to } };
        await repo.setCheckinsConfig(segment.id, after, tx);
        await record({
          action: 'checkin.continue-without-missing',
          targetType: 'segments',
          targetId: segment.id,
          eventId: segment.eventId,
          before: { checkins: before },
          after: { checkins: after, leftOut: missing.map((r) => r.id) },
        });
      });
      return review(segmentId);
    },
  };
}
export type CheckinReviewService = ReturnType<typeof createCheckinReviewService>;
