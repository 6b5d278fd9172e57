import { randomBytes } from 'node:crypto';
import type { ClanUserBody } from '@cwh/contract';
import { ageInYears, canPerform } from '@cwh/domain';
import { runInUnitOfWork, SYSTEM_ACTOR } from '../../db/unit-of-work.js';
import { DomainError } from '../../errors/domain-error.js';
import { gameCall } from '../../game/game-call.js';
import type { AuthUser } from '../../http/fastify-types.js';
import { hashToken } from '../auth/opaque-token.js';
import { playerPasswordPlaceholder } from '../auth/password.js';
import type { UserRow } from '../auth/user-repository.js';
import type { AuthPlayer } from '../players/player-auth.js';
import { loadClanContext } from './clan-context.js';
import type { ClanDeps } from './clan-deps.js';
import { noRoster } from './clan-roster-access.js';
import { buildRosterView, clanMemberItems } from './clan-roster-view.js';

/**
 * The age gate, enforced here too: the date of birth answered once cannot be changed, and a player
 * under the minimum age cannot register, whatever the web shows.
 */
function checkedDateOfBirth(stored: string | null, sent: string | null, at: Date, minimumAge = 13) {
  if (stored && sent && stored !== sent) {
    throw new DomainError('CONFLICT', 'The date of birth cannot be changed once answered', {
      source: { pointer: '/data/attributes/dateOfBirth' },
    });
  }
  const dateOfBirth = stored ?? sent;
  const age = ageInYears(dateOfBirth, at);
  if (age !== null && age < minimumAge) {
    throw new DomainError('FORBIDDEN', `Players under ${minimumAge} cannot register`);
  }
  return dateOfBirth;
}

