import { API, SIMULATOR_API } from '@cwh/contract';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { jsonApiBody } from '../harness.js';
import type { Captain } from './ladder-fixtures.js';
import { call, join, latestMatchUp, status } from './ladder-http.js';

/**
 * The steps of ladder-http.test.ts' journey (two captains paired, both accept, one match series,
 * played through the simulator), one function a step so that the test reads as their sequence.
 */

/** Both captains join, are paired and accept; the one upcoming series (its id) blocks another join. */
export async function pairAndAccept(app: FastifyInstance, a: Captain, b: Captain, third: Captain) {
  expect((await join(app, a)).statusCode).toBe(200);
  expect((await join(app, b)).statusCode).toBe(200);
  expect(await app.ladder.matchmake()).toBe(1);
  expect((await status(app, a)).attributes.status).toBe('matched');
  const mu = await latestMatchUp(app, a);
  expect(mu).toMatchObject({ type: 'match-ups', attributes: { status: 'awaiting_confirmation' } });
  expect(new Date(mu.attributes.expiresAt).getTime() - new Date(mu.attributes.createdAt).getTime()).toBe(
    15_000,
  );
  expect((await latestMatchUp(app, b)).id).toBe(mu.id);
  // A third captain cannot answer it.
  expect((await call(app, third.token, 'POST', `${API.matches}/match-ups/${mu.id}/accept`)).statusCode).toBe(
    403,
  );

  const first = await call(app, a.token, 'POST', `${API.matches}/match-ups/${mu.id}/accept`);
  expect(first.statusCode).toBe(200);
  expect((await status(app, a)).attributes.status).toBe('accepted');
  const second = await call(app, b.token, 'POST', `${API.matches}/match-ups/${mu.id}/accept`);
  expect(second.json().data.attributes.status).toBe('accepted');
  const seriesId = second.json().data.attributes.matchSeriesId as string;
  expect(seriesId).toBeTruthy();
  // Accepting again is idempotent and creates nothing new.
  expect((await call(app, a.token, 'POST', `${API.matches}/match-ups/${mu.id}/accept`)).statusCode).toBe(200);
  const list = await app.inject({
    url: `${API.matches}/match-series?filter[user]=${a.userId}&filter[state]=upcoming`,
  });
  expect(list.json().data.map((s: { id: string }) => s.id)).toEqual([seriesId]);
  const series = (await app.inject({ url: `${API.matches}/match-series/${seriesId}` })).json().data;
  expect(series.attributes.state).toBe('upcoming');
  expect(series.attributes.competitors.map((c: { roster: { id: string } }) => c.roster.id).sort()).toEqual(
    [a.rosterId, b.rosterId].sort(),
  );
  expect(series.attributes.competitors[0].side).toBe('home');
  // Before the war, a line-up is the roster's members and there are no attacks yet.
  expect(series.attributes.detail.lineups.home.length).toBeGreaterThanOrEqual(5);
  expect(series.attributes.detail.attacks).toEqual([]);

  // Upcoming match blocks another join (→ /error/25).
  const again = await join(app, a);
  expect(again.statusCode).toBe(409);
  expect(again.json().errors[0].code).toBe('UPCOMING_MATCH');
  return seriesId;
}

