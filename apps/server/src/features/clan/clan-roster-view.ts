import type { ClanMemberValue, ClanRosterValue, RosterMemberValue } from '@cwh/contract';
import { isRosterLocked, memberRegistrationStatus, registrationStatus, sortClanMembers } from '@cwh/domain';
import type { Executor } from '../../db/client.js';
import type { GameClan } from '../../game/index.js';
import { isoSeconds } from '../../http/jsonapi.js';
import type { PlayerRepository } from '../players/player-repository.js';
import { allowedChanges, changesUsed } from '../rosters/roster-changes.js';
import type { RosterMemberRow, RosterRow } from '../rosters/roster-repository.js';
import type { SegmentRow } from '../segments/segment-repository.js';

export interface RosterView {
  roster: ClanRosterValue;
  /** Active members by tag with their status, for the clan member list. */
  byTag: Map<string, RosterMemberValue>;
}

/** Builds the roster as My Team shows it: every active member with their live registration status. */
export async function buildRosterView(
  players: PlayerRepository,
  roster: RosterRow,
  members: RosterMemberRow[],
  clan: GameClan | null,
  segment: Pick<SegmentRow, 'registrationPhases'>,
  now: Date,
  tx: Executor,
): Promise<RosterView> {
  const active = members.filter((m) => m.removedAt === null);
  const accounts = await players.accountsByTags(
    active.map((m) => m.playerTag),
    tx,
  );
  const chatLinked = await players.chatAccountsByUsers(
    [...accounts.values()].map((a) => a.userId),
    tx,
  );
  const inClan = new Map((clan?.members ?? []).map((m) => [m.tag, m]));
  const views: RosterMemberValue[] = active.map((m) => {
    const live = inClan.get(m.playerTag);
    const account = accounts.get(m.playerTag);
    const townHallLevel = live?.townHallLevel ?? m.thLevel;
    return {
      tag: m.playerTag,
      name: live?.name ?? m.name,
      role: live?.role ?? m.roleAtSelection,
      townHallLevel,
      position: m.position,
      userId: account?.userId ?? null,
      inClan: live !== undefined,
      registered: m.registeredAt !== null,
      registrationStatus: memberRegistrationStatus({
        hasUser: account !== undefined,
        registered: m.registeredAt !== null,
        inClan: live !== undefined,
        townHallLevel,
        rosterThLevel: roster.thLevel,
      }),
      chatAccountConnected: account !== undefined && chatLinked.has(account.userId),
      chatAccountName: (account && chatLinked.get(account.userId)) ?? null,
    };
  });
  const sorted = sortClanMembers(
    views.map((v) => ({ ...v, rosterPosition: v.position === 'captain' ? ('captain' as const) : null })),
  ).map(({ rosterPosition: _p, ...v }) => v);
  const status = registrationStatus({ registrationPhases: segment.registrationPhases }, now);
  const locked = isRosterLocked(roster);
  return {
    byTag: new Map(sorted.map((v) => [v.tag, v])),
    roster: {
      id: roster.id,
      name: roster.name ?? '',
      eventId: roster.eventId,
      segmentId: roster.segmentId,
      thLevel: roster.thLevel ?? 0,
      captainTag: active.find((m) => m.position === 'captain')?.playerTag ?? null,
      locked,
      confirmedAt: roster.confirmedAt ? isoSeconds(roster.confirmedAt) : null,
      createdAt: isoSeconds(roster.createdAt),
      registrationStatus: status,
      canCompete: locked || status !== 'after',
      chatGroupUrl: roster.chatGroupUrl ?? null,
      members: sorted,
      changes: allowedChanges(changesUsed(roster, now)),
    },
  };
}

/** The clan's members for GET /clan, with roster flags; only the clan's level unless includeAll. */
export async function clanMemberItems(
  players: PlayerRepository,
  clan: GameClan,
  view: RosterView | null,
  includeAll: boolean,
  tx: Executor,
): Promise<ClanMemberValue[]> {
  const accounts = await players.accountsByTags(
    clan.members.map((m) => m.tag),
    tx,
  );
  const members = includeAll ? clan.members : clan.members.filter((m) => m.townHallLevel === clan.thLevel);
  const items = members.map((m) => {
    const onRoster = view?.byTag.get(m.tag);
    return {
      tag: m.tag,
      name: m.name,
      role: m.role,
      townHallLevel: m.townHallLevel,
      userId: accounts.get(m.tag)?.userId ?? null,
      isRosterMember: onRoster !== undefined,
      rosterPosition: onRoster?.position === 'captain' ? ('captain' as const) : null,
      registrationStatus: onRoster?.registrationStatus ?? null,
    };
  });
  return sortClanMembers(items);
}
