import * as z from './safe-zod.js';

/**
 * GET /api/tournaments/1.0/segments/{id}/cut-line (issue 37): the one cut-line rule of a ladder
 * segment. When teams tie on points across the advancing places (top 128 championship, top 8 cup),
 * `tied` lists them in the order that decides who advances (points, head-to-head among them, wins,
 * the earlier time the points total was reached, roster id), each with the tiebreak that put it
 * above the next one; the advancement reads the same order.
 */
export const CUT_TIEBREAKS = ['points', 'headToHead', 'wins', 'reachedAt', 'rosterId'] as const;

export const cutLineDocument = z.object({
  data: z.object({
    id: z.string(),
    type: z.literal('cut-lines'),
    attributes: z.object({
      top: z.number().int(),
      /** The points total shared across the cut; null when no tie straddles it. */
      tiedPoints: z.number().int().nullable(),
      tied: z.array(
        z.object({
          roster: z.object({ id: z.string() }),
          position: z.number().int(),
          advances: z.boolean(),
          headToHead: z.number().int(),
          wins: z.number().int(),
          pointsReachedAt: z.iso.datetime({ offset: true }).nullable(),
          decidedBy: z.enum(CUT_TIEBREAKS).nullable(),
        }),
      ),
    }),
  }),
});
export type CutLineDocument = z.infer<typeof cutLineDocument>;
