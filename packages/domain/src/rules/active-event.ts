import type { Instant } from '../entities/common.js';
import type { Event } from '../entities/event.js';
import { pickByTime } from '../time/instant.js';

/** Spec 4: the requested id, else the event running now, else the next upcoming, else the last. */
export function selectActiveEvent<E extends Pick<Event, 'id' | 'date'>>(
  events: readonly E[],
  now: Instant,
  requestedId?: string | null,
): E | undefined {
  if (requestedId) {
    const requested = events.find((event) => event.id === requestedId);
    if (requested) return requested;
  }
  return pickByTime(events, now);
}
