import { API } from '@cwh/contract';
import { and, eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import {
  competitionRounds,
  matchSeries,
  matchSeriesCompetitors,
  segments,
  users,
} from '../../src/db/schema/index.js';
import { createOrganizerRepository } from '../../src/features/access/organizer-repository.js';
import { bearer, describeEachDatabase, jsonApiBody, jsonApiRequest, loginAsAdmin } from '../harness.js';
import { createCaptains, createUserWithToken, ladderSegment } from '../ladder/ladder-fixtures.js';

const T = API.tournaments;

/** Two organizers clicking at once: one call wins, the other gets a 409, never a 500 or a double write. */
describeEachDatabase('brackets: concurrent organizer calls', (ctx) => {
  let admin = '';
  let organizer = '';
  let rosterIds: string[] = [];
  let mq = '';

  beforeAll(async () => {
    const { parentId, eventId } = await ladderSegment(ctx.database.db);
    const captains = await createCaptains(ctx.database.db, {
      count: 4,
      offset: 7200,
      parentSegmentId: parentId,
      eventId,
      now: ctx.now,
    });
    rosterIds = captains.map((c) => c.rosterId);
    admin = (await loginAsAdmin(ctx.app)).token.value;
    // An organizer of the event (permission, not admin) races the admin: both may run its stages.
    const user = await createUserWithToken(ctx.database.db, 'organizer@test.local', ctx.now);
    await ctx.database.db
      .update(users)
      .set({ permissions: ['organizer'] })
      .where(eq(users.id, user.userId));
    await createOrganizerRepository(ctx.database.db).assign(user.userId, eventId);
    organizer = user.token;
    mq = (await ctx.database.db.select().from(segments).where(eq(segments.slug, 'monthly-qualifier')))[0]!.id;
  });

  it('creates one stage and one next round under concurrent calls', async () => {
    const create = (token: string) =>
      ctx.app.inject(
        jsonApiRequest({
          method: 'POST',
          url: `${T}/segments/${mq}/bracket`,
          payload: jsonApiBody({ rosterIds, rounds: 3 }),
          headers: bearer(token),
        }),
      );
    const created = await Promise.all([create(organizer), create(admin)]);
    expect(created.map((r) => r.statusCode).sort()).toEqual([201, 409]);

    const open = await ctx.database.db.select().from(matchSeries).where(eq(matchSeries.segmentId, mq));
    expect(open).toHaveLength(2);
    for (const series of open) {
      await ctx.database.db
        .update(matchSeries)
        .set({ state: 'finished' })
        .where(eq(matchSeries.id, series.id));
      await ctx.database.db
        .update(matchSeriesCompetitors)
        .set({ placement: 1, score: 9 })
        .where(
          and(eq(matchSeriesCompetitors.matchSeriesId, series.id), eq(matchSeriesCompetitors.position, 0)),
        );
      await ctx.database.db
        .update(matchSeriesCompetitors)
        .set({ placement: 2, score: 3 })
        .where(
          and(eq(matchSeriesCompetitors.matchSeriesId, series.id), eq(matchSeriesCompetitors.position, 1)),
        );
    }
    const next = (token: string) =>
      ctx.app.inject({ method: 'POST', url: `${T}/segments/${mq}/bracket/rounds`, headers: bearer(token) });
    const rounds = await Promise.all([next(organizer), next(admin)]);
    expect(rounds.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    const stored = await ctx.database.db.select().from(competitionRounds);
    expect(stored.map((r) => r.roundNumber).sort()).toEqual([1, 2]);
    expect(
      await ctx.database.db.select().from(matchSeries).where(eq(matchSeries.segmentId, mq)),
    ).toHaveLength(4);
  });
});
