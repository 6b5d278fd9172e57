import { and, eq } from 'drizzle-orm';
import { vi } from 'vitest';
import { rosterMembers } from '../../src/db/schema/rosters.js';
import type { TestContext } from '../harness.js';
import { type Captain, removeFromClan, th16Tag } from '../ladder/ladder-fixtures.js';

/** The refusals of POST …/clan/{tag}/selected-players that selected-players.test.ts runs, one case each. */

export interface Refusal {
  why: string;
  /** Prepares captain c's clan (another captain: other) and answers the call to make. */
  arrange: (
    c: Captain,
    other: Captain,
  ) => Promise<{ token?: string; clanTag?: string; playerTags: string[] }>;
  status: number;
  code: string;
  detail?: (c: Captain, other: Captain) => string;
}

/** The cases that need no app: the call alone is wrong. */
const BEFORE: Refusal[] = [
  {
    why: 'no roster on the hub plays for the clan',
    arrange: async (c) => ({ clanTag: '#2Y2Y2Y2Y', playerTags: c.playerTags }),
    status: 404,
    code: 'NOT_FOUND',
    detail: () => 'No roster for clan #2Y2Y2Y2Y',
  },
  {
    why: 'the caller is the captain of another clan',
    arrange: async (c, other) => ({ token: other.token, playerTags: c.playerTags }),
    status: 403,
    code: 'FORBIDDEN',
    detail: () => 'Only the captain may select the players',
  },
  {
    why: 'four players instead of five',
    arrange: async (c) => ({ playerTags: c.playerTags.slice(0, 4) }),
    status: 400,
    code: 'VALIDATION_FAILED',
  },
  {
    why: 'six players instead of five',
    arrange: async (c) => ({ playerTags: [...c.playerTags, th16Tag(c)] }),
    status: 400,
    code: 'VALIDATION_FAILED',
  },
  {
    why: 'a tag that is no game tag',
    arrange: async (c) => ({ playerTags: [...c.playerTags.slice(0, 4), '#not-a-tag'] }),
    status: 400,
    code: 'VALIDATION_FAILED',
  },
  {
    why: 'the same player twice',
    arrange: async (c) => ({ playerTags: [...c.playerTags.slice(0, 4), c.playerTags[0]!] }),
    status: 400,
    code: 'VALIDATION_FAILED',
    detail: () => 'Players must differ',
  },
  {
    why: 'the same player twice, spelt differently (lower case, no #)',
    arrange: async (c) => ({
      playerTags: [...c.playerTags.slice(0, 4), c.playerTags[0]!.slice(1).toLowerCase()],
    }),
    status: 400,
    code: 'VALIDATION_FAILED',
    detail: () => 'Players must differ',
  },
  {
    why: "a player of another clan's roster",
    arrange: async (c, other) => ({ playerTags: [...c.playerTags.slice(0, 4), other.playerTags[0]!] }),
    status: 400,
    code: 'WRONG_MEMBER',
    detail: (_c, other) => `Not on the roster: ${other.playerTags[0]}`,
  },
];

const AFTER: Refusal[] = [
  {
    why: "a town hall 16 player in a town hall 17 clan's selection",
    arrange: async (c) => ({ playerTags: [...c.playerTags.slice(0, 4), th16Tag(c)] }),
    status: 400,
    code: 'TH_LEVELS_MISMATCH',
    detail: () => 'Selected players have a different Town Hall level',
  },
];

/** The cases in order (BEFORE, those that change the roster, the clan or the game, AFTER), on `ctx`'s app. */
export function selectedPlayersRefusals(ctx: TestContext, clock: { now: Date }): Refusal[] {
  return [
    ...BEFORE,
    {
      why: 'a player removed from the roster (still in the clan)',
      arrange: async (c) => {
        await ctx.database.db
          .update(rosterMembers)
          .set({ removedAt: clock.now })
          .where(and(eq(rosterMembers.rosterId, c.rosterId), eq(rosterMembers.playerTag, c.playerTags[4]!)));
        return { playerTags: c.playerTags };
      },
      status: 400,
      code: 'WRONG_MEMBER',
      detail: (c) => `Not on the roster: ${c.playerTags[4]}`,
    },
    {
      why: 'a roster member who left the clan in the game',
      arrange: async (c) => {
        await removeFromClan(ctx.database.db, c.playerTags[3]!);
        return { playerTags: c.playerTags };
      },
      status: 400,
      code: 'MEMBERS_MISSING',
      detail: () => 'A team member is missing from your clan',
    },
    {
      why: 'the game no longer knows the clan',
      arrange: async (c) => {
        vi.spyOn(ctx.app.game, 'getClan').mockResolvedValueOnce(null);
        return { playerTags: c.playerTags };
      },
      status: 400,
      code: 'MEMBERS_MISSING',
      detail: () => 'A team member is missing from your clan',
    },
    ...AFTER,
  ];
}
