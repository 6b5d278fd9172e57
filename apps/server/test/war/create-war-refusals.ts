import { and, eq } from 'drizzle-orm';
import { vi } from 'vitest';
import { matchSeriesCompetitors } from '../../src/db/schema/ladder.js';
import { rosters } from '../../src/db/schema/rosters.js';
import { GameAdapterError } from '../../src/game/index.js';
import type { TestContext } from '../harness.js';
import { type Captain, removeFromClan } from '../ladder/ladder-fixtures.js';

/** The refusals of POST /api/war/1.0/create-war that create-war.test.ts runs, one case each. */

export interface Refusal {
  why: string;
  /** Changes the accepted series of captains a (caller) and b; answers who calls with which id. */
  arrange: (s: { a: Captain; b: Captain; seriesId: string }) => Promise<{ token: string; id?: string }>;
  status: number;
  code: string;
  detail: string | ((s: { b: Captain }) => string);
  /** The series state after the refusal (unchanged: upcoming). */
  state?: string;
}

/**
 * The cases, on `ctx`'s app: `stranger` is a captain of neither side; `setRestore` takes what undoes
 * a change of the shared game adapter after the case.
 */
export function createWarRefusals(
  ctx: TestContext,
  stranger: () => Captain,
  setRestore: (restore: () => void) => void,
): Refusal[] {
  return [
    {
      why: 'no match series has this id',
      arrange: async ({ a }) => ({ token: a.token, id: '00000000-0000-4000-8000-000000000000' }),
      status: 404,
      code: 'NOT_FOUND',
      detail: 'No match series with id 00000000-0000-4000-8000-000000000000',
    },
    {
      why: 'the caller is a captain, but of neither side of the series',
      arrange: async () => ({ token: stranger().token }),
      status: 403,
      code: 'FORBIDDEN',
      detail: 'Only a captain of this match series may start its war',
    },
    {
      why: 'the series is finished (its result was recorded) and never had a war',
      arrange: async ({ a, seriesId }) => {
        await ctx.app.ladder.finishSeries({ matchSeriesId: seriesId, stars: { home: 3, away: 1 } });
        return { token: a.token };
      },
      status: 409,
      code: 'WAR_NOT_AVAILABLE',
      detail: 'The match series is finished',
      state: 'finished',
    },
    {
      why: 'the other side is TBD (its competitor has no roster)',
      arrange: async ({ a, b, seriesId }) => {
        await ctx.database.db
          .update(matchSeriesCompetitors)
          .set({ rosterId: null })
          .where(
            and(
              eq(matchSeriesCompetitors.matchSeriesId, seriesId),
              eq(matchSeriesCompetitors.rosterId, b.rosterId),
            ),
          );
        return { token: a.token };
      },
      status: 409,
      code: 'WAR_NOT_AVAILABLE',
      detail: 'Both sides need a clan roster',
    },
    {
      why: "the other side's roster has no clan tag",
      arrange: async ({ a, b }) => {
        await ctx.database.db.update(rosters).set({ clanTag: null }).where(eq(rosters.id, b.rosterId));
        return { token: a.token };
      },
      status: 409,
      code: 'WAR_NOT_AVAILABLE',
      detail: 'Both sides need a clan roster',
    },
    {
      why: 'the game in use cannot create wars from the hub',
      arrange: async ({ a }) => {
        const game = ctx.app.game as { capabilities: { createWar: boolean; warResults: boolean } };
        const capabilities = game.capabilities;
        game.capabilities = { ...capabilities, createWar: false };
        setRestore(() => {
          game.capabilities = capabilities;
        });
        return { token: a.token };
      },
      status: 409,
      code: 'WAR_NOT_AVAILABLE',
      detail: 'The game in use cannot create wars from the hub',
    },
    {
      why: 'the game did not answer the war creation (the claim is released)',
      arrange: async ({ a }) => {
        vi.spyOn(ctx.app.game, 'createWar').mockRejectedValue(
          new GameAdapterError('unavailable', 'connection reset'),
        );
        return { token: a.token };
      },
      status: 503,
      code: 'SERVICE_UNAVAILABLE',
      detail: 'The game did not answer: connection reset',
    },
    {
      why: 'a line-up player left the clan since the match-up: the game refuses the line-up (the claim is released)',
      arrange: async ({ a, b }) => {
        await removeFromClan(ctx.database.db, b.playerTags[2]!);
        return { token: a.token };
      },
      status: 400,
      code: 'UNKNOWN_PLAYER',
      detail: ({ b }) => `Player ${b.playerTags[2]} is not a member of clan ${b.clanTag}`,
    },
  ];
}
