import { DomainError } from '../errors/domain-error.js';
import { gameCall } from './game-call.js';
import type { GameAdapter } from './index.js';

/**
 * Spec 8: a match cannot go ahead while either clan is in a war. The caller's own clan is checked
 * first (CLAN_IS_IN_WAR: 14/18 at check-in, 23 at queue and accept), then the opponent's
 * (OPPONENT_IS_IN_WAR: 19/20). A private war log on either answers WAR_LOG_PRIVATE (21/22).
 */
export async function refuseClansInWar(
  game: GameAdapter,
  clans: { own: string | null | undefined; opponent: string | null | undefined },
  ownMessage = 'Your clan is in an active Clan War or Friendly War',
): Promise<void> {
  if (clans.own) {
    const status = await gameCall(() => game.getWarStatus(clans.own!));
    if (status !== 'none')
      throw new DomainError('CLAN_IS_IN_WAR', ownMessage, { meta: { warStatus: status } });
  }
  if (clans.opponent) {
    const status = await gameCall(() => game.getWarStatus(clans.opponent!));
    if (status !== 'none') {
      throw new DomainError('OPPONENT_IS_IN_WAR', 'The opponent is in an active war', {
        meta: { warStatus: status },
      });
    }
  }
}
