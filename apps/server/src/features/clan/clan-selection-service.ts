import type { MembersBody } from '@cwh/contract';
import {
  CLAN_TAG_PROVIDER,
  isRosterLocked,
  MIN_TEAM_MEMBERS,
  ROSTER_CHANGES_LIMIT,
  ROSTER_CHANGES_LIMIT_DETAIL,
  registrationStatus,
  teamSelectionMax,
  validateTeamSelection,
} from '@cwh/domain';
import type { Executor } from '../../db/client.js';
import { runInUnitOfWork, SYSTEM_ACTOR } from '../../db/unit-of-work.js';
import { DomainError } from '../../errors/domain-error.js';
import { type GameClanMember, normalizeTag } from '../../game/index.js';
import { generateToken } from '../auth/opaque-token.js';
import type { AuthPlayer } from '../players/player-auth.js';
import {
  changesPeriod,
  changesUsed,
  isLineupChange,
  ROSTER_FULL_MESSAGE,
} from '../rosters/roster-changes.js';
import type { RosterRow } from '../rosters/roster-repository.js';
import type { ClanContext } from './clan-context.js';
import { insufficientRole, isCoLeader, isLeader, loadClanContext } from './clan-context.js';
import type { ClanDeps } from './clan-deps.js';
import { noRoster, rosterLocked } from './clan-roster-access.js';
import { selectionIssueError } from './team-rules.js';

type Selection = MembersBody['data']['attributes'];
type Segment = Awaited<ReturnType<ClanDeps['rosters']['getSegment']>>;

/** What a selection is about: the caller's clan, the segment and event, the lineup, the captain. */
interface SelectionRequest {
  tenant: string;
  ctx: ClanContext;
  target: Segment;
  captainTag: string;
  /** The captain first, then the members, without duplicates. */
  lineup: string[];
}

/** Team selection (leader; co-leader who is the captain) and captain changes. */
export function createClanSelectionService(deps: ClanDeps) {
  return {
    selectMembers: (tenant: string, caller: AuthPlayer, body: Selection) =>
      selectMembers(deps, tenant, caller, body),
    changeCaptain: (tenant: string, caller: AuthPlayer, playerTag: string) =>
      changeCaptain(deps, tenant, caller, playerTag),
  };
}

/**
 * Creates or changes the selection (leader; co-leader who is the captain). A second concurrent
 * creation of the clan's team is a CONFLICT (the roster repository's unique index).
 */
export async function selectMembers(deps: ClanDeps, tenant: string, caller: AuthPlayer, body: Selection) {
  const ctx = await loadClanContext(deps.game, caller);
  const target = await openSegment(deps, tenant, body.segmentId);
  const captainTag = normalizeTag(body.playerTag);
  const lineup = [...new Set([captainTag, ...body.members.map((tag) => normalizeTag(tag))])];
  const request: SelectionRequest = { tenant, ctx, target, captainTag, lineup };
  return runInUnitOfWork({ db: deps.db, now: deps.options.now }, SYSTEM_ACTOR, async (tx) => {
    const roster = await lockSelectableRoster(deps, request, tx);
    const selected = validatedLineup(request);
    const saved = roster
      ? await changeLineup(deps, roster, request, tx)
      : await createTeam(deps, request, tx);
    await saveMembers(deps, saved, selected, captainTag, tx);
    const fresh = await deps.rosters.getById(tenant, saved.id, tx);
    return (await deps.access.view(tenant, fresh, ctx.clan, tx)).roster;
  });
}

/** The top-level segment the team is selected for, while its registration is open. */
async function openSegment(deps: ClanDeps, tenant: string, segmentId: string): Promise<Segment> {
  const found = await deps.rosters.getSegment(tenant, segmentId);
  const { segment, event } = found;
  if (segment.level !== 0) {
    throw new DomainError('VALIDATION_FAILED', 'segmentId must be a top-level (level 0) segment', {
      source: { pointer: '/data/attributes/segmentId' },
    });
  }
  // An archived event takes no teams at all (34); an active one only while registration is open (33).
  if (event.status !== 'active')
    throw new DomainError('EVENT_NOT_ACTIVE', 'This event is no longer active and takes no teams');
  const phases = { registrationPhases: segment.registrationPhases };
  if (registrationStatus(phases, deps.options.now()) !== 'open') {
    throw new DomainError('SEGMENT_REGISTRATION_CLOSED', 'Registration for this segment is not open');
  }
  return found;
}

/**
 * The clan's live roster in the segment, locked, when the caller may change it; null when there is
 * none yet and the caller (a leader) may create it.
 */
async function lockSelectableRoster(
  deps: ClanDeps,
  { tenant, ctx, target }: SelectionRequest,
  tx: Executor,
): Promise<RosterRow | null> {
  const existing = await deps.rosters.findLiveClanRoster(target.segment.id, ctx.clan.tag, tx);
  const roster = existing ? await deps.rosters.lockById(tenant, existing.id, tx) : null;
  if (!roster) {
    if (!isLeader(ctx)) throw insufficientRole('create the team');
    return null;
  }
  if (isRosterLocked(roster)) throw rosterLocked();
  const active = await deps.rosters.activeMembers(roster.id, tx);
  const isCaptain = active.some((m) => m.position === 'captain' && m.playerTag === ctx.player.tag);
  if (!isLeader(ctx) && !(isCoLeader(ctx) && isCaptain)) throw insufficientRole('select the team');
  return roster;
}

