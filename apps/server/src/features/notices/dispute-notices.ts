import type { Db } from '../../db/client.js';
import type { UnitOfWork } from '../../db/unit-of-work.js';
import { noticeLogOf } from './notice-log.js';

/*
 * The disputes' notices (docs/api/notices.md), written in the dispute's unit of work: opened, to
 * the other team's captain; answered by the organizer, to the captain who opened it. Both lead to
 * the match page, where the dispute is shown.
 */

interface DisputedSides {
  id: string;
  tenant: string;
  sides: readonly { ownerId: string | null }[];
}

/** A captain disputed the result: the other side's captain is told. */
export async function notifyDisputeOpened(
  db: Db,
  uow: UnitOfWork,
  series: DisputedSides,
  openedBy: string,
  at: Date,
): Promise<void> {
  const log = noticeLogOf(db);
  if (!log) return;
  const others = [
    ...new Set(series.sides.flatMap((s) => (s.ownerId && s.ownerId !== openedBy ? [s.ownerId] : []))),
  ];
  const drafts = others.map((userId) => ({
    tenant: series.tenant,
    userId,
    type: 'dispute_opened' as const,
    link: `/match/${series.id}`,
  }));
  await log.notify(uow, drafts, at);
}

/** The organizer resolved the dispute (upheld or corrected): its opener is told. */
export async function notifyDisputeAnswered(
  db: Db,
  uow: UnitOfWork,
  dispute: { tenant: string; matchSeriesId: string; openedBy: string | null; status: string },
  at: Date,
): Promise<void> {
  const log = noticeLogOf(db);
  // An opener whose account is gone (`set null`) has no log to tell.
  if (!log || !dispute.openedBy) return;
  const draft = {
    tenant: dispute.tenant,
    userId: dispute.openedBy,
    type: 'dispute_answered' as const,
    link: `/match/${dispute.matchSeriesId}`,
    params: { resolution: dispute.status },
  };
  await log.notify(uow, [draft], at);
}
