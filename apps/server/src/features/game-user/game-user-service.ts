import type { GameUserMeta } from '@cwh/contract';
import { OFFERED_TH_LEVELS } from '@cwh/domain';
import type { Db } from '../../db/client.js';
import { DomainError } from '../../errors/domain-error.js';
import { gameCall } from '../../game/game-call.js';
import { type GameAdapter, normalizeTag } from '../../game/index.js';
import { isoSeconds } from '../../http/jsonapi.js';
import { suspended } from '../auth/auth-service.js';
import { createUserRepository, type UserRow } from '../auth/user-repository.js';
import type { PlayerAuth } from '../players/player-auth.js';
import { createPlayerRepository } from '../players/player-repository.js';
import { createRosterRepository } from '../rosters/roster-repository.js';

/** The lowest town hall level any competition accepts (the cup's 9). */
export const MIN_PLAYER_TH_LEVEL = Math.min(...OFFERED_TH_LEVELS);

export type GameUserResult = { kind: 'ok'; user: UserRow; meta: GameUserMeta };

/**
 * POST /api/hub/1.0/game-user: verifies the in-game API token and answers who the player is.
 * Throws the design note's 404/401/400 errors, each (but PLAYER_BANNED) with the player token in meta.
 */
export function createGameUserService(db: Db, game: GameAdapter, playerAuth: PlayerAuth, now: () => Date) {
  return {
    async lookup(tenant: string, rawTag: string, apiToken: string): Promise<GameUserResult> {
      const tag = normalizeTag(rawTag);
      const verification = await gameCall(() => game.verifyPlayerToken(tag, apiToken));
      if (verification.status !== 'ok') {
        throw new DomainError('INVALID_TOKEN', `The API token does not belong to player ${tag}`);
      }
      const player = await gameCall(() => game.getPlayer(tag));
      if (!player) throw new DomainError('UNKNOWN_PLAYER', `No player with tag ${tag} in the game`);
      if (player.banned)
        throw new DomainError('PLAYER_BANNED', `Player ${tag} is banned from the championship`);

      const clan = player.clan ? await gameCall(() => game.getClan(player.clan!.tag)) : null;
      const account = await createPlayerRepository(db).findAccount(player.tag);
      const user = account ? await createUserRepository(db).getById(account.userId) : null;
      // A suspended account gets no player token: the hub says so at sign-in (meta.reason).
      if (user?.suspendedAt) throw suspended();
      const roster = clan
        ? await createRosterRepository(db).findCurrentClanRoster(tenant, clan.tag, now())
        : null;
      const active = roster ? await createRosterRepository(db).activeMembers(roster.id) : [];
      const session = await playerAuth.issue(player.tag, account?.userId ?? null);
      const role = clan ? player.role : null;
      const meta: GameUserMeta = {
        token: { value: session.accessToken.value, expires: isoSeconds(session.accessToken.expires) },
        refreshToken: {
          value: session.refreshToken.value,
          expires: isoSeconds(session.refreshToken.expires),
        },
        playerTag: player.tag,
        playerName: player.name,
        clan: clan ? { tag: clan.tag, name: clan.name, thLevel: clan.thLevel } : null,
        role,
        isLeader: role === 'leader',
        isCoLeader: role === 'coLeader',
        thLevel: player.townHallLevel,
        rosterId: roster?.id ?? null,
      };

      if (player.townHallLevel < MIN_PLAYER_TH_LEVEL) {
        throw new DomainError(
          'INSUFFICIENT_TH_LEVEL',
          `Town Hall ${MIN_PLAYER_TH_LEVEL} or higher is required`,
          { meta },
        );
      }
      if (!clan) throw new DomainError('NO_CLAN', `Player ${player.tag} is not in a clan`, { meta });
      const manages = role === 'leader' || role === 'coLeader';
      if (!manages && !active.some((m) => m.playerTag === player.tag)) {
        if (roster) {
          throw new DomainError('NOT_INVITED', 'Your clan has a team and you are not on it', {
            meta: { ...meta, clanRosterId: roster.id },
          });
        }
        throw new DomainError(
          'INSUFFICIENT_ROLE',
          'Your clan has not created a team yet; only a leader or co-leader can',
          {
            meta: { ...meta, clanRosterId: null },
          },
        );
      }
      if (!user) throw new DomainError('NOT_REGISTERED', 'This player has no hub account yet', { meta });
      return { kind: 'ok', user, meta };
    },
  };
}
export type GameUserService = ReturnType<typeof createGameUserService>;
