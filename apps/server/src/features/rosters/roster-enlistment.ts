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

  /**
   * The tags not on the roster yet, once there is room for all of them (players plus standbys of
   * the segment), else ROSTER_FULL.
   */
  async function newcomers(roster: RosterRow, tags: string[], tx: Executor): Promise<Set<string>> {
    const onRoster = new Set((await repo.activeMembers(roster.id, tx)).map((m) => m.playerTag));
    const fresh = new Set(tags.filter((tag) => !onRoster.has(tag)));
    if (onRoster.size + fresh.size > (await maxPlayers(roster, tx))) {
      throw new DomainError('ROSTER_FULL', ROSTER_FULL_MESSAGE);
    }
    return fresh;
  }

  return {
    gamePlayer,
    newcomers,

    /** Adds players (for a clan roster, only members of the clan); ROSTER_FULL past the segment's size. */
    async addPlayers(roster: RosterRow, players: GamePlayer[], tx: Executor) {
      const tags = await newcomers(
        roster,
        players.map((p) => p.tag),
        tx,
      );
      const fresh = players.filter((p) => tags.has(p.tag));
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