/** The first captain checks in; the war is created (by either captain, once) and played. */
export async function checkInAndPlayWar(app: FastifyInstance, a: Captain, b: Captain, seriesId: string) {
  // Check-ins.
  const checkin = await call(
    app,
    a.token,
    'POST',
    `${API.matches}/checkins`,
    jsonApiBody({ matchSeriesId: seriesId }),
  );
  expect(checkin.statusCode).toBe(201);
  const checkins = await app.inject({
    url: `${API.matches}/checkins?filter[matchSeries]=${seriesId}`,
  });
  expect(
    checkins.json().data.map((c: { attributes: { user: { id: string } } }) => c.attributes.user.id),
  ).toEqual([a.userId]);

  // War service: create (idempotent), status, play through the simulator, result and standings.
  const war = await call(
    app,
    a.token,
    'POST',
    `${API.war}/create-war`,
    jsonApiBody({ matchSeriesId: seriesId }),
  );
  expect(war.statusCode).toBe(200);
  const link = war.json().data.attributes.link as string;
  expect(link).toMatch(/^\/simulator\/war\//);
  const again2 = await call(
    app,
    b.token,
    'POST',
    `${API.war}/create-war`,
    jsonApiBody({ matchSeriesId: seriesId }),
  );
  expect(again2.json().data.attributes.link).toBe(link);
  const warStatus = await call(
    app,
    a.token,
    'GET',
    `${API.war}/clan/${encodeURIComponent(a.clanTag)}/war-status`,
  );
  expect(warStatus.json().data).toMatchObject({
    type: 'war-statuses',
    attributes: { clanInWar: true, status: 'clanWar' },
  });
  const warId = war.json().data.attributes.warId as string;
  const details = await app.inject({ url: `${SIMULATOR_API}/wars/${warId}` });
  expect(details.json().data.attributes.attackOrder).toHaveLength(10);
  expect(details.json().data.attributes.home.players).toHaveLength(5);
  const played = await app.inject({ method: 'POST', url: `${SIMULATOR_API}/wars/${warId}/play` });
  expect(played.statusCode).toBe(200);
  expect(played.json().data.attributes.result).not.toBeNull();
  return played;
}

/** The finished series: its match page detail (line-ups, attacks, stage) and placements. */
export async function expectFinishedSeries(
  app: FastifyInstance,
  a: Captain,
  b: Captain,
  seriesId: string,
  played: LightMyRequestResponse,
) {
  const finished = (await app.inject({ url: `${API.matches}/match-series/${seriesId}` })).json().data
    .attributes;
  expect(finished.state).toBe('finished');
  expect(finished.matches[0].periods[0].name).toBe('stars');
  // The match page's detail: both line-ups (the war's 5, with town hall), the simulated war's
  // 10 attacks in attack order adding up to the stars, and the stage the series belongs to.
  const { detail } = finished;
  const homeTags = finished.competitors[0].roster.id === a.rosterId ? a.playerTags : b.playerTags;
  expect(detail.lineups.home.map((p: { tag: string }) => p.tag).sort()).toEqual([...homeTags].sort());
  expect(detail.lineups.away).toHaveLength(5);
  for (const player of [...detail.lineups.home, ...detail.lineups.away]) {
    expect(player.name).toEqual(expect.any(String));
    expect(player.townHallLevel).toBe(17);
  }
  expect(detail.attacks.map((x: { order: number }) => x.order)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  const starsOfSide = (side: string) =>
    detail.attacks
      .filter((x: { side: string }) => x.side === side)
      .reduce((n: number, x: { stars: number }) => n + x.stars, 0);
  expect([starsOfSide('home'), starsOfSide('away')]).toEqual([
    finished.competitors[0].result.score,
    finished.competitors[1].result.score,
  ]);
  expect(detail.stage).toMatchObject({ stageCode: 'OL', eliminationType: 'ladder' });
  // Lists leave the detail out.
  const finishedList = await app.inject({
    url: `${API.matches}/match-series?filter[user]=${a.userId}`,
  });
  expect(finishedList.json().data[0].attributes.detail).toBeUndefined();
  expect(finished.competitors.map((c: { placement: number }) => c.placement).sort()).toEqual(
    played.json().data.attributes.result.winner === 'draw' ? [1, 1] : [1, 2],
  );
}

/** The ladder's standings and leaderboards count the played series; the queue status is none. */
export async function expectStandingsAfterSeries(app: FastifyInstance, a: Captain, ladderId: string) {
  const standings = await app.inject({
    url: `${API.tournaments}/segments/${ladderId}/standings`,
  });
  const entries = standings.json().data;
  expect(
    entries.slice(0, 2).map((e: { attributes: { gamesPlayed: number } }) => e.attributes.gamesPlayed),
  ).toEqual([1, 1]);
  expect(entries[0].attributes.placement).toBe(1);
  const mine = await app.inject({
    url: `${API.tournaments}/segments/${ladderId}/standings?filter[roster.id]=${a.rosterId}`,
  });
  expect(mine.json().data).toHaveLength(1);
  const boards = (await app.inject({ url: `${API.tournaments}/leaderboards` })).json().data;
  expect(boards.map((b: { id: string }) => b.id)).toContain(ladderId);
  const entriesOfBoard = await app.inject({
    url: `${API.tournaments}/leaderboards/${ladderId}/entries`,
  });
  expect(entriesOfBoard.json().data.length).toBeGreaterThanOrEqual(2);
  expect((await app.inject({ url: `${API.tournaments}/leaderboards/${ladderId}` })).statusCode).toBe(200);
  // The queue status is none again (no record) once the match is played.
  expect(await status(app, a)).toBeNull();
}
