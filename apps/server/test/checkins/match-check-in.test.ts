import { checkInErrorPage, isAltWarMode } from '@cwh/domain';
import { eq } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { matchSeriesCompetitors, selectedPlayers } from '../../src/db/schema/ladder.js';
import { createCallers, ROLES, type Role } from '../admin/admin-fixtures.js';
import { describeEachDatabase, loginAsAdmin, TEST_NOW } from '../harness.js';
import {
  type Captain,
  createCaptains,
  ladderSegment,
  setClanWar,
  th16Tag,
} from '../ladder/ladder-fixtures.js';
import {
  MINUTE,
  matchCheckIn,
  refusal,
  seriesWrites,
  stageSegment,
  stageSeries,
} from './checkins-fixtures.js';

/** POST /api/war/1.0/match-check-in on stage series (spec 4 check-in flow, 5, 8, 9). */
let clock = TEST_NOW;
const START = new Date(TEST_NOW.getTime() + 60 * MINUTE);
const at = (offsetMs: number) => new Date(START.getTime() + offsetMs);

describeEachDatabase(
  'match check-in',
  (ctx) => {
    let admin = '';
    let captains: Captain[] = [];
    let stages = 0;
    const pair = () => {
      const k = (stages % 8) * 2;
      return [captains[k]!, captains[k + 1]!] as [Captain, Captain];
    };
    /** A new stage series (its own segment) between the next two captains, at START. */
    async function newSeries(monthlyQualifier: boolean) {
      stages++;
      const segmentId = await stageSegment(ctx.database.db, `mci-${stages}`, { monthlyQualifier });
      return stageSeries(ctx.app, admin, segmentId, pair(), START);
    }

    beforeAll(async () => {
      const { parentId, eventId } = await ladderSegment(ctx.database.db);
      captains = await createCaptains(ctx.database.db, {
        count: 16,
        offset: 8100,
        parentSegmentId: parentId,
        eventId,
        now: TEST_NOW,
      });
      admin = (await loginAsAdmin(ctx.app)).token.value;
    });
    beforeEach(() => {
      clock = at(-2 * MINUTE);
    });

    describe('refusals: status, code, nothing written', () => {
      it('anonymous, unknown series, not a captain of the series', async () => {
        const series = await newSeries(false);
        const before = await seriesWrites(ctx.database.db, series.id);
        expect(refusal(await matchCheckIn(ctx.app, null, series.id))).toMatchObject({
          status: 401,
          code: 'UNAUTHENTICATED',
        });
        expect(
          refusal(await matchCheckIn(ctx.app, series.home.token, '00000000-0000-4000-8000-000000000001')),
        ).toMatchObject({ status: 404, code: 'NOT_FOUND' });
        const stranger = captains.find((c) => c !== series.home && c !== series.away)!;
        expect(refusal(await matchCheckIn(ctx.app, stranger.token, series.id))).toMatchObject({
          status: 403,
          code: 'NOT_ROSTER_OWNER',
        });
        expect(await seriesWrites(ctx.database.db, series.id)).toEqual(before);
        expect(before.checkins).toBe(0);
      });

      it('window edges on the test clock: 1 ms early refused, 5 min before accepted; after the match time refused with code 8', async () => {
        const series = await newSeries(false);
        clock = at(-5 * MINUTE - 1);
        expect(refusal(await matchCheckIn(ctx.app, series.home.token, series.id))).toMatchObject({
          status: 409,
          code: 'MATCH_CHECK_IN_NOT_OPEN',
        });
        clock = at(1);
        const late = refusal(await matchCheckIn(ctx.app, series.home.token, series.id));
        expect(late).toEqual({
          status: 409,
          code: 'MATCH_TIME_PASSED',
          detail: "No checkin done as it's passed match time",
        });
        expect(checkInErrorPage(late.code!)).toBe(8);
        expect((await seriesWrites(ctx.database.db, series.id)).checkins).toBe(0);

        clock = at(-5 * MINUTE);
        const first = await matchCheckIn(ctx.app, series.home.token, series.id);
        expect(first.statusCode).toBe(200);
        expect(first.json().data).toEqual({
          id: series.id,
          type: 'match-check-ins',
          attributes: { matchSeriesId: series.id, link: null, alreadyCheckedIn: false },
        });
        clock = at(0);
        const second = await matchCheckIn(ctx.app, series.away.token, series.id);
        expect(second.statusCode).toBe(200);
        expect(second.json().data.attributes.link).toMatch(/^\/simulator\/war\//);
        expect((await seriesWrites(ctx.database.db, series.id)).checkins).toBe(2);
      });

      it('a series without an opponent', async () => {
        const series = await newSeries(false);
        await ctx.database.db
          .update(matchSeriesCompetitors)
          .set({ rosterId: null })
          .where(eq(matchSeriesCompetitors.rosterId, series.away.rosterId));
        expect(refusal(await matchCheckIn(ctx.app, series.home.token, series.id))).toMatchObject({
          status: 409,
          code: 'MATCH_CHECK_IN_NOT_OPEN',
        });
        expect((await seriesWrites(ctx.database.db, series.id)).checkins).toBe(0);
      });

      it('own clan in a war (14/18), then the opponent in a war (19/20)', async () => {
        const series = await newSeries(false);
        const db = ctx.database.db;
        await setClanWar(db, series.home.clanTag, 'friendlyWar');
        const ownResponse = await matchCheckIn(ctx.app, series.home.token, series.id);
        const own = refusal(ownResponse);
        expect(own).toMatchObject({ status: 400, code: 'CLAN_IS_IN_WAR' });
        expect([checkInErrorPage(own.code!), checkInErrorPage(own.code!, { altMode: true })]).toEqual([
          18, 14,
        ]);
        // The answer names the war, and the web's mode switch reads it: a friendly war → 14 (and 20).
        const ownMeta = ownResponse.json().errors[0].meta;
        expect(ownMeta).toEqual({ warStatus: 'friendlyWar' });
        expect(checkInErrorPage(own.code!, { altMode: isAltWarMode(ownMeta) })).toBe(14);
        const opponentResponse = await matchCheckIn(ctx.app, series.away.token, series.id);
        const opponent = refusal(opponentResponse);
        expect(opponent).toMatchObject({ status: 400, code: 'OPPONENT_IS_IN_WAR' });
        expect(checkInErrorPage(opponent.code!)).toBe(19);
        const opponentMeta = opponentResponse.json().errors[0].meta;
        expect(checkInErrorPage(opponent.code!, { altMode: isAltWarMode(opponentMeta) })).toBe(20);
        await setClanWar(db, series.home.clanTag, 'none');
        expect((await seriesWrites(db, series.id)).checkins).toBe(0);
      });

      it('monthly qualifier: 5 players of the roster on the clan level, or refused', async () => {
        const series = await newSeries(true);
        const { home } = series;
        const cases: [string[] | undefined, string][] = [
          [undefined, 'CHECK_IN_MEMBERS_MISSING'],
          [home.playerTags.slice(0, 4), 'CHECK_IN_MEMBERS_MISSING'],
          [[...home.playerTags.slice(0, 4), series.away.playerTags[0]!], 'WRONG_MEMBER'],
          [[...home.playerTags.slice(0, 4), th16Tag(home)], 'TH_LEVELS_MISMATCH'],
        ];
        for (const [tags, code] of cases) {
          expect(refusal(await matchCheckIn(ctx.app, home.token, series.id, tags))).toMatchObject({
            status: 400,
            code,
          });
        }
        const written = await seriesWrites(ctx.database.db, series.id);
        expect(written).toMatchObject({ checkins: 0, lineups: [[], []] });
        const selected = await ctx.database.db
          .select()
          .from(selectedPlayers)
          .where(eq(selectedPlayers.rosterId, home.rosterId));
        expect(selected).toEqual([]);
      });
    });

    it('monthly qualifier: the 5 tags become the line-up; calling again is a quiet no-op with the same link', async () => {
      const series = await newSeries(true);
      const { home, away } = series;
      const homeFive = [...home.playerTags].reverse();
      const first = await matchCheckIn(ctx.app, home.token, series.id, homeFive);
      expect(first.statusCode).toBe(200);
      expect(first.json().data.attributes).toEqual({
        matchSeriesId: series.id,
        link: null,
        alreadyCheckedIn: false,
      });
      expect((await seriesWrites(ctx.database.db, series.id)).lineups).toEqual([homeFive, []]);
      const joined = await matchCheckIn(ctx.app, away.token, series.id, away.playerTags);
      const link = joined.json().data.attributes.link as string;
      expect(link).toMatch(/^\/simulator\/war\//);
      const written = await seriesWrites(ctx.database.db, series.id);
      expect(written).toMatchObject({ checkins: 2, lineups: [homeFive, away.playerTags] });

      // Again, even with other tags: nothing changes, the link is the war's.
      const again = await matchCheckIn(ctx.app, home.token, series.id, home.playerTags);
      expect(again.statusCode).toBe(200);
      expect(again.json().data.attributes).toEqual({
        matchSeriesId: series.id,
        link,
        alreadyCheckedIn: true,
      });
      expect(await seriesWrites(ctx.database.db, series.id)).toEqual(written);
    });

    it('outside a monthly qualifier the tags are ignored', async () => {
      const series = await newSeries(false);
      const response = await matchCheckIn(ctx.app, series.home.token, series.id, series.away.playerTags);
      expect(response.statusCode).toBe(200);
      expect((await seriesWrites(ctx.database.db, series.id)).lineups).toEqual([[], []]);
    });

    describe('role × action', () => {
      let tokens: Record<Role, string | null>;
      beforeAll(async () => {
        tokens = (await createCallers(ctx)).tokens;
      });
      it.each(ROLES)('%s may not check in for a team', async (role) => {
        const series = await newSeries(false);
        const response = await matchCheckIn(ctx.app, tokens[role], series.id);
        expect(refusal(response)).toMatchObject(
          role === 'anonymous'
            ? { status: 401, code: 'UNAUTHENTICATED' }
            : { status: 403, code: 'NOT_ROSTER_OWNER' },
        );
        expect((await seriesWrites(ctx.database.db, series.id)).checkins).toBe(0);
      });
      it('the captain of a side may', async () => {
        const series = await newSeries(false);
        expect((await matchCheckIn(ctx.app, series.away.token, series.id)).statusCode).toBe(200);
        expect((await seriesWrites(ctx.database.db, series.id)).checkins).toBe(1);
      });
    });
  },
  { deps: { now: () => clock } },
);
