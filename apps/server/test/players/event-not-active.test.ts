import { API } from '@cwh/contract';
import { count, eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { events, rosters, segments } from '../../src/db/schema/index.js';
import { bearer, describeEachDatabase, jsonApiBody, jsonApiRequest } from '../harness.js';
import { clanCall, createHubUser, errorCode, T, topSegmentId } from './players-helpers.js';

/** Spec 8, error 34 "event not active": an archived event takes no team and no roster. */
describeEachDatabase('archived event refuses new teams with EVENT_NOT_ACTIVE', (ctx) => {
  let segmentId = '';
  let leaderToken = '';
  const lineup = [T.leader, T.coLeader, T.coLeader2, T.elder, T.elder2];
  const rosterCount = async () => (await ctx.database.db.select({ n: count() }).from(rosters))[0]!.n;

  beforeAll(async () => {
    segmentId = await topSegmentId(ctx.app);
    for (const tag of lineup) {
      const user = await createHubUser(ctx.app, tag);
      if (tag === T.leader) leaderToken = user.token;
    }
    const [segment] = await ctx.database.db
      .select({ eventId: segments.eventId })
      .from(segments)
      .where(eq(segments.id, segmentId));
    await ctx.database.db.update(events).set({ status: 'archived' }).where(eq(events.id, segment!.eventId));
  });

  it('the clan leader selecting a team (POST /members) gets 400 EVENT_NOT_ACTIVE, nothing written', async () => {
    const before = await rosterCount();
    const response = await clanCall(ctx.app, leaderToken, 'POST', '/members', {
      playerTag: T.leader,
      members: lineup,
      segmentId,
    });
    expect(response.statusCode).toBe(400);
    expect(errorCode(response)).toBe('EVENT_NOT_ACTIVE');
    expect(await rosterCount()).toBe(before);
  });

  it('POST /rosters gets 400 EVENT_NOT_ACTIVE, nothing written', async () => {
    const before = await rosterCount();
    const response = await ctx.app.inject(
      jsonApiRequest({
        method: 'POST',
        url: `${API.tournaments}/rosters`,
        headers: bearer(leaderToken),
        payload: jsonApiBody({ name: 'Too late', segmentId }),
      }),
    );
    expect(response.statusCode).toBe(400);
    expect(errorCode(response)).toBe('EVENT_NOT_ACTIVE');
    expect(await rosterCount()).toBe(before);
  });
});