/** The clan page, previous team, hub user, individual registration, chat link code and group-code access. */
export function createClanRegistrationService(deps: ClanDeps) {
  const { db, game, options, rosters, players, users, events, access } = deps;
  const now = options.now;
  const { currentRoster, view } = access;

  async function chatGroupOfRoster(
    tenant: string,
    caller: AuthPlayer | null,
    manager: boolean,
    rosterId: string,
  ) {
    const roster = await rosters.getById(tenant, rosterId);
    if (!manager) {
      const active = await rosters.activeMembers(roster.id);
      if (!caller || !active.some((m) => m.playerTag === caller.tag)) {
        throw new DomainError('FORBIDDEN', 'Only members of this team can see its group code');
      }
    }
    if (roster.chatGroupUrl) return roster.chatGroupUrl;
    const event = await events.getById(tenant, roster.eventId);
    if (!event.chatGroupUrl) {
      throw new DomainError('CHAT_GROUP_NOT_SET', "The organizer has not set up this event's group yet");
    }
    return event.chatGroupUrl;
  }

  return {
    async getClan(tenant: string, caller: AuthPlayer, includeAll: boolean) {
      const ctx = await loadClanContext(game, caller);
      return runInUnitOfWork({ db, now }, SYSTEM_ACTOR, async (tx) => {
        const roster = await currentRoster(tenant, ctx.clan.tag, tx);
        const rosterView = roster ? await view(tenant, roster, ctx.clan, tx) : null;
        const items = await clanMemberItems(players, ctx.clan, rosterView, includeAll, tx);
        return {
          ctx,
          items,
          roster: rosterView?.roster ?? null,
          isCaptain: rosterView?.roster.captainTag === ctx.player.tag,
        };
      });
    },

    async getPrevious(tenant: string, caller: AuthPlayer) {
      const ctx = await loadClanContext(game, caller);
      const current = await rosters.findCurrentClanRoster(tenant, ctx.clan.tag, now());
      const previous = await rosters.findPreviousClanRoster(tenant, ctx.clan.tag, current?.id ?? null);
      if (!previous) return null;
      const members = await rosters.members([previous.id]);
      const { segment } = await rosters.getSegment(tenant, previous.segmentId);
      return (await buildRosterView(players, previous, members, ctx.clan, segment, now(), db)).roster;
    },

    /** Creates or updates the caller's hub user and links the game account to it. */
    async upsertUser(caller: AuthPlayer, body: ClanUserBody['data']['attributes']) {
      const player = await gameCall(() => game.getPlayer(caller.tag));
      if (!player) throw new DomainError('UNKNOWN_PLAYER', `No player with tag ${caller.tag} in the game`);
      // A taken e-mail address is a CONFLICT (the user repository says so).
      return await runInUnitOfWork({ db, now }, SYSTEM_ACTOR, async (tx) => {
        const account = await players.findAccount(player.tag, tx);
        const stored =
          (await players.getProfileDateOfBirth(player.tag, tx)) ??
          (account ? ((await users.getById(account.userId, tx)).dateOfBirth ?? null) : null);
        const dateOfBirth = checkedDateOfBirth(stored, body.dateOfBirth ?? null, now(), options.minimumAge);
        const fields = {
          firstName: body.firstName,
          lastName: body.lastName,
          username: body.username,
          email: body.email.toLowerCase(),
          ...(dateOfBirth ? { dateOfBirth } : {}),
        };
        let user: UserRow | null;
        if (account) {
          user = await users.update(account.userId, fields, tx);
        } else {
          user = await users.insert({ ...fields, passwordHash: playerPasswordPlaceholder() }, tx);
        }
        if (!user) throw new DomainError('NOT_FOUND', 'User not found');
        await players.linkAccount(user.id, player.tag, player.name, tx);
        for (const rosterId of await rosters.captainRosterIds(player.tag, tx))
          await rosters.refreshOwnerFromCaptain(rosterId, tx);
        return { user, playerTag: player.tag };
      });
    },

    /** The selected player registers individually for the team. */
    async register(tenant: string, caller: AuthPlayer) {
      const ctx = await loadClanContext(game, caller);
      const account = await players.findAccount(ctx.player.tag);
      if (!account) {
        throw new DomainError('NOT_REGISTERED', 'Create your hub account first (POST /api/clan/1.0/user)');
      }
      return runInUnitOfWork({ db, now }, SYSTEM_ACTOR, async (tx) => {
        const roster = await currentRoster(tenant, ctx.clan.tag, tx);
        if (!roster) throw noRoster();
        const marked = await rosters.markRegistered(roster.id, ctx.player.tag, now(), tx);
        if (!marked) {
          throw new DomainError('NOT_INVITED', 'You are not selected for your clan team', {
            meta: { clanRosterId: roster.id },
          });
        }
        return (await view(tenant, roster, ctx.clan, tx)).roster;
      });
    },

    async discordToken(caller: AuthPlayer) {
      const code = randomBytes(6).toString('hex').toUpperCase();
      const expires = new Date(now().getTime() + (options.chatLinkCodeTtlSeconds ?? 600) * 1000);
      await players.insertChatLinkCode({
        codeHash: hashToken(code),
        playerTag: caller.tag,
        userId: caller.userId,
        expiresAt: expires,
      });
      return { code, expires };
    },

    /**
     * What the team's group QR code encodes: the team's own group link (its captain sets it), else the
     * messaging-app group the organizer set on the roster's event (CHAT_GROUP_NOT_SET without either).
     * Only the team's members see it, and whoever may act on any roster (`roster:manage`, the
     * domain's one permission rule), decided here once.
     */
    chatGroupFor(
      tenant: string,
      viewer: { player: AuthPlayer | null; user: AuthUser | null },
      rosterId: string,
    ) {
      const manager = canPerform(viewer.user?.permissions ?? [], 'roster:manage');
      return chatGroupOfRoster(tenant, viewer.player, manager, rosterId);
    },

    /**
     * The same with the platform right decided by the caller: kept only while clan-routes.ts (being
     * split) still passes it; new callers use `chatGroupFor`.
     * @deprecated use `chatGroupFor`
     */
    chatGroupOfRoster,
  };
}
