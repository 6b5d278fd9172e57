import { API } from '@cwh/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Callers, call, createCallers, ROLES } from '../admin/admin-fixtures.js';
import { insertLadderSeries } from '../brackets/stage-fixtures.js';
import { playerToken } from '../checkins/checkins-fixtures.js';
import { describeEachDatabase } from '../harness.js';
import { type Captain, createCaptains, ladderSegment } from '../ladder/ladder-fixtures.js';
import {
  keptTotals,
  recomputedEventTotals,
  recomputedTotals,
  setAttacks,
  setLineups,
} from './statistics-fixtures.js';

const T = API.tournaments;

/**
 * Statistics kept with the results (issue #38): a recorded result, a correction and a forfeit each
 * change the kept figures exactly as a full recomputation from the recorded results would; the
 * profile, team and event reads answer from them; a player may hide the profile (role × action).
 */
describeEachDatabase('statistics kept with results', (ctx) => {
  let callers: Callers;
  let captains: Captain[] = [];
  let segmentId = '';
  let eventId = '';
  const db = () => ctx.database.db;

  beforeAll(async () => {
    const ladder = await ladderSegment(db());
    ({ ladderId: segmentId, eventId } = ladder);
    captains = await createCaptains(db(), {
      count: 3,
      offset: 9900,
      parentSegmentId: ladder.parentId,
      eventId,
      now: ctx.now,
    });
    callers = await createCallers(ctx);
  });

  const newSeries = async (home: Captain, away: Captain) => {
    const id = await insertLadderSeries(db(), {
      eventId,
      segmentId,
      home: home.rosterId,
      away: away.rosterId,
      now: ctx.now,
    });
    await setLineups(db(), id, home.playerTags, away.playerTags);
    return id;
  };
  const expectKeptEqualsRecomputed = async () => {
    expect(await keptTotals(db(), segmentId)).toEqual(await recomputedTotals(db(), segmentId));
    // The event's totals rows (its leaders' read) are the sum of all its stages'.
    expect(await keptTotals(db(), eventId)).toEqual(await recomputedEventTotals(db(), eventId));
  };
  const correct = (id: string, attributes: Record<string, unknown>) =>
    call(ctx.app, callers.tokens.admin, 'PATCH', `${T}/match-series/${id}/relationships/matches/results`, {
      reason: 'typo',
      ...attributes,
    });
  const teamOf = async (rosterId: string) =>
    (await call(ctx.app, null, 'GET', `${T}/rosters/${rosterId}/statistics`)).json().data.attributes;

  it('a recorded, a corrected and a forfeited result each change the figures as a full recomputation would', async () => {
    const [a, b, c] = captains as [Captain, Captain, Captain];
    const first = await newSeries(a, b);
    await setAttacks(db(), first, [
      { side: 'home', attackerTag: a.playerTags[0]!, stars: 3, destruction: 100 },
      { side: 'home', attackerTag: a.playerTags[1]!, stars: 2, destruction: 87.5 },
      { side: 'away', attackerTag: b.playerTags[0]!, stars: 1, destruction: 45.25 },
    ]);
    await ctx.app.ladder.finishSeries({
      matchSeriesId: first,
      stars: { home: 5, away: 1 },
      destruction: { home: 93.75, away: 45.25 },
    });
    await expectKeptEqualsRecomputed();
    expect((await teamOf(a.rosterId)).record).toMatchObject({ wars: 1, wins: 1, points: 3, starsFor: 5 });

    const corrected = await correct(first, {
      homeStars: 1,
      awayStars: 4,
      homeDestruction: 40,
      awayDestruction: 60,
    });
    expect(corrected.statusCode, corrected.body).toBe(200);
    await expectKeptEqualsRecomputed();
    expect((await teamOf(a.rosterId)).record).toMatchObject({ wars: 1, wins: 0, losses: 1, points: 0 });

    const second = await newSeries(c, a);
    await ctx.app.ladder.finishSeries({
      matchSeriesId: second,
      stars: { home: 0, away: 0 },
      forfeit: 'home',
    });
    await expectKeptEqualsRecomputed();
    const forfeiter = await teamOf(c.rosterId);
    expect(forfeiter.record).toMatchObject({ wars: 1, losses: 1, forfeits: 1, points: 0 });

    // A result delivered twice is counted once.
    await ctx.app.ladder.finishSeries({
      matchSeriesId: second,
      stars: { home: 0, away: 0 },
      forfeit: 'home',
    });
    await expectKeptEqualsRecomputed();
    expect((await teamOf(a.rosterId)).record).toMatchObject({ wars: 2, wins: 1, losses: 1, points: 3 });
  });

  it('answers the profile, team page and event statistics from the kept figures', async () => {
    const [a, b] = captains as [Captain, Captain];
    const tag = a.playerTags[0]!;
    const profile = await call(ctx.app, null, 'GET', `${T}/player-profiles/${encodeURIComponent(tag)}`);
    expect(profile.statusCode, profile.body).toBe(200);
    const attributes = profile.json().data.attributes;
    expect(attributes.overall).toMatchObject({
      wars: 1,
      attacks: 1,
      stars: 3,
      threeStars: 1,
      threeStarRate: 1,
    });
    expect(attributes.currentTeam).toMatchObject({ rosterId: a.rosterId });
    expect(attributes.recentWars[0].home.rosterId).toBe(a.rosterId);

    const team = await teamOf(a.rosterId);
    // Both wars finished at the test's fixed clock: their order is the series id's, so no order here.
    const history = team.pointsHistory as { points: number; total: number }[];
    expect(history.map((p) => p.points).sort()).toEqual([0, 3]);
    expect(history.at(-1)!.total).toBe(3);
    expect(
      team.headToHead.find((h: { opponent: { rosterId: string } }) => h.opponent.rosterId === b.rosterId),
    ).toMatchObject({ wars: 1, losses: 1 });
    expect(team.lineups[0].players.map((p: { tag: string }) => p.tag)).toEqual(a.playerTags);

    const event = await call(
      ctx.app,
      null,
      'GET',
      `${T}/events/${eventId}/statistics?filter[segment]=${segmentId}`,
    );
    expect(event.statusCode, event.body).toBe(200);
    const stats = event.json().data.attributes;
    expect(stats.topAttackers.stars[0].tag).toBe(tag);
    // The forfeit is no war to compare: the one played war is the closest.
    expect(stats.closestWars.map((w: { home: { rosterId: string } }) => w.home.rosterId)).toEqual([
      a.rosterId,
    ]);
  });

  it("the organizer's reset, delete and restore of a series change the figures as a recomputation would", async () => {
    const [a, , c] = captains as [Captain, Captain, Captain];
    const id = await newSeries(a, c);
    await ctx.app.ladder.finishSeries({ matchSeriesId: id, stars: { home: 7, away: 7 } });
    await expectKeptEqualsRecomputed();
    const before = (await teamOf(c.rosterId)).record;
    const admin = callers.tokens.admin;
    const removed = await call(ctx.app, admin, 'DELETE', `${T}/match-series/${id}`);
    expect(removed.statusCode, removed.body).toBeLessThan(300);
    await expectKeptEqualsRecomputed();
    expect((await teamOf(c.rosterId)).record.draws).toBe(before.draws - 1);
    const restored = await call(ctx.app, admin, 'POST', `${T}/match-series/deleted/${id}/restore`);
    expect(restored.statusCode, restored.body).toBeLessThan(300);
    await expectKeptEqualsRecomputed();
    expect((await teamOf(c.rosterId)).record).toEqual(before);
    const reset = await call(ctx.app, admin, 'POST', `${T}/match-series/${id}/reset`);
    expect(reset.statusCode, reset.body).toBeLessThan(300);
    await expectKeptEqualsRecomputed();
    expect((await teamOf(c.rosterId)).record.wars).toBe(before.wars - 1);
  });

  it('answers 404 for an unknown player, roster or event, and 400 for a malformed tag', async () => {
    const unknown = await call(ctx.app, null, 'GET', `${T}/player-profiles/%23PPPPPPPP`);
    expect(unknown.statusCode).toBe(404);
    const malformed = await call(ctx.app, null, 'GET', `${T}/player-profiles/not-a-tag!`);
    expect(malformed.statusCode).toBe(400);
    const roster = await call(
      ctx.app,
      null,
      'GET',
      `${T}/rosters/00000000-0000-4000-8000-000000000000/statistics`,
    );
    expect(roster.statusCode).toBe(404);
    const event = await call(
      ctx.app,
      null,
      'GET',
      `${T}/events/00000000-0000-4000-8000-000000000000/statistics`,
    );
    expect(event.statusCode).toBe(404);
  });

  describe('privacy: PATCH /player-profiles/{tag}/privacy', () => {
    const allowed = new Set(['support', 'admin', 'the player']);
    it.each([...ROLES, 'the player' as const])('%s', async (role) => {
      const tag = captains[1]!.playerTags[1]!;
      const token = role === 'the player' ? await playerToken(db(), tag, ctx.now) : callers.tokens[role];
      const url = `${T}/player-profiles/${encodeURIComponent(tag)}/privacy`;
      const answer = await call(ctx.app, token, 'PATCH', url, { profileHidden: true });
      const expected = role === 'anonymous' ? 401 : allowed.has(role) ? 200 : 403;
      expect(answer.statusCode, answer.body).toBe(expected);
      if (expected === 200) {
        const hidden = await call(ctx.app, null, 'GET', `${T}/player-profiles/${encodeURIComponent(tag)}`);
        expect(hidden.statusCode).toBe(404);
        const full = await call(
          ctx.app,
          token,
          'GET',
          `${T}/player-profiles/${encodeURIComponent(tag)}/full`,
        );
        expect(full.statusCode, full.body).toBe(200);
        expect(full.json().data.attributes.profileHidden).toBe(true);
        await call(ctx.app, token, 'PATCH', url, { profileHidden: false });
        expect(
          (await call(ctx.app, null, 'GET', `${T}/player-profiles/${encodeURIComponent(tag)}`)).statusCode,
        ).toBe(200);
      }
    });

    it('refuses a body without the flag (400) and lets staff, not other players, read the full profile', async () => {
      const tag = captains[1]!.playerTags[1]!;
      const url = `${T}/player-profiles/${encodeURIComponent(tag)}`;
      const bad = await call(ctx.app, callers.tokens.admin, 'PATCH', `${url}/privacy`, { hidden: 'yes' });
      expect(bad.statusCode).toBe(400);
      expect((await call(ctx.app, callers.tokens.organizer, 'GET', `${url}/full`)).statusCode).toBe(200);
      expect((await call(ctx.app, callers.tokens.player, 'GET', `${url}/full`)).statusCode).toBe(403);
    });
  });
});
