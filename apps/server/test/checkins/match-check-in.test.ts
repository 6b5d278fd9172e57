import { API, type ChatMessageResource } from '@cwh/contract';
import { checkInErrorPage, isAltWarMode } from '@cwh/domain';
import { eq } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { matchSeriesCompetitors, selectedPlayers } from '../../src/db/schema/ladder.js';
import { rosters } from '../../src/db/schema/rosters.js';
import { call, createCallers, ROLES, type Role } from '../admin/admin-fixtures.js';
import { describeEachDatabase, loginAsAdmin, TEST_NOW } from '../harness.js';
import {
  type Captain,
  createCaptains,
  ladderSegment,
  removeFromClan,
  setClanWar,
  th16Tag,
} from '../ladder/ladder-fixtures.js';
import {
  MINUTE,
  matchCheckIn,
  refusal,
  segmentCheckIn,
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
        ).toEqual({
          status: 404,
          code: 'NOT_FOUND',
          detail: 'No match series with id 00000000-0000-4000-8000-000000000001',
        });
        const stranger = captains.find((c) => c !== series.home && c !== series.away)!;
        expect(refusal(await matchCheckIn(ctx.app, stranger.token, series.id))).toEqual({
          status: 403,
          code: 'NOT_ROSTER_OWNER',
          detail: 'Only a captain of this match series may check in',
        });
        expect(await seriesWrites(ctx.database.db, series.id)).toEqual(before);
        expect(before.checkins).toBe(0);
      });

      it('window edges on the test clock: 1 ms early refused, 5 min before accepted; after the match time refused with code 8', async () => {
        const series = await newSeries(false);
        clock = at(-5 * MINUTE - 1);
        expect(refusal(await matchCheckIn(ctx.app, series.home.token, series.id))).toEqual({
          status: 409,
          code: 'MATCH_CHECK_IN_NOT_OPEN',
          detail: 'Match check-in opens 5 minutes before the match',
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
        // Same code as a check-in too early (one error page), but the detail says why.
        expect(refusal(await matchCheckIn(ctx.app, series.home.token, series.id))).toEqual({
          status: 409,
          code: 'MATCH_CHECK_IN_NOT_OPEN',
          detail: 'This match has no opponent yet',
        });
        expect((await seriesWrites(ctx.database.db, series.id)).checkins).toBe(0);
      });

      it('own clan in a war (14/18), then the opponent in a war (19/20)', async () => {
        const series = await newSeries(false);
        const db = ctx.database.db;
        await setClanWar(db, series.home.clanTag, 'friendlyWar');
        const ownResponse = await matchCheckIn(ctx.app, series.home.token, series.id);
        const own = refusal(ownResponse);
        expect(own).toEqual({
          status: 400,
          code: 'CLAN_IS_IN_WAR',
          detail: 'Your team is in an active Clan War or Friendly War; cannot check in',
        });
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
        // The other way round: the home captain is refused for the away clan's war.
        await setClanWar(db, series.away.clanTag, 'clanWar');
        expect(refusal(await matchCheckIn(ctx.app, series.home.token, series.id))).toMatchObject({
          status: 400,
          code: 'OPPONENT_IS_IN_WAR',
        });
        await setClanWar(db, series.away.clanTag, 'none');
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

    describe('captains of their own (no other test touches their clans)', () => {
      let teams: Captain[] = [];
      let used = 0;
      /**
       * A stage series between the next two of these captains; with `fives`, both checked in to the
       * stage with 5 players, as a stage that is not a monthly qualifier asks.
       */
      async function checkedInStage(fives?: (c: Captain) => string[]) {
        // Its own slug counter: `stages` picks the other tests' pairs.
        const db = ctx.database.db;
        const segmentId = await stageSegment(db, `mci-named-${used}`, {
          monthlyQualifier: false,
          checkinsConfig: { enabled: false, openWindow: null },
        });
        const sides = [teams[used]!, teams[used + 1]!] as [Captain, Captain];
        used += 2;
        const series = await stageSeries(ctx.app, admin, segmentId, sides, START);
        for (const side of fives ? [series.home, series.away] : []) {
          const checked = await segmentCheckIn(ctx.app, side.token, segmentId, fives!(side));
          expect(checked.statusCode).toBe(200);
        }
        return series;
      }
      const history = (token: string, seriesId: string) =>
        call(ctx.app, token, 'GET', `${API.chat}/history?filter[matchSeries.id]=${seriesId}`);

      beforeAll(async () => {
        const { parentId, eventId } = await ladderSegment(ctx.database.db);
        teams = await createCaptains(ctx.database.db, {
          count: 8,
          offset: 8120,
          parentSegmentId: parentId,
          eventId,
          now: TEST_NOW,
        });
      });

      it('the war of this very match (created before the check-ins) does not refuse them', async () => {
        const series = await checkedInStage();
        const db = ctx.database.db;
        const war = await call(ctx.app, series.home.token, 'POST', `${API.war}/create-war`, {
          matchSeriesId: series.id,
        });
        expect(war.statusCode).toBe(200);
        const link = war.json().data.attributes.link as string;
        expect(link).toMatch(/^\/simulator\/war\//);
        // Both clans are in that war now; the check-ins go through, the second answers its link.
        const first = await matchCheckIn(ctx.app, series.home.token, series.id);
        expect(first.statusCode).toBe(200);
        expect(first.json().data.attributes.link).toBe(null);
        const second = await matchCheckIn(ctx.app, series.away.token, series.id);
        expect(second.json().data.attributes).toEqual({
          matchSeriesId: series.id,
          link,
          alreadyCheckedIn: false,
        });
        expect((await seriesWrites(db, series.id)).checkins).toBe(2);
      });

      it('each side fields the 5 players of its segment check-in, whatever tags the match check-in sends; the room is told', async () => {
        const series = await checkedInStage((c) => [...c.playerTags].reverse());
        const { home, away } = series;
        const homeFive = [...home.playerTags].reverse();
        const awayFive = [...away.playerTags].reverse();
        const told = async () =>
          ((await history(home.token, series.id)).json().data as ChatMessageResource[])
            .map((m) => m.attributes.notice)
            .filter((n) => n?.type === 'check_in');
        const name = async (rosterId: string) =>
          (await ctx.database.db.select().from(rosters).where(eq(rosters.id, rosterId)))[0]!.name;
        const first = await matchCheckIn(ctx.app, home.token, series.id, away.playerTags);
        expect(first.statusCode).toBe(200);
        expect((await seriesWrites(ctx.database.db, series.id)).lineups).toEqual([homeFive, []]);
        // The match room tells of each check-in by the team's name.
        expect(await told()).toEqual([{ type: 'check_in', params: { team: await name(home.rosterId) } }]);
        const second = await matchCheckIn(ctx.app, away.token, series.id);
        expect(second.json().data.attributes.link).toMatch(/^\/simulator\/war\//);
        expect(await seriesWrites(ctx.database.db, series.id)).toMatchObject({
          checkins: 2,
          lineups: [homeFive, awayFive],
        });
        expect(await told()).toContainEqual({
          type: 'check_in',
          params: { team: await name(away.rosterId) },
        });
        expect(await told()).toHaveLength(2);
      });

      it('a team without a clan tag: both check in, the war cannot be created, so no link (WAR_NOT_AVAILABLE is not an error here)', async () => {
        const series = await checkedInStage((c) => c.playerTags);
        const db = ctx.database.db;
        await db.update(rosters).set({ clanTag: null }).where(eq(rosters.id, series.away.rosterId));
        expect((await matchCheckIn(ctx.app, series.home.token, series.id)).json().data.attributes.link).toBe(
          null,
        );
        const second = await matchCheckIn(ctx.app, series.away.token, series.id);
        expect(second.statusCode).toBe(200);
        expect(second.json().data.attributes).toEqual({
          matchSeriesId: series.id,
          link: null,
          alreadyCheckedIn: false,
        });
        expect(await seriesWrites(db, series.id)).toMatchObject({
          checkins: 2,
          warId: null,
          state: 'scheduled',
        });
      });

      it('the game refusing the war for another reason is answered: a named player left the clan', async () => {
        const series = await checkedInStage((c) => c.playerTags);
        const db = ctx.database.db;
        const gone = series.away.playerTags[0]!;
        await removeFromClan(db, gone);
        expect((await matchCheckIn(ctx.app, series.home.token, series.id)).statusCode).toBe(200);
        const second = refusal(await matchCheckIn(ctx.app, series.away.token, series.id));
        expect(second).toEqual({
          status: 400,
          code: 'UNKNOWN_PLAYER',
          detail: `Player ${gone} is not a member of clan ${series.away.clanTag}`,
        });
        // The check-in itself is done; only the war waits (a retry asks the game again).
        expect(await seriesWrites(db, series.id)).toMatchObject({ checkins: 2, warId: null });
        const again = await matchCheckIn(ctx.app, series.away.token, series.id);
        expect(refusal(again)).toMatchObject({ status: 400, code: 'UNKNOWN_PLAYER' });
      });
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
