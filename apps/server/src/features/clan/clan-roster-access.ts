import type { Executor } from '../../db/client.js';
import { DomainError } from '../../errors/domain-error.js';
import type { GameClan } from '../../game/index.js';
import { createRosterRepository, type RosterRow } from '../rosters/roster-repository.js';
import { type ClanContext, insufficientRole, isCoLeader, isLeader } from './clan-context.js';
import { buildRosterView } from './clan-roster-view.js';

const UNIQUE_VIOLATION = '23505';
export function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; cause?: { code?: string } } | null;
  return e?.code === UNIQUE_VIOLATION || e?.cause?.code === UNIQUE_VIOLATION;
}

export const noRoster = () =>
  new DomainError('NOT_FOUND', 'Your clan has no team for the current competition');
export const rosterLocked = () =>
  new DomainError('ROSTER_LOCKED', 'The team is locked; its lineup can no longer change');

/** The clan's current roster and how the clan services read it (sync before lock, view, captain check). */
export function createClanRosterAccess(now: () => Date) {
  async function currentRoster(tx: Executor, tenant: string, clanTag: string) {
    return createRosterRepository(tx).findCurrentClanRoster(tenant, clanTag, now(), tx);
  }

  /**
   * Before the lock a selected member who is no longer in the clan is deselected: the leader must
   * reselect. After the lock members may leave and come back; they only show notReady meanwhile.
   */
  async function syncBeforeLock(tx: Executor, roster: RosterRow, clan: GameClan) {
    const repo = createRosterRepository(tx);
    const active = await repo.activeMembers(roster.id, tx);
    if (roster.confirmedAt === null) {
      const inClan = new Set(clan.members.map((m) => m.tag));
      const gone = active.filter((m) => !inClan.has(m.playerTag)).map((m) => m.playerTag);
      if (gone.length > 0) {
        await repo.removeMembers(roster.id, gone, 'leftClan', now(), tx);
        return repo.members([roster.id], tx);
      }
    }
    return repo.members([roster.id], tx);
  }

  async function view(tx: Executor, tenant: string, roster: RosterRow, clan: GameClan) {
    const members = await syncBeforeLock(tx, roster, clan);
    const { segment } = await createRosterRepository(tx).getSegment(tenant, roster.segmentId, tx);
    return buildRosterView(tx, roster, members, clan, segment, now());
  }

  async function requireCaptain(tx: Executor, roster: RosterRow, ctx: ClanContext, action: string) {
    const active = await createRosterRepository(tx).activeMembers(roster.id, tx);
    const captain = active.find((m) => m.position === 'captain');
    if (captain?.playerTag !== ctx.player.tag) throw insufficientRole(action);
    if (!isLeader(ctx) && !isCoLeader(ctx)) {
      throw new DomainError(
        'INSUFFICIENT_PERMISSION',
        'You are the team Captain but not a co-leader or leader; ask the leader to promote you or pick a new captain',
      );
    }
    return active;
  }

  return { currentRoster, syncBeforeLock, view, requireCaptain };
}
export type ClanRosterAccess = ReturnType<typeof createClanRosterAccess>;
