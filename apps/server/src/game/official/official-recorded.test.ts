import { afterEach, describe, expect, it } from 'vitest';
import {
  fromOpponentSide,
  type RecordedWar,
  recorded,
  recordedBody,
} from '../../../test/coc-api-recorded.js';
import { GameAdapterError } from '../game-adapter-error.js';
import { CocApiClient } from './coc-api-client.js';
import { type CocApiStub, type StubClan, type StubData, startCocApiStub } from './coc-api-stub.js';
import { currentWarStatus } from './current-war-status.js';
import { officialCurrentWarSchema, officialWarLogSchema } from './official-schemas.js';
import { checkWarIsMatch, confirmAgainstWarLog, warReport } from './official-war.js';

/**
 * The official adapter against every recorded answer of the real API (test/fixtures/coc-api),
 * served by the local stub.
 */
const CLAN = '#2GPVRU0C0';
const LEAGUE_CLAN = '#29Y8PRCJR';
const LATEST_ROUND_WAR = '#82GJVR0C8';

let stub: CocApiStub | undefined;
afterEach(async () => {
  await stub?.close();
  stub = undefined;
});

async function serve(clan: Partial<StubClan> & { tag: string }, leagueWars?: StubData['leagueWars']) {
  stub = await startCocApiStub({
    data: {
      players: [],
      clans: [
        {
          name: 'Recorded',
          clanLevel: 10,
          isWarLogPublic: true,
          currentWar: recordedBody('clans/currentwar/NOTINWAR') as StubClan['currentWar'],
          ...clan,
        },
      ],
      ...(leagueWars ? { leagueWars } : {}),
    },
  });
  return new CocApiClient({ apiKey: stub.apiKey, baseUrl: stub.baseUrl, maxRetries: 0 });
}

const war = (name: Parameters<typeof recordedBody>[0]) => recordedBody<RecordedWar>(name);
const asStubWar = (body: unknown) => body as StubClan['currentWar'];

async function caught(promise: Promise<unknown>): Promise<GameAdapterError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(GameAdapterError);
  return error as GameAdapterError;
}

describe('war status from the recorded /currentwar answers', () => {
  it.each([
    ['PREPARATION: a regular war, 23 h preparation, 50 v 50', 'clans/currentwar/PREPARATION', 'clanWar'],
    ['INWAR: a 5 min preparation is a friendly war', 'clans/currentwar/INWAR', 'friendlyWar'],
    ['WARENDED: the clan may start a new war', 'clans/currentwar/WARENDED', 'none'],
  ] as const)('%s', async (_name, fixture, expected) => {
    const client = await serve({ tag: CLAN, currentWar: asStubWar(war(fixture)) });
    await expect(client.getWarStatus(CLAN)).resolves.toBe(expected);
    // A clan in a war is not looked up in the war league.
    expect(stub!.requests.map((r) => r.rawPath)).toEqual(['/v1/clans/%232GPVRU0C0/currentwar']);
  });

  it('ACCESSDENIED: a private war log is war_log_private', async () => {
    const client = await serve({ tag: CLAN, isWarLogPublic: false });
    const answer = recorded('clans/currentwar/ACCESSDENIED');
    expect(answer.response_code).toBe(403);
    const error = await caught(client.getWarStatus(CLAN));
    expect(error.kind).toBe('war_log_private');
    expect(error.reason).toBe(answer.body.reason);
  });
});

