import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type CocApiStub,
  type StubClan,
  type StubData,
  startCocApiStub,
} from '../../apps/server/src/game/official/coc-api-stub.js';
import { formatApiTime } from '../../apps/server/src/game/official/current-war-status.js';
import { type RecordedWar, recordedBody, retagWar } from '../../apps/server/test/coc-api-recorded.js';
import { LadderApi, type LockedTeam, simToken } from '../pages/ladder-api.js';
import { type RunningServer, startServer } from '../support/server-process.js';

/*
 * GAME_MODE=official against the local stub of the Clash of Clans API: two captains lock their
 * teams, queue and accept; the stub plays the friendly war out in the recorded response shapes
 * (preparation, in war, ended); the war.poll job records it and the result lands on the leaderboard.
 */
const CLANS = [
  {
    tag: '#2PP0QJ8Y',
    name: 'Stub Titans',
    players: ['#P2Y9LQ0', '#P2Y9LQ2', '#P2Y9LQ8', '#P2Y9LQ9', '#P2Y9LQU'],
  },
  {
    tag: '#9LQ2CJ',
    name: 'Stub Galaxy',
    players: ['#Q2Y9LQ0', '#Q2Y9LQ2', '#Q2Y9LQ8', '#Q2Y9LQ9', '#Q2Y9LQU'],
  },
];
const JSONAPI = 'application/vnd.api+json';

function stubData(): StubData {
  return {
    clans: CLANS.map((c) => ({
      tag: c.tag,
      name: c.name,
      clanLevel: 12,
      isWarLogPublic: true,
      currentWar: recordedBody('clans/currentwar/NOTINWAR') as StubClan['currentWar'],
    })),
    players: CLANS.flatMap((c) =>
      c.players.map((tag, i) => ({
        tag,
        name: `${c.name} ${i}`,
        townHallLevel: 17,
        clanTag: c.tag,
        role: i === 0 ? ('leader' as const) : ('member' as const),
        apiToken: simToken(tag),
      })),
    ),
  };
}

/** The official stub has no simulator API: the clan's players come from the stub's data. */
class OfficialLadderApi extends LadderApi {
  constructor(
    baseURL: string,
    private readonly data: StubData,
  ) {
    super(baseURL);
  }
  override async clanPlayers(clanTag: string) {
    return this.data.players
      .filter((p) => p.clanTag === clanTag)
      .map((p) => ({ tag: p.tag, name: p.name, townHallLevel: p.townHallLevel, role: p.role ?? null }));
  }
}

let stub: CocApiStub;
let server: RunningServer;

async function call<T>(method: string, path: string, token: string, body?: unknown): Promise<T> {
  const response = await fetch(`${server.baseURL}${path}`, {
    method,
    headers: {
      accept: JSONAPI,
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': JSONAPI }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text}`);
  return JSON.parse(text) as T;
}

async function until<T>(
  what: string,
  probe: () => Promise<T | null | undefined>,
  timeoutMs = 45_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 300));
  }
}

function war(
  state: 'preparation' | 'inWar' | 'warEnded',
  home: (typeof CLANS)[number],
  away: (typeof CLANS)[number],
) {
  const body = retagWar(recordedBody<RecordedWar>('clans/currentwar/WARENDED'), home, away);
  const prepared = Date.now() - 60_000;
  body.state = state;
  body.preparationStartTime = formatApiTime(prepared);
  body.startTime = formatApiTime(prepared + 5 * 60_000);
  body.endTime = formatApiTime(prepared + 50 * 60_000);
  return body as unknown as StubClan['currentWar'];
}

beforeAll(async () => {
  stub = await startCocApiStub({ data: stubData() });
  server = await startServer(
    {
      GAME_MODE: 'official',
      COC_API_KEY: stub.apiKey,
      COC_API_BASE_URL: stub.baseUrl,
      COC_API_REQUESTS_PER_SECOND: '0',
      MATCH_LEAD_TIME_MS: '0',
      WAR_POLL_INTERVAL_SECONDS: '1',
    },
    { readyTimeoutMs: 170_000 },
  );
});

