import type { Executor } from '../../db/client.js';
import { DomainError } from '../../errors/domain-error.js';
import { gameCall } from '../../game/game-call.js';
import type { GameAdapter, GamePlayer } from '../../game/index.js';
import type { PlayerRepository } from '../players/player-repository.js';
import { ROSTER_FULL_MESSAGE } from './roster-changes.js';
import type { RosterRepository, RosterRow } from './roster-repository.js';

/**
 * Putting players on a platform roster, shared by the roster routes (owner, clan leader, admin, the
 * joining key) and the invitation routes (a player accepting). The caller locked the roster row.
 */
export function createRosterEnlistment(
  repo: RosterRepository,
  playerAccounts: PlayerRepository,
  game: GameAdapter,
  now: () => Date,
) {
  async function maxPlayers(roster: RosterRow, tx: Executor) {
    const { segment } = await repo.getSegment(roster.tenant, roster.segmentId, tx);
    return segment.rosterSize.playersMax + segment.rostersLimit.standbyLimit;
  }

  /** The player as the game knows them now (UNKNOWN_PLAYER otherwise). */
  async function gamePlayer(tag: string): Promise<GamePlayer> {
    const player = await gameCall(() => game.getPlayer(tag));
    if (!player) throw new DomainError('UNKNOWN_PLAYER', `No player with tag ${tag} in the game`);
    return player;
  }

  /** Room for `count` more players (players plus standbys of the segment), else ROSTER_FULL. */
  async function requireRoom(roster: RosterRow, count: number, tx: Executor) {
    const active = await repo.activeMembers(roster.id, tx);
    if (active.length + count > (await maxPlayers(roster, tx))) {
      throw new DomainError('ROSTER_FULL', ROSTER_FULL_MESSAGE);
    }
    return active;
  }

  return {
    gamePlayer,
    requireRoom,

    /** Adds players (for a clan roster, only members of the clan); ROSTER_FULL past the segment's size. */
    async addPlayers(roster: RosterRow, players: GamePlayer[], tx: Executor) {
      const active = await repo.activeMembers(roster.id, tx);
      const fresh = players.filter((p) => !active.some((m) => m.playerTag === p.tag));
      await requireRoom(roster, fresh.length, tx);
      const accounts = await playerAccounts.accountsByTags(
        fresh.map((p) => p.tag),
        tx,
      );
      for (const player of fresh) {
        if (roster.clanTag && player.clan?.tag !== roster.clanTag) {
          throw new DomainError(
            'WRONG_MEMBER',
            `Player ${player.tag} is not a member of clan ${roster.clanTag}`,
          );
        }
        await repo.upsertMember(
          {
            rosterId: roster.id,
            playerTag: player.tag,
            name: player.name,
            thLevel: player.townHallLevel,
            roleAtSelection: player.role ?? 'member',
            position: 'player',
            selectedAt: now(),
            registeredAt: accounts.has(player.tag) ? now() : null,
          },
          tx,
        );
      }
    },
  };
}
export type RosterEnlistment = ReturnType<typeof createRosterEnlistment>;
