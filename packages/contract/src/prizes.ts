import * as z from './safe-zod.js';

/**
 * An event's prizes (spec 2 "Prizes": prize pool, monthly finals and championship finals prize
 * pools). Amounts are whole units of `currency` (ISO 4217, e.g. 700000 USD). A pool the organizer
 * has not announced is null; `placements` optionally splits the pool by final placement.
 */
const amount = z.number().int().min(0).max(1_000_000_000);

export const prizePlacement = z
  .object({
    /** First placement the amount is paid to (1 = champion). */
    placement: z.number().int().min(1).max(10_000),
    /** Last placement of a shared range (5-8 each get `amount`); equals `placement` for one place. */
    placementTo: z.number().int().min(1).max(10_000),
    amount,
  })
  .strict()
  .refine((entry) => entry.placementTo >= entry.placement, {
    message: 'placementTo must not be before placement',
    path: ['placementTo'],
  });
export type PrizePlacement = z.infer<typeof prizePlacement>;

export const eventPrizes = z
  .object({
    currency: z.string().regex(/^[A-Z]{3}$/, 'an ISO 4217 currency code such as USD'),
    /** Total prize pool of the event. */
    pool: amount,
    monthlyFinalsPool: amount.nullable().default(null),
    championshipFinalsPool: amount.nullable().default(null),
    placements: z.array(prizePlacement).max(64).default([]),
  })
  .strict()
  .refine(
    (prizes) =>
      prizes.placements.every(
        (entry, i) => i === 0 || entry.placement > (prizes.placements[i - 1]?.placementTo ?? 0),
      ),
    { message: 'placements must be in order and must not overlap', path: ['placements'] },
  );
export type EventPrizes = z.infer<typeof eventPrizes>;