afterAll(async () => {
  await server?.stop();
  await stub?.close();
});

describe('official game', () => {
  it('two captains queue and accept, the war is played in the game, the result lands on the leaderboard', async () => {
    const api = new OfficialLadderApi(server.baseURL, stub.data);
    const stageId = await api.championshipStageId();
    const teams: LockedTeam[] = [];
    for (const clan of CLANS) teams.push(await api.lockTeam(clan.tag, stageId));
    const tokens = await Promise.all(teams.map((t) => api.playerToken(t.captainTag)));

    for (const [i, team] of teams.entries()) {
      await call('POST', `/api/matches/1.0/queue/${team.rosterId}/join`, tokens[i]!, {
        data: { attributes: { playerTags: team.playerTags } },
      });
    }
    type Status = { data: { attributes: { matchUpId: string | null; matchSeriesId: string | null } } | null };
    const matchUpId = await until('a match-up', async () => {
      const status = await call<Status>(
        'GET',
        `/api/matches/1.0/queue/${teams[0]!.rosterId}/status`,
        tokens[0]!,
      );
      return status.data?.attributes.matchUpId;
    });
    for (const token of tokens) await call('POST', `/api/matches/1.0/match-ups/${matchUpId}/accept`, token);
    const seriesId = await until('the match series', async () => {
      const status = await call<Status>(
        'GET',
        `/api/matches/1.0/queue/${teams[0]!.rosterId}/status`,
        tokens[0]!,
      );
      return status.data?.attributes.matchSeriesId;
    });

    type Series = {
      data: {
        attributes: {
          state: string;
          segment: { id: string };
          competitors: {
            roster: { id: string };
            placement: number | null;
            result: { score: number | null };
          }[];
          officialWar: { state: string; attacks: unknown[] } | null;
        };
      };
    };
    const read = () => call<Series>('GET', `/api/matches/1.0/match-series/${seriesId}`, tokens[0]!);
    const first = await read();
    expect(first.data.attributes.officialWar?.state).toBe('notInWar');
    const homeRoster = first.data.attributes.competitors[0]!.roster.id;
    const homeIndex = teams.findIndex((t) => t.rosterId === homeRoster);
    const home = CLANS[homeIndex]!;
    const away = CLANS[1 - homeIndex]!;
    const homeClan = stub.data.clans.find((c) => c.tag === home.tag)!;

    // The stub plays the war out in the recorded shapes; the poller follows it.
    homeClan.currentWar = war('preparation', home, away);
    await until(
      'preparation seen',
      async () => (await read()).data.attributes.officialWar?.state === 'preparation',
    );
    homeClan.currentWar = war('inWar', home, away);
    await until('battle day seen', async () => (await read()).data.attributes.officialWar?.state === 'inWar');
    homeClan.currentWar = war('warEnded', home, away);
    const finished = await until('the recorded result', async () => {
      const series = await read();
      return series.data.attributes.state === 'finished' ? series : null;
    });
    expect(finished.data.attributes.officialWar?.attacks).toHaveLength(10);
    expect(finished.data.attributes.competitors.map((c) => [c.result.score, c.placement])).toEqual([
      [11, 2],
      [13, 1],
    ]);

    type Standings = { data: { attributes: { roster: { id: string }; wins: number; losses: number } }[] };
    const standings = await call<Standings>(
      'GET',
      `/api/tournaments/1.0/segments/${finished.data.attributes.segment.id}/standings`,
      tokens[0]!,
    );
    const row = (rosterId: string) =>
      standings.data.find((s) => s.attributes.roster.id === rosterId)?.attributes;
    expect(row(teams[1 - homeIndex]!.rosterId)).toMatchObject({ wins: 1, losses: 0 });
    expect(row(homeRoster)).toMatchObject({ wins: 0, losses: 1 });
  }, 180_000);
});
