import { isRosterLocked } from '@cwh/domain';
import type { Executor } from '../../db/client.js';
import { DomainError } from '../../errors/domain-error.js';
import type { GameClan } from '../../game/index.js';
import type { PlayerRepository } from '../players/player-repository.js';
import type { RosterRepository, RosterRow } from '../rosters/roster-repository.js';
import { type ClanContext, insufficientRole, isCoLeader, isLeader } from './clan-context.js';
import { buildRosterView } from './clan-roster-view.js';

export const noRoster = () =>
  new DomainError('NOT_FOUND', 'Your clan has no team for the current competition');
export const rosterLocked = () =>
  new DomainError('ROSTER_LOCKED', 'The team is locked; its lineup can no longer change');

/**
 * The clan's current roster and how the clan services read it (sync before lock, view, captain
 * check). The repository is created once; every function takes the transaction as its last argument.
 */
export function createClanRosterAccess(
  rosters: RosterRepository,
  players: PlayerRepository,
  now: () => Date,
) {
  async function currentRoster(tenant: string, clanTag: string, tx: Executor) {
    return rosters.findCurrentClanRoster(tenant, clanTag, now(), tx);
  }

  /**
   * Before the lock a selected member who is no longer in the clan is deselected: the leader must
   * reselect. After the lock members may leave and come back; they only show notReady meanwhile.
   */
  async function syncBeforeLock(roster: RosterRow, clan: GameClan, tx: Executor) {
    const active = await rosters.activeMembers(roster.id, tx);
    if (!isRosterLocked(roster)) {
      const inClan = new Set(clan.members.map((m) => m.tag));
      const gone = active.filter((m) => !inClan.has(m.playerTag)).map((m) => m.playerTag);
      if (gone.length > 0) await rosters.removeMembers(roster.id, gone, 'leftClan', now(), tx);
    }
    return rosters.members([roster.id], tx);
  }

  async function view(tenant: string, roster: RosterRow, clan: GameClan, tx: Executor) {
    const members = await syncBeforeLock(roster, clan, tx);
    const { segment } = await rosters.getSegment(tenant, roster.segmentId, tx);
    return buildRosterView(players, roster, members, clan, segment, now(), tx);
  }

  async function requireCaptain(roster: RosterRow, ctx: ClanContext, action: string, tx: Executor) {
    const active = await rosters.activeMembers(roster.id, tx);
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
