import { z } from 'zod';
import { requestBody } from './jsonapi.js';

/**
 * Age service `/api/age/1.0` (bearer player or user token).
 * GET /age-gate and POST /age-gate answer 200 when the player is GATED (under the minimum age,
 * server config MIN_AGE, default 13) and 204 (no body) when not gated or the date is unknown.
 */
export const AGE_GATE_PATH = '/age-gate';

export const ageGateBody = requestBody(
  z.object({
    /** Calendar date YYYY-MM-DD; not in the future. */
    dateOfBirth: z.iso.date(),
  }),
);
export type AgeGateBody = z.infer<typeof ageGateBody>;

/** Body of a 200 (gated) answer. */
export const ageGateDocument = z.object({
  data: z.object({
    id: z.string(),
    type: z.literal('age-gates'),
    attributes: z.object({
      gated: z.literal(true),
      minimumAge: z.number().int(),
      age: z.number().int().nullable(),
    }),
  }),
});
export type AgeGateDocument = z.infer<typeof ageGateDocument>;
