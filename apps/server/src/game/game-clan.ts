import { clanThLevel } from './clan-th-level.js';
import type { GameClan, GameClanMember } from './game-adapter.js';

/** A clan as every adapter returns it: the game's clan fields, its members and the derived TH level. */
export function toGameClan(
  clan: Pick<GameClan, 'tag' | 'name' | 'clanLevel' | 'isWarLogPublic'>,
  members: GameClanMember[],
): GameClan {
  return {
    tag: clan.tag,
    name: clan.name,
    clanLevel: clan.clanLevel,
    isWarLogPublic: clan.isWarLogPublic,
    thLevel: clanThLevel(members),
    members,
  };
}
