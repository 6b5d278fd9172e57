import {
  idParams,
  type RosterInvitationResource,
  rosterInvitationDocument,
  rosterInvitationListDocument,
} from '@cwh/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DomainError } from '../../errors/domain-error.js';
import { isoSeconds } from '../../http/jsonapi.js';
import { requirePlayer } from '../players/player-auth.js';
import type { RosterInvitationRow } from './roster-invitation-repository.js';
import { acceptInvitation, declineInvitation, type RosterMembershipDeps } from './roster-membership.js';
import type { RosterRow } from './roster-repository.js';

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
export function rosterInvitationRoutes(membership: RosterMembershipDeps): FastifyPluginAsyncZod {
  const { invitations, enlistment } = membership;

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
        const { invitation, roster } = await acceptInvitation(membership, {
          tenant: request.tenant,
          id: request.params.id,
          player,
        });
        return { data: invitationResource(invitation, roster) };
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
        const { invitation, roster } = await declineInvitation(membership, {
          tenant: request.tenant,
          id: request.params.id,
          playerTag: caller.tag,
        });
        return { data: invitationResource(invitation, roster) };
      },
    );
  };
}
