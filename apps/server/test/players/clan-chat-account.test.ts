import { beforeAll, expect, it } from 'vitest';
import { createPlayerRepository } from '../../src/features/players/player-repository.js';
import { describeEachDatabase } from '../harness.js';
import { clanCall, createHubUser, T, topSegmentId } from './players-helpers.js';

/** Spec 3: a team member's "connected chat account", shown on the team by its name. */
describeEachDatabase('connected chat account on the clan roster', (ctx) => {
  const lineup = [T.leader, T.coLeader, T.coLeader2, T.elder, T.elder2];
  let leaderToken = '';

  beforeAll(async () => {
    const users: Record<string, string> = {};
    for (const tag of lineup) {
      const user = await createHubUser(ctx.app, tag);
      users[tag] = user.userId;
      if (tag === T.leader) leaderToken = user.token;
    }
    // What the Discord OAuth flow stores (its exchange is tested in age-country-oauth.test.ts).
    await createPlayerRepository(ctx.database.db).linkChatAccount({
      userId: users[T.leader]!,
      provider: 'discord',
      externalId: '80351110224678912',
      username: 'marcus_stone',
      linkedAt: ctx.now,
    });
    const segmentId = await topSegmentId(ctx.app);
    const selected = await clanCall(ctx.app, leaderToken, 'POST', '/members', {
      playerTag: T.leader,
      members: lineup,
      segmentId,
    });
    expect(selected.statusCode).toBe(200);
  });

  it("GET /clan names each member's connected account, null for members without one", async () => {
    const response = await clanCall(ctx.app, leaderToken, 'GET', '/clan');
    const members = response.json().data.attributes.roster.members as {
      tag: string;
      chatAccountConnected: boolean;
      chatAccountName: string | null;
    }[];
    const byTag = new Map(members.map((m) => [m.tag, m]));
    expect(byTag.get(T.leader)).toMatchObject({
      chatAccountConnected: true,
      chatAccountName: 'marcus_stone',
    });
    expect(byTag.get(T.coLeader)).toMatchObject({ chatAccountConnected: false, chatAccountName: null });
  });
});
