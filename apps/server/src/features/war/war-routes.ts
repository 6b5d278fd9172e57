import {
  clanTagParams,
  createWarBody,
  createWarDocument,
  selectedPlayersBody,
  selectedPlayersDocument,
  warStatusDocument,
} from '@cwh/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DomainError } from '../../errors/domain-error.js';
import { gameCall } from '../../game/game-call.js';
import { type GameAdapter, normalizeTag } from '../../game/index.js';
import { isoSeconds } from '../../http/jsonapi.js';
import type { LadderService } from '../ladder/ladder-service.js';
import { selectPlayers } from './select-players.js';
import { createWarCreator } from './war-creator.js';

export { WAR_CLAIM_STALE_MS } from './war-creator.js';

/** War service `/api/war/1.0` (docs/api/ladder.md). */
export function warRoutes(ladder: LadderService, game: GameAdapter): FastifyPluginAsyncZod {
  const repo = ladder.repository;
  const createWar = createWarCreator(ladder, game);

  async function clanRoster(tag: string) {
    const roster = await repo.rosterOfClan(normalizeTag(tag));
    if (!roster) throw new DomainError('NOT_FOUND', `No roster for clan ${tag}`);
    return roster;
  }

  async function selectedDocument(tag: string) {
    const roster = await clanRoster(tag);
    const stored = await repo.findSelectedPlayers(roster.id);
    const tags = stored?.playerTags ?? [];
    const clan = await gameCall(() => game.getClan(roster.clanTag!));
    const byTag = new Map((clan?.members ?? []).map((m) => [m.tag, m]));
    const members = new Map((await repo.liveRosterMembers(roster.id)).map((m) => [m.playerTag, m]));
    return {
      data: {
        id: roster.id,
        type: 'selected-players' as const,
        attributes: {
          clanTag: roster.clanTag!,
          rosterId: roster.id,
          playerTags: tags,
          players: tags.map((t) => ({
            tag: t,
            name: byTag.get(t)?.name ?? members.get(t)?.name ?? t,
            townHallLevel: byTag.get(t)?.townHallLevel ?? members.get(t)?.thLevel ?? 0,
          })),
          updatedAt: stored ? isoSeconds(stored.updatedAt) : null,
        },
      },
    };
  }

  return async (app) => {
    const caller = (request: { user: { id: string; permissions: string[] } | null }) => {
      if (!request.user) throw new DomainError('UNAUTHENTICATED');
      return request.user;
    };
    app.post(
      '/create-war',
      { preHandler: app.authenticate, schema: { body: createWarBody, response: { 200: createWarDocument } } },
      async (request) => {
        const { matchSeriesId } = request.body.data.attributes;
        const war = await createWar(matchSeriesId, caller(request));
        return {
          data: {
            id: war.warId,
            type: 'wars' as const,
            attributes: { warId: war.warId, matchSeriesId, link: war.link },
          },
        };
      },
    );
    app.get(
      '/clan/:tag/war-status',
      {
        preHandler: app.authenticate,
        schema: { params: clanTagParams, response: { 200: warStatusDocument } },
      },
      async (request) => {
        const clanTag = normalizeTag(request.params.tag);
        const status = await gameCall(() => game.getWarStatus(clanTag));
        const clanInWar = status !== 'none';
        return {
          data: {
            id: clanTag,
            type: 'war-statuses' as const,
            attributes: { clanTag, clanInWar, status },
          },
        };
      },
    );
    app.get(
      '/clan/:tag/selected-players',
      {
        preHandler: app.authenticate,
        schema: { params: clanTagParams, response: { 200: selectedPlayersDocument } },
      },
      async (request) => selectedDocument(request.params.tag),
    );
    /**
     * The captain sets the 5 players of the clan's next match: they must be on the roster (WRONG_MEMBER),
     * in the clan (MEMBERS_MISSING) and on the clan's town hall level (TH_LEVELS_MISMATCH). The line-up of
     * an upcoming series whose war is not created yet follows.
     */
    app.post(
      '/clan/:tag/selected-players',
      {
        preHandler: app.authenticate,
        schema: {
          params: clanTagParams,
          body: selectedPlayersBody,
          response: { 200: selectedPlayersDocument },
        },
      },
      async (request) => {
        const roster = await clanRoster(request.params.tag);
        await selectPlayers(
          { ladder, game, now: app.now },
          { roster, user: caller(request), playerTags: request.body.data.attributes.playerTags },
        );
        return selectedDocument(request.params.tag);
      },
    );
  };
}
