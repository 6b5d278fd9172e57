import { API } from '@cwh/contract';
import { and, count, eq, isNull } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { rosters, segments } from '../../src/db/schema/index.js';
import { SIM_PLAYER_TAGS } from '../../src/game/index.js';
import { bearer, describeEachDatabase, jsonApiBody, jsonApiRequest } from '../harness.js';
import { clanCall, createHubUser, errorCode, playerToken, T, topSegmentId } from './players-helpers.js';

/** Spec 3/9: a segment takes at most rostersLimit.limit rosters, whoever creates them. */
describeEachDatabase('segment rosters limit', (ctx) => {
  let segmentId = '';
  const tokens: Record<string, string> = {};
  const lineup = [T.leader, T.coLeader, T.coLeader2, T.elder, T.elder2];

  const liveRosters = async () =>
    (
      await ctx.database.db
        .select({ n: count() })
        .from(rosters)
        .where(and(eq(rosters.segmentId, segmentId), isNull(rosters.withdrawnAt)))
    )[0]!.n;
  const setLimit = (limit: number) =>
    ctx.database.db
      .update(segments)
      .set({ rostersLimit: { limit, standbyLimit: 0 } })
      .where(eq(segments.id, segmentId));
  const createRoster = (token: string, name: string) =>
    ctx.app.inject(
      jsonApiRequest({
        method: 'POST',
        url: `${API.tournaments}/rosters`,
        headers: bearer(token),
        payload: jsonApiBody({ name, segmentId }),
      }),
    );
  const selectTeam = () =>
    clanCall(ctx.app, tokens[T.leader]!, 'POST', '/members', {
      playerTag: T.leader,
      members: lineup,
      segmentId,
    });

  beforeAll(async () => {
    segmentId = await topSegmentId(ctx.app);
    for (const tag of lineup) tokens[tag] = (await createHubUser(ctx.app, tag)).token;
    for (const tag of [SIM_PLAYER_TAGS.raidersLeader, SIM_PLAYER_TAGS.loneWolvesLeader])
      tokens[tag] = (await createHubUser(ctx.app, tag)).token;
  });

  it('POST /rosters takes the last place, then answers SEGMENT_FULL and writes nothing', async () => {
    await setLimit((await liveRosters()) + 1);
    const first = await createRoster(tokens[SIM_PLAYER_TAGS.raidersLeader]!, 'Last place');
    expect(first.statusCode).toBe(201);
    const before = await liveRosters();
    const refused = await createRoster(tokens[SIM_PLAYER_TAGS.loneWolvesLeader]!, 'One too many');
    expect(refused.statusCode).toBe(400);
    expect(errorCode(refused)).toBe('SEGMENT_FULL');
    expect(await liveRosters()).toBe(before);
  });

  it("the clan leader's team (POST /members) is refused in a full segment, and created once there is room", async () => {
    await setLimit(await liveRosters());
    const refused = await selectTeam();
    expect(refused.statusCode).toBe(400);
    expect(errorCode(refused)).toBe('SEGMENT_FULL');
    const clan = (await clanCall(ctx.app, tokens[T.leader]!, 'GET', '/clan')).json().data.attributes;
    expect(clan.roster).toBeNull();
    const before = await liveRosters();
    await setLimit(before + 1);
    const created = await selectTeam();
    expect(created.statusCode).toBe(200);
    expect(await liveRosters()).toBe(before + 1);
  });

  it('a segment at its limit still lets the existing clan team change its lineup (no new roster)', async () => {
    await setLimit(await liveRosters());
    const again = await clanCall(ctx.app, await playerToken(ctx.app, T.leader), 'POST', '/members', {
      playerTag: T.leader,
      members: lineup,
      segmentId,
    });
    expect(again.statusCode).toBe(200);
  });
});
