import { document, requestBody, resource } from './jsonapi.js';
import * as z from './safe-zod.js';

/** Client error report (spec 3 "Log message"), sent to POST /api/log/1.0/log. */
export const logBody = z.object({
  error: z.string().min(1).max(10_000),
  meta: z
    .object({
      userId: z.string().max(100).nullish(),
      playerTag: z.string().max(20).nullish(),
      scToken: z.string().max(2000).nullish(),
      country: z.string().max(8).nullish(),
      date: z.string().max(64).nullish(),
      userAgent: z.string().max(1000).nullish(),
      extras: z.record(z.string(), z.storableJson()).nullish(),
    })
    .default({}),
  url: z.string().max(2000),
});
export type LogBody = z.infer<typeof logBody>;

/** Answer of POST /log: the stored report's id and when it was received. */
export const logReceiptResource = resource(
  'logs',
  z.object({ receivedAt: z.iso.datetime({ offset: true }) }),
);
export const logReceiptDocument = document(logReceiptResource);

/** POST /log accepts the report bare (as the web's reporter sends it) or in a JSON:API data wrapper. */
export const logRequestBody = z.union([requestBody(logBody), logBody]);
export type LogRequestBody = z.infer<typeof logRequestBody>;
