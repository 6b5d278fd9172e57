import {
  simClanDocument,
  simClanListDocument,
  simClanPatchBody,
  simPlayerDocument,
  simPlayerListDocument,
  simPlayerListQuery,
  simPlayerPatchBody,
  simTagParams,
} from '@cwh/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DomainError } from '../../errors/domain-error.js';
import { clanThLevel, normalizeTag } from '../../game/index.js';
import type { DbSimGame } from '../../game/simulated/db-sim-game.js';
import type { SimClanRow, SimPlayerRow } from '../../game/simulated/sim-game-repository.js';

function playerResource(player: SimPlayerRow, clans: Map<string, SimClanRow>) {
  const clan = player.clanTag ? clans.get(player.clanTag) : undefined;
  return {
    id: player.tag,
    type: 'sim-players' as const,
    attributes: {
      tag: player.tag,
      name: player.name,
      townHallLevel: player.townHallLevel,
      clanTag: clan?.tag ?? null,
      clanName: clan?.name ?? null,
      role: clan ? (player.role ?? 'member') : null,
      apiToken: player.apiToken,
      banned: player.banned,
    },
  };
}

/**
 * Simulator API under /api/simulator/1.0, registered only with GAME_MODE=simulated. It is a
 * testing console: it needs no token, so never run the simulated game in production.
 */
export function simulatorRoutes(sim: DbSimGame): FastifyPluginAsyncZod {
  const repo = sim.repository;
  const clanMap = async () => new Map((await repo.listClans()).map((c) => [c.tag, c]));

  async function clanResource(clan: SimClanRow) {
    const members = await repo.clanMembers(clan.tag);
    return {
      id: clan.tag,
      type: 'sim-clans' as const,
      attributes: {
        tag: clan.tag,
        name: clan.name,
        clanLevel: clan.clanLevel,
        isWarLogPublic: clan.isWarLogPublic,
        warStatus: clan.warStatus,
        thLevel: clanThLevel(members),
        memberCount: members.length,
      },
    };
  }

  return async (app) => {
    const tags = ['simulator'];
    app.get(
      '/players',
      { schema: { tags, querystring: simPlayerListQuery, response: { 200: simPlayerListDocument } } },
      async (request) => {
        const clanTag = request.query['filter[clan]'];
        const players = await repo.listPlayers(clanTag ? normalizeTag(clanTag) : undefined);
        const clans = await clanMap();
        return { data: players.map((p) => playerResource(p, clans)) };
      },
    );

    app.get(
      '/players/:tag',
      { schema: { tags, params: simTagParams, response: { 200: simPlayerDocument } } },
      async (request) => {
        const player = await repo.findPlayer(normalizeTag(request.params.tag));
        if (!player) throw new DomainError('NOT_FOUND', `No simulated player ${request.params.tag}`);
        return { data: playerResource(player, await clanMap()) };
      },
    );

    app.patch(
      '/players/:tag',
      {
        schema: {
          tags,
          params: simTagParams,
          body: simPlayerPatchBody,
          response: { 200: simPlayerDocument },
        },
      },
      async (request) => {
        const tag = normalizeTag(request.params.tag);
        const patch = request.body.data.attributes;
        const clanTag =
          patch.clanTag === undefined || patch.clanTag === null ? patch.clanTag : normalizeTag(patch.clanTag);
        const player = await sim.updatePlayer(tag, { ...patch, clanTag });
        return { data: playerResource(player!, await clanMap()) };
      },
    );

    app.get('/clans', { schema: { tags, response: { 200: simClanListDocument } } }, async () => ({
      data: await Promise.all((await repo.listClans()).map(clanResource)),
    }));

    app.patch(
      '/clans/:tag',
      { schema: { tags, params: simTagParams, body: simClanPatchBody, response: { 200: simClanDocument } } },
      async (request) => {
        const tag = normalizeTag(request.params.tag);
        const clan = await repo.updateClan(tag, request.body.data.attributes);
        if (!clan) throw new DomainError('NOT_FOUND', `No simulated clan ${tag}`);
        return { data: await clanResource(clan) };
      },
    );
  };
}
