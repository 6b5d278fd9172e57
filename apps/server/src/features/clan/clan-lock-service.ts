import { isRosterLocked, lockRosterBlockers } from '@cwh/domain';
import { runInUnitOfWork, SYSTEM_ACTOR } from '../../db/unit-of-work.js';
import { DomainError } from '../../errors/domain-error.js';
import { gameCall } from '../../game/game-call.js';
import { normalizeTag } from '../../game/index.js';
import { runTransactionHooks } from '../../lib/transaction-hooks.js';
import { notifyRosterLocked } from '../notices/team-notices.js';
import type { AuthPlayer } from '../players/player-auth.js';
import { allowedChanges, changesUsed } from '../rosters/roster-changes.js';
import { insufficientRole, isLeader, loadClanContext } from './clan-context.js';
import type { ClanDeps } from './clan-deps.js';
import { noRoster, rosterLocked } from './clan-roster-access.js';

/** Clan and selection checks, locking the team, allowed changes and withdrawal. */
export function createClanLockService(deps: ClanDeps) {
  const { db, game, options, rosters, access } = deps;
  const now = options.now;
  const { currentRoster, view, requireCaptain } = access;

  return {
    /** The clan can play: the team's members are in the clan, the war log is public, no war is on. */
    async checkClan(tenant: string, caller: AuthPlayer) {
      const ctx = await loadClanContext(game, caller);
      const roster = await currentRoster(tenant, ctx.clan.tag, db);
      if (!roster) throw noRoster();
      const active = await requireCaptain(roster, ctx, 'check the clan', db);
      const inClan = new Set(ctx.clan.members.map((m) => m.tag));
      const missing = active.filter((m) => !inClan.has(m.playerTag));
      if (missing.length > 0 || active.length < 5) {
        throw new DomainError(
          'MEMBERS_MISSING',
          'A team member is missing from your clan; ensure all 5 are in the clan',
          { meta: { missing: missing.map((m) => m.playerTag) } },
        );
      }
      const warStatus = await gameCall(() => game.getWarStatus(ctx.clan.tag));
      if (warStatus !== 'none') {
        throw new DomainError('CLAN_IS_IN_WAR', 'Your team is in an active Clan War or Friendly War', {
          meta: { warStatus },
        });
      }
      return { clanTag: ctx.clan.tag, warStatus };
    },

    /** The selected players are still in the clan, at the team's town hall level. */
    async checkSelectedPlayers(tenant: string, caller: AuthPlayer) {
      const ctx = await loadClanContext(game, caller);
      return runInUnitOfWork({ db, now }, SYSTEM_ACTOR, async (tx) => {
        const roster = await currentRoster(tenant, ctx.clan.tag, tx);
        if (!roster) throw noRoster();
        await requireCaptain(roster, ctx, 'check the selected players', tx);
        const rosterView = await view(tenant, roster, ctx.clan, tx);
        const members = rosterView.roster.members;
        const away = members.filter((m) => !m.inClan);
        if (away.length > 0 || members.length < 5) {
          throw new DomainError(
            'MEMBERS_MISSING',
            'A team member is missing from your clan; ensure all 5 are in the clan',
            { meta: { missing: away.map((m) => m.tag) } },
          );
        }
        const wrongLevel = members.filter((m) => m.townHallLevel !== roster.thLevel);
        if (wrongLevel.length > 0) {
          throw new DomainError(
            'TH_LEVELS_MISMATCH',
            'One or more selected players have different Town Hall levels; select again and retry',
            { meta: { players: wrongLevel.map((m) => m.tag) } },
          );
        }
        return { clanTag: ctx.clan.tag };
      });
    },

    /** The captain locks the team: registration open, 5 selected, all in the clan and registered. */
    async confirm(tenant: string, caller: AuthPlayer) {
      const ctx = await loadClanContext(game, caller);
      return runInUnitOfWork({ db, now }, SYSTEM_ACTOR, async (tx, uow) => {
        const found = await currentRoster(tenant, ctx.clan.tag, tx);
        if (!found) throw noRoster();
        const roster = await rosters.lockById(tenant, found.id, tx);
        if (isRosterLocked(roster)) throw rosterLocked();
        const rosterView = await view(tenant, roster, ctx.clan, tx);
        await requireCaptain(roster, ctx, 'lock the team', tx);
        if (rosterView.roster.registrationStatus !== 'open') {
          throw new DomainError(
            'SEGMENT_REGISTRATION_CLOSED',
            'Registration has closed: a team that is not locked cannot compete this month',
          );
        }
        const members = rosterView.roster.members;
        const blockers = lockRosterBlockers(
          members.map((m) => ({
            inClan: m.inClan,
            isSelected: true,
            registrationStatus: m.registrationStatus,
          })),
          rosterView.roster.captainTag,
        );
        if (blockers.includes('tooFewMembers') || blockers.includes('captainMissing')) {
          throw new DomainError('INCOMPLETE_ROSTER', 'Please pick at least 5 clan members');
        }
        if (blockers.includes('memberNotInClan')) {
          throw new DomainError(
            'MEMBERS_MISSING',
            'A team member is missing from your clan; ensure all 5 are in the clan',
          );
        }
        if (members.some((m) => m.inClan && m.registered && m.townHallLevel !== roster.thLevel)) {
          throw new DomainError(
            'TH_LEVELS_MISMATCH',
            'One or more selected players have different Town Hall levels; select again and retry',
          );
        }
        if (blockers.includes('memberNotRegistered')) {
          throw new DomainError(
            'INCOMPLETE_ROSTER',
            'Every team member must register before the team is locked',
            {
              meta: { notReady: members.filter((m) => m.registrationStatus !== 'ready').map((m) => m.tag) },
            },
          );
        }
        const locked = await rosters.update(roster.id, { confirmedAt: now() }, tx);
        // The team's players learn it from their notice log, written with the lock.
        await notifyRosterLocked(db, uow, locked, now());
        return (await view(tenant, locked, ctx.clan, tx)).roster;
      });
    },

    async allowedChanges(tenant: string, caller: AuthPlayer) {
      const ctx = await loadClanContext(game, caller);
      const roster = await currentRoster(tenant, ctx.clan.tag, db);
      return allowedChanges(roster ? changesUsed(roster, now()) : 0);
    },

    /**
     * The leader withdraws the team: the roster is withdrawn and its members released, and in the
     * same transaction the withdrawal hooks take it out of play (queue, match-ups, unfinished series
     * forfeited). Their notices go out only after the commit.
     */
    async disband(tenant: string, caller: AuthPlayer, clanTag: string) {
      const ctx = await loadClanContext(game, caller);
      if (normalizeTag(clanTag) !== ctx.clan.tag) {
        throw new DomainError('WRONG_MEMBER', `You are not a member of clan ${normalizeTag(clanTag)}`);
      }
      if (!isLeader(ctx)) throw insufficientRole('withdraw the team');
      return runInUnitOfWork({ db, now }, SYSTEM_ACTOR, async (tx, uow) => {
        const found = await currentRoster(tenant, ctx.clan.tag, tx);
        if (!found) throw noRoster();
        const roster = await rosters.lockById(tenant, found.id, tx);
        const active = await rosters.activeMembers(roster.id, tx);
        await rosters.removeMembers(
          roster.id,
          active.map((m) => m.playerTag),
          'withdrawn',
          now(),
          tx,
        );
        const updated = await rosters.update(roster.id, { withdrawnAt: now() }, tx);
        // The hooks' after-commit steps join the unit's: a retried attempt keeps only the committed one's.
        await runTransactionHooks(options.rosterWithdrawnHooks ?? [], { id: roster.id, tenant }, uow);
        return updated;
      });
    },
  };
}
