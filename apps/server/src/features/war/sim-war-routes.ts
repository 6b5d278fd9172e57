import { simWarDocument, simWarForfeitBody, simWarParams } from '@cwh/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DomainError } from '../../errors/domain-error.js';
import {
  AWAY_ATTACK_MINUTES_LEFT,
  HOME_ATTACK_MINUTES_LEFT,
  isGameAdapterError,
  simulateWar,
} from '../../game/index.js';
import type { DbSimGame } from '../../game/simulated/db-sim-game.js';
import type { SimWarRow } from '../../game/simulated/sim-game-repository.js';
import { isoSeconds } from '../../http/jsonapi.js';
import type { LadderService } from '../ladder/ladder-service.js';

type Side = 'home' | 'away';

/**
 * Simulated wars under `/api/simulator/1.0/wars` (GAME_MODE=simulated; no token, like the rest of the
 * simulator console): war details for the game-client page, play it out, or forfeit one side.
 * The result reaches the hub through GameAdapter.onWarResult, like a real game's would.
 */
export function simWarRoutes(sim: DbSimGame, ladder: LadderService): FastifyPluginAsyncZod {
  const repo = sim.repository;

  async function document(war: SimWarRow) {
    const load = async (tags: string[]) =>
      Promise.all(
        tags.map(async (tag) => (await repo.findPlayer(tag)) ?? { tag, name: tag, townHallLevel: 1 }),
      );
    const home = await load(war.lineups.home.playerTags);
    const away = await load(war.lineups.away.playerTags);
    const clanName = async (tag: string) => (await repo.findClan(tag))?.name ?? tag;
    const series = await ladder.repository.findSeries(war.matchSeriesId).catch(() => null);
    const competitors = series ? await ladder.repository.competitorsOf([series.id]) : [];
    const rosterOf = (position: number) => competitors.find((c) => c.position === position)?.rosterId ?? null;
    const lineup = async (side: Side, players: typeof home, position: number) => ({
      clanTag: war.lineups[side].clanTag,
      clanName: await clanName(war.lineups[side].clanTag),
      rosterId: rosterOf(position),
      players: players.map((p, index) => ({
        tag: p.tag,
        name: p.name,
        townHallLevel: p.townHallLevel,
        position: index + 1,
        attackMinutesLeft:
          (side === 'home' ? HOME_ATTACK_MINUTES_LEFT : AWAY_ATTACK_MINUTES_LEFT)[index] ?? 0,
      })),
    });
    const stored = war.result as {
      stars: { home: number; away: number };
      destruction?: { home: number; away: number };
      forfeit?: Side;
    } | null;
    // The war is deterministic: replaying it with the same seed gives the timeline that was played.
    const played =
      stored && !stored.forfeit && home.length === 5 && away.length === 5
        ? simulateWar({ home, away, seed: `${war.matchSeriesId}/${war.id}` })
        : null;
    const order = [
      ...HOME_ATTACK_MINUTES_LEFT.map((minutesLeft, i) => ({ side: 'home' as const, i, minutesLeft })),
      ...AWAY_ATTACK_MINUTES_LEFT.map((minutesLeft, i) => ({ side: 'away' as const, i, minutesLeft })),
    ].sort((a, b) => b.minutesLeft - a.minutesLeft);
    const attackOrder = order.map(({ side, i, minutesLeft }, index) => {
      const attack = played?.timeline[index];
      return {
        order: index + 1,
        side,
        position: i + 1,
        minutesLeft,
        attackerTag: (side === 'home' ? home : away)[i]?.tag ?? '',
        defenderTag: (side === 'home' ? away : home)[i]?.tag ?? '',
        ...(attack ? { stars: attack.stars, destruction: attack.destruction } : {}),
      };
    });
    let result = null;
    if (stored) {
      const destruction = stored.destruction ?? null;
      let winner: Side | 'draw';
      if (stored.forfeit) winner = stored.forfeit === 'home' ? 'away' : 'home';
      else if (stored.stars.home !== stored.stars.away)
        winner = stored.stars.home > stored.stars.away ? 'home' : 'away';
      else if (destruction && destruction.home !== destruction.away)
        winner = destruction.home > destruction.away ? 'home' : 'away';
      else winner = 'draw';
      result = { stars: stored.stars, destruction, winner, forfeit: stored.forfeit ?? null };
    }
    return {
      data: {
        id: war.id,
        type: 'sim-wars' as const,
        attributes: {
          matchSeriesId: war.matchSeriesId,
          status: war.status,
          createdAt: isoSeconds(war.createdAt),
          finishedAt: war.finishedAt ? isoSeconds(war.finishedAt) : null,
          home: await lineup('home', home, 0),
          away: await lineup('away', away, 1),
          attackOrder,
          result,
        },
      },
    };
  }

  async function findWar(warId: string) {
    const war = await repo.findWar(warId);
    if (!war) throw new DomainError('NOT_FOUND', `No simulated war ${warId}`);
    return war;
  }

  async function finish(warId: string, options: { forfeit?: Side }) {
    const war = await findWar(warId);
    if (war.status !== 'running') throw new DomainError('CONFLICT', 'The war is already finished');
    try {
      await sim.finishWar(warId, options);
    } catch (error) {
      if (isGameAdapterError(error)) throw new DomainError('CONFLICT', error.message);
      throw error;
    }
    return document(await findWar(warId));
  }

  return async (app) => {
    app.get(
      '/wars/:warId',
      { schema: { params: simWarParams, response: { 200: simWarDocument } } },
      async (request) => document(await findWar(request.params.warId)),
    );
    app.post(
      '/wars/:warId/play',
      { schema: { params: simWarParams, response: { 200: simWarDocument } } },
      async (request) => finish(request.params.warId, {}),
    );
    app.post(
      '/wars/:warId/forfeit',
      { schema: { params: simWarParams, body: simWarForfeitBody, response: { 200: simWarDocument } } },
      async (request) => finish(request.params.warId, { forfeit: request.body.data.attributes.side }),
    );
  };
}