describe('war league fallback', () => {
  const group = () => recordedBody('clans/leaguegroup/INWAR_WARSMISSING');

  it('NOTINWAR and no league group (NOTFOUND): no war', async () => {
    expect(recorded('clans/leaguegroup/NOTFOUND').response_code).toBe(404);
    const client = await serve({ tag: CLAN });
    await expect(client.getWarStatus(CLAN)).resolves.toBe('none');
    expect(stub!.requests.map((r) => r.rawPath)).toEqual([
      '/v1/clans/%232GPVRU0C0/currentwar',
      '/v1/clans/%232GPVRU0C0/currentwar/leaguegroup',
    ]);
  });

  it.each([
    ['battle day (INWAR)', 'clans/clanwarleagues/INWAR', 'clanWar'],
    [
      'preparation day (PREPARATION), ~24.4 h, is not a friendly war',
      'clans/clanwarleagues/PREPARATION',
      'clanWar',
    ],
    ['the round ended (ENDED)', 'clans/clanwarleagues/ENDED', 'none'],
  ] as const)('NOTINWAR, league group, the latest round: %s', async (_name, fixture, expected) => {
    const client = await serve(
      { tag: LEAGUE_CLAN, leagueGroup: group() },
      { [LATEST_ROUND_WAR]: war(fixture) },
    );
    await expect(client.getWarStatus(LEAGUE_CLAN)).resolves.toBe(expected);
    const paths = stub!.requests.map((r) => r.rawPath);
    // Rounds not drawn yet (#0) are skipped; the latest drawn round is read first.
    expect(paths.slice(0, 3)).toEqual([
      '/v1/clans/%2329Y8PRCJR/currentwar',
      '/v1/clans/%2329Y8PRCJR/currentwar/leaguegroup',
      '/v1/clanwarleagues/wars/%2382GJVR0C8',
    ]);
    expect(paths).not.toContain('/v1/clanwarleagues/wars/%230');
  });

  it('skips league wars of other clans and wars the API does not know', async () => {
    const other = war('clans/clanwarleagues/INWAR');
    other.clan.tag = '#GYR89PJ9';
    other.opponent.tag = '#2QCJGPVVP';
    const client = await serve(
      { tag: LEAGUE_CLAN, leagueGroup: group() },
      { '#82GJVR82L': other, '#82GG9LRPG': war('clans/clanwarleagues/INWAR') },
    );
    await expect(client.getWarStatus(LEAGUE_CLAN)).resolves.toBe('clanWar');
    expect(stub!.countRequests('/v1/clanwarleagues/wars/%2382GG9LRPG')).toBe(1);
  });
});

describe('classification order', () => {
  const leagueWar = () => officialCurrentWarSchema.parse(war('clans/clanwarleagues/INWAR'));

  it('a war tag makes a league war whatever the preparation', () => {
    const friendlyLooking = { ...leagueWar(), startTime: '20230509T090731.000Z' };
    expect(currentWarStatus(friendlyLooking)).toBe('friendlyWar');
    expect(currentWarStatus(friendlyLooking, { warTag: LATEST_ROUND_WAR })).toBe('clanWar');
  });

  it('without a war tag, a ~24.4 h preparation is still not a friendly war', () => {
    expect(currentWarStatus(leagueWar())).toBe('clanWar');
  });
});

