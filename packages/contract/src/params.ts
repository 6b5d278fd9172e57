import * as z from './safe-zod.js';

/** Resource ids are UUIDs; anything else is a 400, not a 404. */
export const resourceId = z.uuid();

export const idParams = z.object({ id: resourceId });
export const eventParams = z.object({ eventId: resourceId });
export const eventSegmentParams = z.object({ eventId: resourceId, segmentId: resourceId });
