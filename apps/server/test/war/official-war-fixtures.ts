import { API } from '@cwh/contract';
import type { FastifyInstance } from 'fastify';
import { expect, vi } from 'vitest';
import type { StubClan, StubData } from '../../src/game/official/coc-api-stub.js';
import { formatApiTime } from '../../src/game/official/current-war-status.js';
import { type RecordedWar, recordedBody, retagWar } from '../coc-api-recorded.js';
import { bearer, jsonApiBody, jsonApiRequest } from '../harness.js';
import type { Captain } from '../ladder/ladder-fixtures.js';

/** The stub knows the captains' clans and players as the official API would (5 TH17 + 1 TH16 each). */
export function stubDataFor(captains: Captain[]): StubData {
  return {
    clans: captains.map((c) => ({
      tag: c.clanTag,
      name: `Sim Clan ${c.index}`,
      clanLevel: 10,
      isWarLogPublic: true,
      currentWar: recordedBody('clans/currentwar/NOTINWAR') as StubClan['currentWar'],
    })),
    players: captains.flatMap((c) =>
      [...c.playerTags, null].map((tag, j) => ({
        tag: tag ?? `#TH16${c.index}`,
        name: `P${c.index}-${j}`,
        townHallLevel: j === 5 ? 16 : 17,
        clanTag: c.clanTag,
        role: j === 0 ? ('leader' as const) : ('member' as const),
        apiToken: `tok${c.index}-${j}`,
      })),
    ),
  };
}

/**
 * The recorded 5 v 5 friendly war (WARENDED: 11 stars 87.6 % against 13 stars 96 %), between the two
 * captains' clans, in the given state, prepared one minute after `preparedFrom`.
 */
export function matchWar(
  state: 'preparation' | 'inWar' | 'warEnded',
  home: Captain,
  away: Captain,
  preparedFrom: Date,
): StubClan['currentWar'] {
  const war: RecordedWar = retagWar(
    recordedBody<RecordedWar>('clans/currentwar/WARENDED'),
    { tag: home.clanTag, name: `Sim Clan ${home.index}` },
    { tag: away.clanTag, name: `Sim Clan ${away.index}` },
  );
  const prepared = preparedFrom.getTime() + 60_000;
  war.state = state;
  war.preparationStartTime = formatApiTime(prepared);
  war.startTime = formatApiTime(prepared + 5 * 60_000);
  war.endTime = formatApiTime(prepared + 50 * 60_000);
  return war as unknown as StubClan['currentWar'];
}

const call = (app: FastifyInstance, token: string, method: 'GET' | 'POST', url: string, body?: unknown) =>
  app.inject(
    body === undefined
      ? { method, url, headers: bearer(token) }
      : jsonApiRequest({ method, url, headers: bearer(token), payload: body as object }),
  );

/** Both captains queue, are paired and accept: the match series (official game: no war created). */
export async function acceptedSeries(app: FastifyInstance, a: Captain, b: Captain): Promise<string> {
  for (const c of [a, b]) {
    const joined = await call(
      app,
      c.token,
      'POST',
      `${API.matches}/queue/${c.rosterId}/join`,
      jsonApiBody({ playerTags: c.playerTags }),
    );
    expect(joined.statusCode, joined.body).toBe(200);
  }
  await app.ladder.matchmake();
  const matchUp = await vi.waitFor(async () => {
    const list = await call(app, a.token, 'GET', `${API.matches}/match-ups?filter[user.id]=${a.userId}`);
    const latest = list.json().data[0];
    expect(latest?.attributes?.status).toBe('awaiting_confirmation');
    return latest as { id: string };
  });
  const first = await call(app, a.token, 'POST', `${API.matches}/match-ups/${matchUp.id}/accept`);
  expect(first.statusCode, first.body).toBe(200);
  const done = await call(app, b.token, 'POST', `${API.matches}/match-ups/${matchUp.id}/accept`);
  expect(done.statusCode, done.body).toBe(200);
  const seriesId = done.json().data.attributes.matchSeriesId as string;
  expect(seriesId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
  return seriesId;
}

/** Home and away captains of the series, in that order. */
export async function sidesOf(app: FastifyInstance, seriesId: string, captains: Captain[]) {
  const competitors = (await app.inject({ url: `${API.matches}/match-series/${seriesId}` })).json().data
    .attributes.competitors as { roster: { id: string } }[];
  const byRoster = (id: string) => captains.find((c) => c.rosterId === id)!;
  return { home: byRoster(competitors[0]!.roster.id), away: byRoster(competitors[1]!.roster.id) };
}