/** The lineup as clan members, or the first of the domain's selection issues as its error. */
function validatedLineup({ ctx, target, captainTag, lineup }: SelectionRequest): GameClanMember[] {
  // A clan of fewer than 5 members cannot field a team at all: error 11, not "pick more members".
  if (ctx.clan.members.length < MIN_TEAM_MEMBERS) {
    throw new DomainError(
      'INCOMPLETE_CLAN',
      `The clan has ${ctx.clan.members.length} members; a team needs ${MIN_TEAM_MEMBERS} clan members`,
    );
  }
  const byTag = new Map(ctx.clan.members.map((m) => [m.tag, m]));
  const outsider = lineup.find((tag) => !byTag.has(tag));
  if (outsider) {
    throw new DomainError('WRONG_MEMBER', `Player ${outsider} is not a member of clan ${ctx.clan.tag}`);
  }
  const { segment, event } = target;
  if (lineup.length > teamSelectionMax(segment)) throw new DomainError('ROSTER_FULL', ROSTER_FULL_MESSAGE);
  const selected = lineup.map((tag) => byTag.get(tag)!);
  const issues = validateTeamSelection(selected, {
    competition: event.competition,
    thLevel: segment.configuration.thLevel,
    captainTag,
  });
  if (issues[0]) {
    const { code, detail } = selectionIssueError(issues[0]);
    throw new DomainError(code, detail);
  }
  return selected;
}

/**
 * A new lineup for an existing team: a real change counts against the monthly limit; members who
 * are no longer selected are removed (replaced).
 */
async function changeLineup(deps: ClanDeps, roster: RosterRow, request: SelectionRequest, tx: Executor) {
  const { rosters, access, options } = deps;
  const now = options.now();
  const members = await access.syncBeforeLock(roster, request.ctx.clan, tx);
  // Members dropped only because they left the clan count as still selected (reselecting is free).
  const previous = new Set(
    members.filter((m) => m.removedAt === null || m.removedReason === 'leftClan').map((m) => m.playerTag),
  );
  let target = roster;
  if (isLineupChange(previous, new Set(request.lineup))) {
    const used = changesUsed(roster, now);
    if (used >= ROSTER_CHANGES_LIMIT) {
      throw new DomainError('ROSTER_CHANGES_LIMIT_EXCEEDED', ROSTER_CHANGES_LIMIT_DETAIL);
    }
    target = await rosters.update(
      roster.id,
      { changesUsed: used + 1, changesPeriod: changesPeriod(now) },
      tx,
    );
  }
  const dropped = members
    .filter((m) => m.removedAt === null && !request.lineup.includes(m.playerTag))
    .map((m) => m.playerTag);
  await rosters.removeMembers(target.id, dropped, 'replaced', now, tx);
  return target;
}

/** The clan's first team in the segment (the leader's first selection), while the segment has room. */
async function createTeam(deps: ClanDeps, { tenant, ctx, target }: SelectionRequest, tx: Executor) {
  const now = deps.options.now();
  return deps.rosters.insertWithinLimit(
    {
      tenant,
      eventId: target.event.id,
      segmentId: target.segment.id,
      name: ctx.clan.name,
      clanTag: ctx.clan.tag,
      thLevel: target.segment.configuration.thLevel || ctx.clan.thLevel,
      externalIds: [{ provider: CLAN_TAG_PROVIDER, value: ctx.clan.tag }],
      joiningKey: generateToken(),
      changesPeriod: changesPeriod(now),
      createdAt: now,
    },
    tx,
  );
}

/** Upserts the selected members, marks the captain, and makes the captain's user the owner. */
async function saveMembers(
  deps: ClanDeps,
  roster: RosterRow,
  selected: GameClanMember[],
  captainTag: string,
  tx: Executor,
) {
  const { rosters, options } = deps;
  for (const member of selected) {
    await rosters.upsertMember(
      {
        rosterId: roster.id,
        playerTag: member.tag,
        name: member.name,
        thLevel: member.townHallLevel,
        roleAtSelection: member.role,
        position: member.tag === captainTag ? 'captain' : 'player',
        selectedAt: options.now(),
      },
      tx,
    );
  }
  await rosters.setPositions(roster.id, captainTag, tx);
  await rosters.refreshOwnerFromCaptain(roster.id, tx);
}

/** The leader changes the captain: a selected leader or co-leader. */
export async function changeCaptain(deps: ClanDeps, tenant: string, caller: AuthPlayer, playerTag: string) {
  const { rosters, access } = deps;
  const ctx = await loadClanContext(deps.game, caller);
  if (!isLeader(ctx)) throw insufficientRole('change the captain');
  const tag = normalizeTag(playerTag);
  return runInUnitOfWork({ db: deps.db, now: deps.options.now }, SYSTEM_ACTOR, async (tx) => {
    const found = await access.currentRoster(tenant, ctx.clan.tag, tx);
    if (!found) throw noRoster();
    const roster = await rosters.lockById(tenant, found.id, tx);
    await access.syncBeforeLock(roster, ctx.clan, tx);
    const active = await rosters.activeMembers(roster.id, tx);
    if (!active.some((m) => m.playerTag === tag)) {
      throw new DomainError('WRONG_MEMBER', `Player ${tag} is not on the team`);
    }
    const live = ctx.clan.members.find((m) => m.tag === tag);
    if (!live || (live.role !== 'leader' && live.role !== 'coLeader')) {
      throw new DomainError('INSUFFICIENT_PERMISSION', 'The captain must be a Clan Leader or Co-leader');
    }
    await rosters.setPositions(roster.id, tag, tx);
    await rosters.refreshOwnerFromCaptain(roster.id, tx);
    return (await access.view(tenant, await rosters.getById(tenant, roster.id, tx), ctx.clan, tx)).roster;
  });
}
