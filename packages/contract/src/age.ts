import { requestBody } from './jsonapi.js';
import * as z from './safe-zod.js';

// Age service `/api/age/1.0` + AGE_GATE_PATH (paths.ts, zod-free).

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
