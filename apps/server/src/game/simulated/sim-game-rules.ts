import type { ClanRole, GamePlayer, TokenVerification, WarResult, WarStatus } from '../game-adapter.js';
import { GameAdapterError } from '../game-adapter-error.js';

/**
 * What both simulated games (in memory and over the database) answer the same way, whatever they
 * store their clans and players in: token checks, player and war-status answers, line-up checks,
 * and the errors they throw.
 */

interface SimPlayerLike {
  tag: string;
  name: string;
  townHallLevel: number;
  clanTag: string | null;
  apiToken: string;
  banned: boolean;
}

interface SimClanLike {
  tag: string;
  name: string;
  isWarLogPublic: boolean;
  warStatus: WarStatus;
}

export function verifySimToken(
  player: SimPlayerLike | null | undefined,
  playerTag: string,
  apiToken: string,
): TokenVerification {
  if (!player)
    throw new GameAdapterError('not_found', `No player with tag ${playerTag} in the simulated game`);
  return { status: player.apiToken === apiToken ? 'ok' : 'invalid' };
}

/** The player as the game reports it; `role` is what the caller's store says the player's role is. */
export function toSimGamePlayer(
  player: SimPlayerLike,
  clan: SimClanLike | null | undefined,
  role: ClanRole | null,
): GamePlayer {
  return {
    tag: player.tag,
    name: player.name,
    townHallLevel: player.townHallLevel,
    clan: clan ? { tag: clan.tag, name: clan.name } : null,
    role: clan ? role : null,
    banned: player.banned,
  };
}

export function clanNotFound(clanTag: string): GameAdapterError {
  return new GameAdapterError('not_found', `No clan with tag ${clanTag} in the simulated game`);
}

/** Behaves like the official API: a private war log hides the war status. */
export function simWarStatus(clan: SimClanLike | null | undefined, clanTag: string): WarStatus {
  if (!clan) throw clanNotFound(clanTag);
  if (!clan.isWarLogPublic) {
    throw new GameAdapterError(
      'war_log_private',
      `Clan ${clan.tag} has a private war log, so its war status cannot be read`,
    );
  }
  return clan.warStatus;
}

/** A line-up player must exist and be in the clan that fields them. */
export function assertLineupMember<P extends SimPlayerLike>(
  player: P | null | undefined,
  tag: string,
  clanTag: string,
): P {
  if (!player || player.clanTag !== clanTag) {
    throw new GameAdapterError('not_found', `Player ${tag} is not a member of clan ${clanTag}`);
  }
  return player;
}

export function noRunningWar(warId: string): GameAdapterError {
  return new GameAdapterError('not_found', `No running simulated war ${warId}`);
}

export function warDeepLink(warId: string): string {
  return `clashofclans://action=OpenClanWar&warId=${warId}`;
}

/** A forfeit: no stars on either side, the other side wins. */
export function forfeitResult(
  ids: Pick<WarResult, 'warId' | 'matchSeriesId'>,
  side: 'home' | 'away',
): WarResult {
  return { ...ids, stars: { home: 0, away: 0 }, forfeit: side };
}
