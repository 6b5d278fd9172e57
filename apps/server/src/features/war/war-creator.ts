import { randomUUID } from 'node:crypto';
import { hasRole } from '@cwh/domain';
import { DomainError } from '../../errors/domain-error.js';
import { gameCall } from '../../game/game-call.js';
import type { GameAdapter } from '../../game/index.js';
import { postSystemNotice } from '../../realtime/match-room-notices.js';
import type { LadderService } from '../ladder/ladder-service.js';
import { clanProfileDeepLink } from '../ladder/match-series/official-war-mapper.js';
import { notifyWarStarted } from '../notices/war-notices.js';
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
    if (!owns && !hasRole(caller.permissions, 'admin')) {
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
    // Real time, not the app's clock (WAR_CLAIM_STALE_MS): the stamp and the staleness bound measure
    // how long a claiming process has been gone; the UUID makes the marker unique.
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
      await ladder.commit(async (tx, _notices, uow) => {
        await repo.storeCreatedWar(series.id, { warId: created.warId, warLink: link }, tx);
        uow.afterCommit(
          await postSystemNotice(
            ladder.matchRoomNotices,
            { matchSeriesId: series.id, type: 'war_started' },
            tx,
          ),
        );
        const teams = [...rosters.values()].map((r) => ({ rosterId: r.id, ownerId: r.ownerId }));
        await notifyWarStarted(ladder.db, uow, series, teams, ladder.now());
      });
      return { warId: created.warId, link };
    } catch (error) {
      await repo.releaseWarClaim(series.id, marker);
      throw error;
    }
  };
}
