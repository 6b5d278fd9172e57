import type { Db, Executor } from '../../db/client.js';
import type { UnitOfWork } from '../../db/unit-of-work.js';
import { noticeLogOf } from './notice-log.js';

/** The pick and ban's next turn, as the challenge's engine tells it. */
export interface PickbanTurn {
  tenant: string;
  matchSeriesId: string;
  /** The two sides of the series with their captains. */
  sides: readonly { position: number; ownerId: string | null }[];
  turn: 'home' | 'away';
  action: 'ban' | 'pick';
  step: number;
}

/**
 * A pick-and-ban turn begins (the challenge opened, or the step before it was taken): the captain
 * whose turn it is is told, to the match page. Written in `tx`, the transaction that moves the
 * challenge on (a unit of work, or the series creation's for a challenge opened with a stage), and
 * delivered once it committed (`after.afterCommit`).
 */
export async function notifyPickbanTurn(
  db: Db,
  tx: Executor,
  after: Pick<UnitOfWork, 'afterCommit'>,
  turn: PickbanTurn,
  at: Date,
): Promise<void> {
  const log = noticeLogOf(db);
  const captain = turn.sides.find((s) => s.position === (turn.turn === 'home' ? 0 : 1))?.ownerId;
  if (!log || !captain) return;
  const draft = {
    tenant: turn.tenant,
    userId: captain,
    type: 'pickban_turn' as const,
    link: `/match/${turn.matchSeriesId}`,
    params: { action: turn.action, step: turn.step + 1 },
  };
  after.afterCommit(await log.write(tx, [draft], at));
}
