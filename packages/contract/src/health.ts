import * as z from './safe-zod.js';

export const healthResponse = z.object({ status: z.literal('ok'), uptimeSeconds: z.number() });
export const readyResponse = z.object({
  status: z.enum(['ready', 'not_ready']),
  checks: z.record(z.string(), z.enum(['ok', 'failing'])),
});