describe('the recorded result', () => {
  const ended = () => officialCurrentWarSchema.parse(war('clans/currentwar/WARENDED'));

  it('a loss: fewer stars (11 to 13)', () => {
    const report = warReport(ended());
    expect(report).toMatchObject({
      state: 'warEnded',
      stars: { home: 11, away: 13 },
      destruction: { home: 87.6, away: 96 },
      winner: 'away',
      endTime: Date.parse('2023-05-28T16:38:14Z'),
    });
    expect(report.attacks).toHaveLength(10);
    expect(report.attacks.map((a) => a.order)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(report.attacks.find((a) => a.order === 10)).toEqual({
      side: 'home',
      attackerTag: '#Y09PQVCC',
      defenderTag: '#9R08QRUU2',
      stars: 1,
      destruction: 67,
      order: 10,
      durationSeconds: 111,
    });
  });

  it('a win: the same war read from the other clan', () => {
    const report = warReport(
      officialCurrentWarSchema.parse(fromOpponentSide(war('clans/currentwar/WARENDED'))),
    );
    expect(report.winner).toBe('home');
    expect(report.stars).toEqual({ home: 13, away: 11 });
    expect(report.attacks.filter((a) => a.side === 'home')).toHaveLength(5);
  });

  it('equal stars: destruction decides', () => {
    const body = war('clans/currentwar/WARENDED');
    body.clan.stars = 13;
    expect(warReport(officialCurrentWarSchema.parse(body)).winner).toBe('away');
    body.clan.destructionPercentage = 96.4;
    expect(warReport(officialCurrentWarSchema.parse(body)).winner).toBe('home');
  });

  it('equal stars and destruction: a draw', () => {
    const body = war('clans/currentwar/WARENDED');
    body.clan.stars = 13;
    body.clan.destructionPercentage = 96;
    expect(warReport(officialCurrentWarSchema.parse(body)).winner).toBe('draw');
  });
});

describe('is this war the match', () => {
  it.each([
    [
      'INWAR against the away clan, 5 v 5, one attack',
      'clans/currentwar/INWAR',
      '#2QCVRQCQR',
      { matches: true },
    ],
    [
      'INWAR against another clan',
      'clans/currentwar/INWAR',
      '#9LQ2CJ',
      { matches: false, reason: 'wrong_opponent' },
    ],
    [
      'PREPARATION of a 50 v 50 war',
      'clans/currentwar/PREPARATION',
      '#29GQ9PRUV',
      { matches: false, reason: 'wrong_team_size' },
    ],
    ['NOTINWAR', 'clans/currentwar/NOTINWAR', '#2QCVRQCQR', { matches: false, reason: 'no_war' }],
  ] as const)('%s', (_name, fixture, away, expected) => {
    expect(checkWarIsMatch(officialCurrentWarSchema.parse(war(fixture)), away)).toEqual(expected);
  });

  it('two attacks per member is not the match', () => {
    const body = war('clans/currentwar/INWAR');
    body.attacksPerMember = 2;
    expect(checkWarIsMatch(officialCurrentWarSchema.parse(body), '#2QCVRQCQR')).toEqual({
      matches: false,
      reason: 'wrong_attacks_per_member',
    });
  });
});

describe('war log', () => {
  it('WARLOG: read and parsed (ties, league entries without an opponent tag included)', async () => {
    const client = await serve({ tag: LEAGUE_CLAN, warLog: recordedBody('clans/warlog/WARLOG') });
    const log = await client.getWarLog(LEAGUE_CLAN);
    expect(log.items).toHaveLength(140);
    expect(new Set(log.items.map((i) => i.result ?? null))).toEqual(new Set(['win', 'lose', 'tie', null]));
  });

  it('ACCESSDENIED: war_log_private', async () => {
    expect(recorded('clans/warlog/ACCESSDENIED').response_code).toBe(403);
    const client = await serve({ tag: LEAGUE_CLAN, isWarLogPublic: false });
    expect((await caught(client.getWarLog(LEAGUE_CLAN))).kind).toBe('war_log_private');
  });

  it('confirms a result listed with the same stars and destruction, and notices a difference', () => {
    const report = warReport(officialCurrentWarSchema.parse(war('clans/currentwar/WARENDED')));
    const body = recordedBody<{ items: Array<Record<string, unknown>> }>('clans/warlog/WARLOG');
    const entry = structuredClone(body.items[0]!) as {
      endTime: string;
      clan: { stars: number; destructionPercentage: number };
      opponent: { tag: string };
    };
    entry.endTime = '20230528T163814.000Z';
    entry.opponent.tag = '#2QCVRQCQR';
    entry.clan.stars = 11;
    entry.clan.destructionPercentage = 87.6;
    const log = (items: unknown[]) => officialWarLogSchema.parse({ ...body, items });
    expect(confirmAgainstWarLog(log([entry, ...body.items]), report, '#2QCVRQCQR')).toBe('confirmed');
    expect(confirmAgainstWarLog(log(body.items), report, '#2QCVRQCQR')).toBe('not_listed');
    entry.clan.stars = 12;
    expect(confirmAgainstWarLog(log([entry]), report, '#2QCVRQCQR')).toBe('differs');
  });
});

describe('players, clans and tokens from the recorded answers', () => {
  it('FOUND, CLAN, MEMBERS and VALID/INVALID/NOTFOUND parse with the adapter schemas', async () => {
    const player = recorded('players/player/FOUND').body;
    const clan = recorded('clans/clans/CLAN').body;
    const fetchRecorded: typeof fetch = async (input, init) => {
      const url = String(input);
      let pick: ReturnType<typeof recorded>;
      if (url.includes('/verifytoken')) {
        const token = String((JSON.parse(String(init?.body)) as { token: string }).token);
        pick = recorded(
          token === 'TOKEN'
            ? 'players/verifytoken/VALID'
            : token === 'WRONG'
              ? 'players/verifytoken/INVALID'
              : 'players/verifytoken/NOTFOUND',
        );
      } else if (url.includes('/players/')) {
        const known = url.includes(encodeURIComponent(String(player.tag)));
        pick = recorded(known ? 'players/player/FOUND' : 'players/player/NOTFOUND');
      } else {
        pick = recorded('clans/clans/CLAN');
      }
      return new Response(JSON.stringify(pick.body), { status: pick.response_code, headers: pick.headers });
    };
    const client = new CocApiClient({ apiKey: 'k', fetch: fetchRecorded, maxRetries: 0 });
    await expect(client.getPlayer(String(player.tag))).resolves.toMatchObject({
      tag: player.tag,
      name: player.name,
      clan: { tag: (player.clan as { tag: string }).tag },
    });
    await expect(client.getPlayer('#2222222')).resolves.toBeNull();
    const mapped = await client.getClan(String(clan.tag));
    expect(mapped?.members).toHaveLength((clan.memberList as unknown[]).length);
    expect(recorded('clans/members/MEMBERS').body.items).toBeInstanceOf(Array);
    await expect(client.verifyPlayerToken('#2PP', 'TOKEN')).resolves.toEqual({ status: 'ok' });
    await expect(client.verifyPlayerToken('#2PP', 'WRONG')).resolves.toEqual({ status: 'invalid' });
    expect((await caught(client.verifyPlayerToken('#2PP', 'OTHER'))).kind).toBe('not_found');
  });
});
