import { randomUUID } from 'node:crypto';
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
import { postSystemNotice } from '../../realtime/match-room-notices.js';
import type { LadderService } from '../ladder/ladder-service.js';
import { clanProfileDeepLink } from '../ladder/match-series/official-war-mapper.js';
import { selectPlayers } from './select-players.js';

/** Link the web opens for a simulated war: the hub's small game-client page. */
export const simulatedWarLink = (warId: string) => `/simulator/war/${encodeURIComponent(warId)}`;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A war-creation claim older than this was left by a creator that died (its instance killed between
 * the claim and the stored war): the next call takes it over. Far above a game call's time (the
 * simulated game answers in milliseconds; the official one creates nothing). Real time, not the
 * app's clock: it measures how long a process has been gone.
 */
export const WAR_CLAIM_STALE_MS = 30_000;

/**
 * Creates the war of a match series once (idempotent; concurrent calls wait for the first) and
 * answers its deep link: POST /create-war, and the match check-in (features/checkins).
 */
export function createWarCreator(ladder: LadderService, game: GameAdapter) {
  const repo = ladder.repository;
  return async function createWar(matchSeriesId: string, caller: { id: string; permissions: string[] }) {
    const series = await repo.findSeries(matchSeriesId);
    if (!series) throw new DomainError('NOT_FOUND', `No match series with id ${matchSeriesId}`);
    const competitors = await repo.competitorsOf([series.id]);
    const rosters = new Map(
      (await repo.rostersByIds(competitors.flatMap((c) => (c.rosterId ? [c.rosterId] : [])))).map((r) => [
        r.id,
        r,
      ]),
    );
    const owns = [...rosters.values()].some((r) => r.ownerId === caller.id);
    if (!owns && !caller.permissions.includes('admin')) {
      throw new DomainError('FORBIDDEN', 'Only a captain of this match series may start its war');
    }
    const ready = (row: typeof series) =>
      row.warId && !row.warId.startsWith('pending:') && row.warLink
        ? { warId: row.warId, link: row.warLink }
        : null;
    const existing = ready(series);
    if (existing) return existing;
    if (series.state === 'finished')
      throw new DomainError('WAR_NOT_AVAILABLE', 'The match series is finished');
    if (game.kind === 'official') {
      // The official API cannot create wars: the link opens the opponent's clan profile in the game,
      // where the captain's leader starts the friendly war (the match page explains the settings).
      const own = competitors.find((c) => c.rosterId && rosters.get(c.rosterId)?.ownerId === caller.id);
      const opponent = competitors.find((c) => c !== own && c.rosterId);
      const tag = opponent?.rosterId ? rosters.get(opponent.rosterId)?.clanTag : null;
      if (!tag) throw new DomainError('WAR_NOT_AVAILABLE', 'Both sides need a clan roster');
      return { warId: `official:${series.id}`, link: clanProfileDeepLink(tag) };
    }
    if (!game.capabilities.createWar) {
      throw new DomainError('WAR_NOT_AVAILABLE', 'The game in use cannot create wars from the hub');
    }
    const marker = `pending:${Date.now()}:${randomUUID()}`;
    if (!(await repo.claimWar(series.id, marker, undefined, Date.now() - WAR_CLAIM_STALE_MS))) {
      // Another request (maybe on another instance) is creating it: wait for its link.
      for (let i = 0; i < 50; i++) {
        await sleep(100);
        const row = await repo.findSeries(series.id);
        const done = row && ready(row);
        if (done) return done;
        if (row && !row.warId) return createWar(matchSeriesId, caller);
      }
      throw new DomainError('CONFLICT', 'The war is being created; try again');
    }
    try {
      const side = (position: number) => {
        const competitor = competitors.find((c) => c.position === position);
        const roster = competitor?.rosterId ? rosters.get(competitor.rosterId) : undefined;
        if (!competitor || !roster?.clanTag)
          throw new DomainError('WAR_NOT_AVAILABLE', 'Both sides need a clan roster');
        return { clanTag: roster.clanTag, playerTags: competitor.playerTags };
      };
      const created = await gameCall(() =>
        game.createWar({ matchSeriesId: series.id, home: side(0), away: side(1) }),
      );
      const link = game.kind === 'simulated' ? simulatedWarLink(created.warId) : created.deepLink;
      const told = await ladder.db.transaction(async (tx) => {
        await repo.storeCreatedWar(series.id, { warId: created.warId, warLink: link }, tx);
        return postSystemNotice(ladder.db, { matchSeriesId: series.id, type: 'war_started' }, tx);
      });
      told();
      return { warId: created.warId, link };
    } catch (error) {
      await repo.releaseWarClaim(series.id, marker);
      throw error;
    }
  };
}

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
