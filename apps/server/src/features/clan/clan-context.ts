import { DomainError } from '../../errors/domain-error.js';
import { gameCall } from '../../game/game-call.js';
import type { ClanRole, GameAdapter, GameClan, GamePlayer } from '../../game/index.js';
import type { TransactionHook } from '../../lib/transaction-hooks.js';
import type { AuthPlayer } from '../players/player-auth.js';

/** What every clan service is given besides the database and the game. */
export interface ClanServiceOptions {
  /** MIN_AGE: under it a player cannot register (the age gate, enforced on the server). */
  minimumAge?: number;
  now: () => Date;
  /** How long a chat link code lives. */
  chatLinkCodeTtlSeconds?: number;
  /**
   * Run in the transaction that withdraws a team, after the roster is marked withdrawn: the ladder
   * takes it out of its queue, its live match-ups and its unfinished series (filled at composition).
   */
  rosterWithdrawnHooks?: readonly TransactionHook<WithdrawnRoster>[];
}

/** The roster a team withdrawal just withdrew. */
export interface WithdrawnRoster {
  id: string;
  tenant: string;
}

/** The caller as the game sees them now: their player, clan and role. */
export interface ClanContext {
  player: GamePlayer;
  clan: GameClan;
  role: ClanRole;
  userId: string | null;
}

/** Loads the caller's live player and clan; PLAYER_BANNED and NO_CLAN as in the game-user lookup. */
export async function loadClanContext(game: GameAdapter, caller: AuthPlayer): Promise<ClanContext> {
  const player = await gameCall(() => game.getPlayer(caller.tag));
  if (!player) throw new DomainError('UNKNOWN_PLAYER', `No player with tag ${caller.tag} in the game`);
  if (player.banned)
    throw new DomainError('PLAYER_BANNED', `Player ${player.tag} is banned from the championship`);
  if (!player.clan || !player.role) throw new DomainError('NO_CLAN', `Player ${player.tag} is not in a clan`);
  const clanTag = player.clan.tag;
  const clan = await gameCall(() => game.getClan(clanTag));
  if (!clan) throw new DomainError('NO_CLAN', `Clan ${clanTag} is unknown to the game`);
  return { player, clan, role: player.role, userId: caller.userId };
}

export const isLeader = (ctx: ClanContext) => ctx.role === 'leader';
export const isCoLeader = (ctx: ClanContext) => ctx.role === 'coLeader';

export function insufficientRole(action: string): DomainError {
  // An authenticated player lacking the clan role is forbidden (403), not unauthenticated: the
  // spec's 401 INSUFFICIENT_ROLE belongs to the game-user lookup only (spec 6).
  return new DomainError('INSUFFICIENT_ROLE', `Your clan role does not allow you to ${action}`, {
    status: 403,
  });
}
