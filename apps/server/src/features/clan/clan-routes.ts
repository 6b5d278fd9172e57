import {
  allowedChangesDocument,
  type ClanRosterValue,
  captainBody,
  clanCheckDocument,
  clanDocument,
  clanQuery,
  clanRosterDocument,
  clanUserBody,
  clanUserDocument,
  disbandBody,
  disbandDocument,
  discordLinkTokenDocument,
  membersBody,
  previousRosterDocument,
  rosterIdParams,
} from '@cwh/contract';
import { hasRole } from '@cwh/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import QRCode from 'qrcode';
import { DomainError } from '../../errors/domain-error.js';
import { isoSeconds } from '../../http/jsonapi.js';
import { lookupCountry } from '../country/country.js';
import { requirePlayer } from '../players/player-auth.js';
import type { ClanService } from './clan-service.js';

/** A clan roster as a JSON:API resource: the id beside, everything else in the attributes. */
function clanRosterResource({ id, ...attributes }: ClanRosterValue) {
  return { id, type: 'clan-rosters' as const, attributes };
}

/** Clan service under /api/clan/1.0 (docs/design/players-and-teams.md, docs/api/clan.md). */
export interface ClanRouteOptions {
  /** Countries whose players may not register (BANNED_COUNTRIES): error 29. */
  bannedCountries?: readonly string[];
  countryTraceUrl?: string | undefined;
}

type ClanApp = Parameters<FastifyPluginAsyncZod>[0];

const tags = ['clan'];
const security = [{ bearer: [] }];

export function clanRoutes(service: ClanService, options: ClanRouteOptions = {}): FastifyPluginAsyncZod {
  const banned = new Set(options.bannedCountries ?? []);
  return async (app) => {
    registerPlayerRoutes(app, service, options, banned);
    registerRosterRoutes(app, service);
  };
}

/** POST /user, /register, GET /clan, /clan/previous, POST /members, /captain, /get-discord-token. */
function registerPlayerRoutes(
  app: ClanApp,
  service: ClanService,
  options: ClanRouteOptions,
  banned: Set<string>,
): void {
  const secured = { preHandler: app.authenticatePlayer };
  app.post(
    '/user',
    { ...secured, schema: { tags, security, body: clanUserBody, response: { 200: clanUserDocument } } },
    async (request) => {
      const { user, playerTag } = await service.upsertUser(
        requirePlayer(request),
        request.body.data.attributes,
      );
      return {
        data: {
          id: user.id,
          type: 'users' as const,
          attributes: {
            firstName: user.firstName,
            lastName: user.lastName,
            username: user.username,
            email: user.email,
            dateOfBirth: user.dateOfBirth,
            playerTag,
          },
        },
      };
    },
  );

  app.post(
    '/register',
    // The body (optional rosterId) is ignored: a player registers for their clan's current team.
    { ...secured, schema: { tags, security, response: { 200: clanRosterDocument } } },
    async (request) => {
      const player = requirePlayer(request);
      if (banned.size > 0) {
        const country = await lookupCountry(request, { traceUrl: options.countryTraceUrl });
        if (banned.has(country))
          throw new DomainError('BANNED_COUNTRY', 'Players from your country cannot register', {
            meta: { country },
          });
      }
      return { data: clanRosterResource(await service.register(request.tenant, player)) };
    },
  );

  app.get(
    '/clan',
    { ...secured, schema: { tags, security, querystring: clanQuery, response: { 200: clanDocument } } },
    async (request) => {
      const result = await service.getClan(
        request.tenant,
        requirePlayer(request),
        request.query.includeAll === 'true',
      );
      const { ctx } = result;
      return {
        data: {
          id: ctx.clan.tag,
          type: 'clans' as const,
          attributes: {
            clan: { tag: ctx.clan.tag, name: ctx.clan.name, thLevel: ctx.clan.thLevel },
            playerTag: ctx.player.tag,
            role: ctx.role,
            isLeader: ctx.role === 'leader',
            isCoLeader: ctx.role === 'coLeader',
            isCaptain: result.isCaptain,
            items: result.items,
            roster: result.roster,
          },
        },
      };
    },
  );

  app.get(
    '/clan/previous',
    { ...secured, schema: { tags, security, response: { 200: previousRosterDocument } } },
    async (request) => {
      const previous = await service.getPrevious(request.tenant, requirePlayer(request));
      return { data: previous ? clanRosterResource(previous) : null };
    },
  );

  app.post(
    '/members',
    { ...secured, schema: { tags, security, body: membersBody, response: { 200: clanRosterDocument } } },
    async (request) => ({
      data: clanRosterResource(
        await service.selectMembers(request.tenant, requirePlayer(request), request.body.data.attributes),
      ),
    }),
  );

  app.post(
    '/captain',
    { ...secured, schema: { tags, security, body: captainBody, response: { 200: clanRosterDocument } } },
    async (request) => ({
      data: clanRosterResource(
        await service.changeCaptain(
          request.tenant,
          requirePlayer(request),
          request.body.data.attributes.playerTag,
        ),
      ),
    }),
  );

  app.post(
    '/get-discord-token',
    { ...secured, schema: { tags, security, response: { 200: discordLinkTokenDocument } } },
    async (request) => {
      const player = requirePlayer(request);
      const { code, expires } = await service.discordToken(player);
      return {
        data: {
          id: player.tag,
          type: 'discord-tokens' as const,
          attributes: { code, expires: isoSeconds(expires) },
        },
      };
    },
  );
}

