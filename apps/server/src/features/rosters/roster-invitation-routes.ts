import {
  idParams,
  type RosterInvitationResource,
  rosterInvitationDocument,
  rosterInvitationListDocument,
} from '@cwh/contract';
import { isRosterLocked } from '@cwh/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db, Executor } from '../../db/client.js';
import { DomainError } from '../../errors/domain-error.js';
import { isoSeconds } from '../../http/jsonapi.js';
import { requirePlayer } from '../players/player-auth.js';
import type { RosterEnlistment } from './roster-enlistment.js';
import type { RosterInvitationRepository, RosterInvitationRow } from './roster-invitation-repository.js';
import type { RosterRepository, RosterRow } from './roster-repository.js';

function invitationResource(invitation: RosterInvitationRow, roster: RosterRow): RosterInvitationResource {
  return {
    id: invitation.id,
    type: 'roster-invitations',
    attributes: {
      playerTag: invitation.playerTag,
      createdAt: isoSeconds(invitation.createdAt),
      answeredAt: invitation.answeredAt ? isoSeconds(invitation.answeredAt) : null,
      answer: invitation.answer,
      roster: { id: roster.id, displayName: roster.name?.trim() || 'TBD' },
    },
    relationships: { roster: { data: { type: 'rosters', id: roster.id } } },
  };
}

/**
 * The invited player's side of a roster invitation (who invites: the roster routes). Only the
 * invited player sees and answers it; accepting puts them on the roster (ROSTER_LOCKED after the
 * lock, ROSTER_FULL past the segment's size), declining closes it.
 */
export function rosterInvitationRoutes(
  db: Db,
  deps: {
    rosters: RosterRepository;
    invitations: RosterInvitationRepository;
    enlistment: RosterEnlistment;
    now: () => Date;
  },
): FastifyPluginAsyncZod {
  const { rosters, invitations, enlistment, now } = deps;
  const notFound = () => new DomainError('NOT_FOUND', 'No open invitation with this id for you');

  /** The caller's open invitation, locked, with its roster locked first (the order every roster write uses). */
  async function lockOpen(tenant: string, id: string, playerTag: string, tx: Executor) {
    const found = await invitations.find(tenant, id, tx);
    if (!found || found.invitation.playerTag !== playerTag) throw notFound();
    const roster = await rosters.lockById(tenant, found.roster.id, tx);
    const locked = await invitations.find(tenant, id, tx, true);
    if (!locked || locked.invitation.answeredAt) throw notFound();
    return { invitation: locked.invitation, roster };
  }

  return async (app) => {
    const tags = ['rosters'];
    const security = [{ bearer: [] }];
    const secured = { preHandler: app.authenticatePlayer };

    app.get(
      '/rosters/invitations',
      { ...secured, schema: { tags, security, response: { 200: rosterInvitationListDocument } } },
      async (request) => {
        const caller = requirePlayer(request);
        const rows = await invitations.openForPlayer(request.tenant, caller.tag);
        return { data: rows.map((r) => invitationResource(r.invitation, r.roster)) };
      },
    );

    app.post(
      '/rosters/invitations/:id/accept',
      {
        ...secured,
        schema: { tags, security, params: idParams, response: { 200: rosterInvitationDocument } },
      },
      async (request) => {
        const caller = requirePlayer(request);
        const player = await enlistment.gamePlayer(caller.tag);
        if (player.banned)
          throw new DomainError('PLAYER_BANNED', `Player ${player.tag} is banned from the championship`);
        return db.transaction(async (tx) => {
          const { invitation, roster } = await lockOpen(request.tenant, request.params.id, caller.tag, tx);
          if (roster.withdrawnAt) throw notFound();
          if (isRosterLocked(roster))
            throw new DomainError('ROSTER_LOCKED', 'The roster is locked; its lineup can no longer change');
          await enlistment.addPlayers(roster, [player], tx);
          const answered = (await invitations.answer(invitation.id, 'accepted', now(), tx))!;
          return { data: invitationResource(answered, roster) };
        });
      },
    );

    app.post(
      '/rosters/invitations/:id/decline',
      {
        ...secured,
        schema: { tags, security, params: idParams, response: { 200: rosterInvitationDocument } },
      },
      async (request) => {
        const caller = requirePlayer(request);
        return db.transaction(async (tx) => {
          const { invitation, roster } = await lockOpen(request.tenant, request.params.id, caller.tag, tx);
          const answered = (await invitations.answer(invitation.id, 'declined', now(), tx))!;
          return { data: invitationResource(answered, roster) };
        });
      },
    );
  };
}
