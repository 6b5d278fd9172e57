import { MATCH_TIME_PASSED_MESSAGE } from '@cwh/domain';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { TestContext } from '../harness.js';
import { type Captain, setClanWar } from './ladder-fixtures.js';

/** The refusals of POST /api/matches/1.0/checkins that match-series-refusals.test.ts runs, one case each. */

export const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

export interface CheckinRefusal {
  why: string;
  /** With a series between captains a (caller) and b when `series` is set: the body to send. */
  arrange: (s: { a: Captain; b: Captain; seriesId: string }) => Promise<Record<string, unknown>>;
  series: boolean;
  status: number;
  code: string;
  detail?: string;
  /** Another captain calls instead of a. */
  stranger?: boolean;
}

/** The cases that need no app: the body alone is wrong, or the caller. */
const BEFORE: CheckinRefusal[] = [
  {
    why: 'neither a match series nor a roster is named',
    arrange: async () => ({}),
    series: false,
    status: 400,
    code: 'VALIDATION_FAILED',
    detail: 'Relate either a match series or a roster',
  },
  {
    why: 'both a match series and a roster are named',
    arrange: async ({ a, seriesId }) => ({ matchSeriesId: seriesId, rosterId: a.rosterId }),
    series: true,
    status: 400,
    code: 'VALIDATION_FAILED',
    detail: 'Relate either a match series or a roster',
  },
  {
    why: 'the match series id is not a uuid',
    arrange: async () => ({ matchSeriesId: 'series-1' }),
    series: false,
    status: 400,
    code: 'VALIDATION_FAILED',
  },
  {
    why: 'no match series has this id',
    arrange: async () => ({ matchSeriesId: UNKNOWN_ID }),
    series: false,
    status: 404,
    code: 'NOT_FOUND',
    detail: `No match series with id ${UNKNOWN_ID}`,
  },
  {
    why: 'the caller is not a captain of either side',
    arrange: async ({ seriesId }) => ({ matchSeriesId: seriesId }),
    series: true,
    stranger: true,
    status: 403,
    code: 'FORBIDDEN',
    detail: 'Only a captain of this match series may check in',
  },
];

const AFTER: CheckinRefusal[] = [
  {
    why: 'no roster has this id',
    arrange: async () => ({ rosterId: UNKNOWN_ID }),
    series: false,
    status: 404,
    code: 'NOT_FOUND',
    detail: `No roster with id ${UNKNOWN_ID}`,
  },
  {
    why: "the roster is another captain's",
    arrange: async ({ b }) => ({ rosterId: b.rosterId }),
    series: false,
    status: 403,
    code: 'FORBIDDEN',
    detail: 'Only the roster owner may check in',
  },
];

/** The cases in order (BEFORE, those that change the series or the clans, AFTER), on `ctx`'s app; `createWar` is a captain's POST /create-war for a series. */
export function checkinRefusalCases(
  ctx: TestContext,
  createWar: (c: Captain, matchSeriesId: string) => Promise<LightMyRequestResponse>,
): CheckinRefusal[] {
  return [
    ...BEFORE,
    {
      // Live still counts as upcoming (spec 4: new, live, scheduled), so the time rule lets it
      // through; the war that made it live keeps the caller's clan in war.
      why: 'the series is live: its war is running, so the clan is in war',
      arrange: async ({ a, seriesId }) => {
        expect((await createWar(a, seriesId)).statusCode).toBe(200);
        return { matchSeriesId: seriesId };
      },
      series: true,
      status: 400,
      code: 'CLAN_IS_IN_WAR',
      detail: 'Your team is in an active Clan War or Friendly War; cannot check in',
    },
    {
      why: 'the series is finished though its date has not come',
      arrange: async ({ seriesId }) => {
        await ctx.app.ladder.finishSeries({ matchSeriesId: seriesId, stars: { home: 3, away: 0 } });
        return { matchSeriesId: seriesId };
      },
      series: true,
      status: 409,
      code: 'MATCH_TIME_PASSED',
      detail: MATCH_TIME_PASSED_MESSAGE,
    },
    {
      why: "the caller's clan is in a friendly war",
      arrange: async ({ a, seriesId }) => {
        await setClanWar(ctx.database.db, a.clanTag, 'friendlyWar');
        return { matchSeriesId: seriesId };
      },
      series: true,
      status: 400,
      code: 'CLAN_IS_IN_WAR',
      detail: 'Your team is in an active Clan War or Friendly War; cannot check in',
    },
    {
      why: "the opponent's clan is in a clan war",
      arrange: async ({ b, seriesId }) => {
        await setClanWar(ctx.database.db, b.clanTag, 'clanWar');
        return { matchSeriesId: seriesId };
      },
      series: true,
      status: 400,
      code: 'OPPONENT_IS_IN_WAR',
      detail: 'The opponent is in an active war',
    },
    ...AFTER,
  ];
}
