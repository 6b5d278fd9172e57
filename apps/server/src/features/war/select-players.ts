import { hasRole } from '@cwh/domain';
import { DomainError } from '../../errors/domain-error.js';
import { gameCall } from '../../game/game-call.js';
import { type GameAdapter, normalizeTag } from '../../game/index.js';
import type { LadderService } from '../ladder/ladder-service.js';

type Roster = { id: string; ownerId: string | null; clanTag: string | null };

/**
 * The captain sets the 5 players of the clan's next match (POST /clan/{tag}/selected-players, and
 * the demo bots): they must be on the roster (WRONG_MEMBER), in the clan (MEMBERS_MISSING) and on
 * the clan's town hall level (TH_LEVELS_MISMATCH). The line-up of an upcoming series whose war is
 * not created yet follows.
 */
export async function selectPlayers(
  deps: { ladder: LadderService; game: GameAdapter; now: () => Date },
  input: { roster: Roster; user: { id: string; permissions: string[] }; playerTags: string[] },
): Promise<void> {
  const repo = deps.ladder.repository;
  const { roster, user } = input;
  if (roster.ownerId !== user.id && !hasRole(user.permissions, 'admin')) {
    throw new DomainError('FORBIDDEN', 'Only the captain may select the players');
  }
  const tags = input.playerTags.map((t) => normalizeTag(t));
  if (new Set(tags).size !== tags.length) throw new DomainError('VALIDATION_FAILED', 'Players must differ');
  const members = new Set((await repo.liveRosterMembers(roster.id)).map((m) => m.playerTag));
  const strangers = tags.filter((t) => !members.has(t));
  if (strangers.length) throw new DomainError('WRONG_MEMBER', `Not on the roster: ${strangers.join(', ')}`);
  const clan = await gameCall(() => deps.game.getClan(roster.clanTag!));
  const inClan = new Map((clan?.members ?? []).map((m) => [m.tag, m]));
  if (!clan || tags.some((t) => !inClan.has(t))) {
    throw new DomainError('MEMBERS_MISSING', 'A team member is missing from your clan');
  }
  if (tags.some((t) => inClan.get(t)!.townHallLevel !== clan.thLevel)) {
    throw new DomainError('TH_LEVELS_MISMATCH', 'Selected players have a different Town Hall level');
  }
  await repo.upsertSelectedPlayers(roster.id, roster.clanTag!, tags, deps.now());
  const open = await repo.openSeriesOfRoster(roster.id);
  if (open && !open.warId) {
    const competitor = (await repo.competitorsOf([open.id])).find((c) => c.rosterId === roster.id);
    if (competitor) await repo.updateCompetitor(competitor.id, { playerTags: tags });
  }
}
