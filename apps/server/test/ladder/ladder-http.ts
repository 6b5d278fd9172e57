import { API } from '@cwh/contract';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { bearer, jsonApiBody, jsonApiRequest, TEST_NOW } from '../harness.js';
import type { Captain } from './ladder-fixtures.js';

/** The ladder tests' HTTP calls, shared instead of copied into every file. */

/** A captain's authenticated call; a body is sent as a JSON:API document. */
export const call = (
  app: FastifyInstance,
  token: string,
  method: 'GET' | 'POST',
  url: string,
  body?: unknown,
) =>
  app.inject(
    body === undefined
      ? { method, url, headers: bearer(token) }
      : jsonApiRequest({ method, url, headers: bearer(token), payload: body as object }),
  );

/** POST …/queue/{roster}/join with the captain's five players (or the given tags). */
export const join = (app: FastifyInstance, c: Captain, tags = c.playerTags) =>
  call(app, c.token, 'POST', `${API.matches}/queue/${c.rosterId}/join`, jsonApiBody({ playerTags: tags }));

/** The roster's queue entry as GET …/queue/{roster}/status answers it (null when none). */
export const status = async (app: FastifyInstance, c: Captain) =>
  (await call(app, c.token, 'GET', `${API.matches}/queue/${c.rosterId}/status`)).json().data;

/** The captain's most recent match-up. */
export const latestMatchUp = async (app: FastifyInstance, c: Captain) =>
  (await call(app, c.token, 'GET', `${API.matches}/match-ups?filter[user.id]=${c.userId}`)).json().data[0];

/** A test clock the app reads through `deps.now`, moved forward by `advance`. */
export function testClock(start = TEST_NOW) {
  const clock = { now: new Date(start) };
  return {
    clock,
    advance: (ms: number) => {
      clock.now = new Date(clock.now.getTime() + ms);
    },
  };
}

/** A match series' system notices as one of its captains reads them in the room's history, oldest first. */
export async function roomNotices(app: FastifyInstance, token: string, matchSeriesId: string) {
  const response = await call(
    app,
    token,
    'GET',
    `${API.chat}/history?filter[matchSeries.id]=${matchSeriesId}&page[size]=100`,
  );
  expect(response.statusCode, response.body).toBe(200);
  return (response.json().data as { attributes: { kind: string; notice: unknown } }[])
    .filter((m) => m.attributes.kind === 'system')
    .map((m) => m.attributes.notice)
    .reverse();
}
