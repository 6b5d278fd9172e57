import type { MembersBody } from '@cwh/contract';
import {
  CLAN_TAG_PROVIDER,
  ROSTER_CHANGES_LIMIT,
  ROSTER_CHANGES_LIMIT_DETAIL,
  registrationStatus,
  validateTeamSelection,
} from '@cwh/domain';
import type { Db } from '../../db/client.js';
import { DomainError } from '../../errors/domain-error.js';
import { type GameAdapter, normalizeTag } from '../../game/index.js';
import { generateToken } from '../auth/opaque-token.js';
import type { AuthPlayer } from '../players/player-auth.js';
import {
  changesPeriod,
  changesUsed,
  isLineupChange,
  ROSTER_FULL_MESSAGE,
} from '../rosters/roster-changes.js';
import { createRosterRepository } from '../rosters/roster-repository.js';
import type { ClanServiceOptions } from './clan-context.js';
import { insufficientRole, isCoLeader, isLeader, loadClanContext } from './clan-context.js';
import { type ClanRosterAccess, isUniqueViolation, noRoster, rosterLocked } from './clan-roster-access.js';
import { selectionIssueError } from './team-rules.js';

/** Team selection (leader; co-leader who is the captain) and captain changes. */
export function createClanSelectionService(
  db: Db,
  game: GameAdapter,
  options: ClanServiceOptions,
  access: ClanRosterAccess,
) {
  const now = options.now;
  const { currentRoster, syncBeforeLock, view } = access;

  return {
    /** Creates or changes the selection (leader; co-leader who is the captain). */
    async selectMembers(tenant: string, caller: AuthPlayer, body: MembersBody['data']['attributes']) {
      const ctx = await loadClanContext(game, caller);
      const { segment, event } = await createRosterRepository(db).getSegment(tenant, body.segmentId);
      if (segment.level !== 0) {
        throw new DomainError('VALIDATION_FAILED', 'segmentId must be a top-level (level 0) segment', {
          source: { pointer: '/data/attributes/segmentId' },
        });
      }
      if (
        event.status !== 'active' ||
        registrationStatus({ registrationPhases: segment.registrationPhases }, now()) !== 'open'
      ) {
        throw new DomainError('SEGMENT_REGISTRATION_CLOSED', 'Registration for this segment is not open');
      }
      const captainTag = normalizeTag(body.playerTag);
      const lineup = [...new Set([captainTag, ...body.members.map((tag) => normalizeTag(tag))])];

      try {
        return await db.transaction(async (tx) => {
          const repo = createRosterRepository(tx);
          const existing = await repo.findLiveClanRoster(segment.id, ctx.clan.tag, tx);
          const roster = existing ? await repo.lockById(tenant, existing.id, tx) : null;
          if (roster) {
            if (roster.confirmedAt) throw rosterLocked();
            const active = await repo.activeMembers(roster.id, tx);
            const isCaptain = active.some((m) => m.position === 'captain' && m.playerTag === ctx.player.tag);
            if (!isLeader(ctx) && !(isCoLeader(ctx) && isCaptain)) throw insufficientRole('select the team');
          } else if (!isLeader(ctx)) {
            throw insufficientRole('create the team');
          }

          const byTag = new Map(ctx.clan.members.map((m) => [m.tag, m]));
          const outsider = lineup.find((tag) => !byTag.has(tag));
          if (outsider) {
            throw new DomainError(
              'WRONG_MEMBER',
              `Player ${outsider} is not a member of clan ${ctx.clan.tag}`,
            );
          }
          const max = segment.rosterSize.playersMax + segment.rostersLimit.standbyLimit;
          if (lineup.length > max) throw new DomainError('ROSTER_FULL', ROSTER_FULL_MESSAGE);
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

          let target = roster;
          if (target) {
            const members = await syncBeforeLock(tx, target, ctx.clan);
            const previous = new Set(
              members
                .filter((m) => m.removedAt === null || m.removedReason === 'leftClan')
                .map((m) => m.playerTag),
            );
            if (isLineupChange(previous, new Set(lineup))) {
              const used = changesUsed(target, now());
              if (used >= ROSTER_CHANGES_LIMIT) {
                throw new DomainError('ROSTER_CHANGES_LIMIT_EXCEEDED', ROSTER_CHANGES_LIMIT_DETAIL);
              }
              target = await repo.update(
                target.id,
                { changesUsed: used + 1, changesPeriod: changesPeriod(now()) },
                tx,
              );
            }
            const dropped = members
              .filter((m) => m.removedAt === null && !lineup.includes(m.playerTag))
              .map((m) => m.playerTag);
            await repo.removeMembers(target.id, dropped, 'replaced', now(), tx);
          } else {
            target = await repo.insert(
              {
                tenant,
                eventId: event.id,
                segmentId: segment.id,
                name: ctx.clan.name,
                clanTag: ctx.clan.tag,
                thLevel: segment.configuration.thLevel || ctx.clan.thLevel,
                externalIds: [{ provider: CLAN_TAG_PROVIDER, value: ctx.clan.tag }],
                joiningKey: generateToken(),
                changesPeriod: changesPeriod(now()),
                createdAt: now(),
              },
              tx,
            );
          }
          for (const member of selected) {
            await repo.upsertMember(
              {
                rosterId: target.id,
                playerTag: member.tag,
                name: member.name,
                thLevel: member.townHallLevel,
                roleAtSelection: member.role,
                position: member.tag === captainTag ? 'captain' : 'player',
                selectedAt: now(),
              },
              tx,
            );
          }
          await repo.setPositions(target.id, captainTag, tx);
          await repo.refreshOwnerFromCaptain(target.id, tx);
          const fresh = await repo.getById(tenant, target.id, tx);
          return (await view(tx, tenant, fresh, ctx.clan)).roster;
        });
      } catch (error) {
        if (isUniqueViolation(error))
          throw new DomainError('CONFLICT', 'The team was changed at the same time; try again');
        throw error;
      }
    },

    /** The leader changes the captain: a selected leader or co-leader. */
    async changeCaptain(tenant: string, caller: AuthPlayer, playerTag: string) {
      const ctx = await loadClanContext(game, caller);
      if (!isLeader(ctx)) throw insufficientRole('change the captain');
      const tag = normalizeTag(playerTag);
      return db.transaction(async (tx) => {
        const found = await currentRoster(tx, tenant, ctx.clan.tag);
        if (!found) throw noRoster();
        const repo = createRosterRepository(tx);
        const roster = await repo.lockById(tenant, found.id, tx);
        await syncBeforeLock(tx, roster, ctx.clan);
        const active = await repo.activeMembers(roster.id, tx);
        if (!active.some((m) => m.playerTag === tag)) {
          throw new DomainError('WRONG_MEMBER', `Player ${tag} is not on the team`);
        }
        const live = ctx.clan.members.find((m) => m.tag === tag);
        if (!live || (live.role !== 'leader' && live.role !== 'coLeader')) {
          throw new DomainError('INSUFFICIENT_PERMISSION', 'The captain must be a Clan Leader or Co-leader');
        }
        await repo.setPositions(roster.id, tag, tx);
        await repo.refreshOwnerFromCaptain(roster.id, tx);
        return (await view(tx, tenant, await repo.getById(tenant, roster.id, tx), ctx.clan)).roster;
      });
    },
  };
}
