import {
  eventStatisticsDocument,
  eventStatisticsQuery,
  idParams,
  playerProfileDocument,
  playerTagParams,
  profilePrivacyBody,
  profilePrivacyDocument,
  teamStatisticsDocument,
} from '@cwh/contract';
import { canReadHiddenProfile, canSetProfilePrivacy, type ProfileCaller } from '@cwh/domain';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.js';
import { DomainError } from '../../errors/domain-error.js';
import { normalizeTag } from '../../game/tags.js';
import { createStatisticsReadRepository } from './statistics-read-repository.js';
import { eventStatistics, playerProfile, teamStatistics } from './statistics-read-service.js';

const callerOf = (request: FastifyRequest): ProfileCaller => ({
  playerTag: request.player?.tag ?? null,
  permissions: request.user?.permissions ?? [],
});

const noProfile = (tag: string) => new DomainError('NOT_FOUND', `No player profile for ${tag}`);

/**
 * Profiles, team statistics and event statistics (issue #38) under /api/tournaments/1.0; reads of
 * the kept statistics tables, cached like the standings until the next result. A hidden profile
 * answers 404 on the public (cached) read; the player and staff read it on `/full`, never cached.
 * See docs/api/statistics.md.
 */
export function statisticsRoutes(db: Db, now: () => Date): FastifyPluginAsyncZod {
  const repo = createStatisticsReadRepository(db);
  return async (app) => {
    app.get(
      '/player-profiles/:tag',
      {
        config: { readCache: 'results' },
        schema: { tags: ['statistics'], params: playerTagParams, response: { 200: playerProfileDocument } },
      },
      async (request) => {
        const tag = normalizeTag(request.params.tag);
        const profile = await playerProfile(repo, request.tenant, tag);
        if (!profile || profile.profileHidden) throw noProfile(tag);
        return { data: { id: tag, type: 'player-profiles' as const, attributes: profile } };
      },
    );

    app.get(
      '/player-profiles/:tag/full',
      {
        preHandler: app.authenticatePlayer,
        schema: {
          tags: ['statistics'],
          security: [{ bearer: [] }],
          params: playerTagParams,
          response: { 200: playerProfileDocument },
        },
      },
      async (request) => {
        const tag = normalizeTag(request.params.tag);
        if (!canReadHiddenProfile(callerOf(request), tag))
          throw new DomainError('FORBIDDEN', 'Only the player and staff read the full profile');
        const profile = await playerProfile(repo, request.tenant, tag);
        if (!profile) throw noProfile(tag);
        return { data: { id: tag, type: 'player-profiles' as const, attributes: profile } };
      },
    );

    app.patch(
      '/player-profiles/:tag/privacy',
      {
        preHandler: app.authenticatePlayer,
        schema: {
          tags: ['statistics'],
          security: [{ bearer: [] }],
          params: playerTagParams,
          body: profilePrivacyBody,
          response: { 200: profilePrivacyDocument },
        },
      },
      async (request) => {
        const tag = normalizeTag(request.params.tag);
        if (!canSetProfilePrivacy(callerOf(request), tag))
          throw new DomainError('FORBIDDEN', 'Only the player, support or an admin set a profile’s privacy');
        const hidden = request.body.data.attributes.profileHidden;
        await repo.setProfileHidden(request.tenant, tag, hidden, now());
        request.activityChange = {
          action: 'player-profile.privacy',
          targetType: 'player-profile',
          after: { hidden },
        };
        return {
          data: { id: tag, type: 'player-privacy' as const, attributes: { tag, profileHidden: hidden } },
        };
      },
    );

    app.get(
      '/rosters/:id/statistics',
      {
        config: { readCache: 'results' },
        schema: { tags: ['statistics'], params: idParams, response: { 200: teamStatisticsDocument } },
      },
      async (request) => {
        const attributes = await teamStatistics(repo, request.tenant, request.params.id);
        if (!attributes) throw new DomainError('NOT_FOUND', `No roster with id ${request.params.id}`);
        return { data: { id: request.params.id, type: 'team-statistics' as const, attributes } };
      },
    );

    app.get(
      '/events/:id/statistics',
      {
        config: { readCache: 'results' },
        schema: {
          tags: ['statistics'],
          params: idParams,
          querystring: eventStatisticsQuery,
          response: { 200: eventStatisticsDocument },
        },
      },
      async (request) => {
        const segmentId = request.query['filter[segment]'] ?? null;
        const attributes = await eventStatistics(repo, request.tenant, request.params.id, segmentId);
        if (!attributes) throw new DomainError('NOT_FOUND', `No event with id ${request.params.id}`);
        const id = segmentId ? `${request.params.id}:${segmentId}` : request.params.id;
        return { data: { id, type: 'event-statistics' as const, attributes } };
      },
    );
  };
}