/** The chat group's QR code, the clan and selection checks, confirm, allowed changes, disband. */
function registerRosterRoutes(app: ClanApp, service: ClanService): void {
  const secured = { preHandler: app.authenticatePlayer };
  app.get(
    '/wechatqrcode/by-roster/:id',
    { ...secured, schema: { tags, security, params: rosterIdParams } },
    async (request, reply) => {
      const isAdmin = hasRole(request.user?.permissions ?? [], 'admin');
      const groupUrl = await service.chatGroupOfRoster(
        request.tenant,
        request.player,
        isAdmin,
        request.params.id,
      );
      const png = await QRCode.toBuffer(groupUrl, { type: 'png', width: 256, margin: 2 });
      return reply.header('cache-control', 'private, max-age=300').type('image/png').send(png);
    },
  );

  app.get(
    '/check-clan',
    { ...secured, schema: { tags, security, response: { 200: clanCheckDocument } } },
    async (request) => {
      const { clanTag, warStatus } = await service.checkClan(request.tenant, requirePlayer(request));
      return {
        data: {
          id: clanTag,
          type: 'clan-checks' as const,
          attributes: { ok: true as const, clanTag, warStatus },
        },
      };
    },
  );

  app.get(
    '/check-selected-players',
    { ...secured, schema: { tags, security, response: { 200: clanCheckDocument } } },
    async (request) => {
      const { clanTag } = await service.checkSelectedPlayers(request.tenant, requirePlayer(request));
      return {
        data: { id: clanTag, type: 'clan-checks' as const, attributes: { ok: true as const, clanTag } },
      };
    },
  );

  app.post(
    '/clan/roster/confirm',
    { ...secured, schema: { tags, security, response: { 200: clanRosterDocument } } },
    async (request) => ({
      data: clanRosterResource(await service.confirm(request.tenant, requirePlayer(request))),
    }),
  );

  app.get(
    '/clan/roster/allowed-changes',
    { ...secured, schema: { tags, security, response: { 200: allowedChangesDocument } } },
    async (request) => {
      const player = requirePlayer(request);
      const changes = await service.allowedChanges(request.tenant, player);
      return { data: { id: player.tag, type: 'allowed-changes' as const, attributes: changes } };
    },
  );

  app.post(
    '/disband-clan',
    { ...secured, schema: { tags, security, body: disbandBody, response: { 200: disbandDocument } } },
    async (request) => {
      const roster = await service.disband(
        request.tenant,
        requirePlayer(request),
        request.body.data.attributes.clanTag,
      );
      return {
        data: {
          id: roster.id,
          type: 'rosters' as const,
          attributes: { withdrawnAt: isoSeconds(roster.withdrawnAt!) },
        },
      };
    },
  );
}
