import type { EventResource, SegmentResource } from '@cwh/contract';
import { selectActiveEvent } from '@cwh/domain';
import { useCallback, useEffect, useState } from 'react';
import { fetchEvents, fetchRootSegments } from './events-api';

export type HomeEventsState =
  | { status: 'loading' }
  | { status: 'error'; error: unknown }
  | {
      status: 'ready';
      events: EventResource[];
      active: EventResource | null;
      segments: SegmentResource[] | null;
    };

/** Events, the active one (spec 4 rule) and its stages, fetched on mount and on retry. */
export function useHomeEvents(requestedId: string | null) {
  const [state, setState] = useState<HomeEventsState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const retry = useCallback(() => setAttempt((n) => n + 1), []);

  useEffect(() => {
    void attempt;
    const controller = new AbortController();
    setState({ status: 'loading' });
    (async () => {
      try {
        const events = await fetchEvents(controller.signal);
        const picked = selectActiveEvent(
          events.map((event) => ({ id: event.id, date: event.attributes.date })),
          new Date(),
          requestedId,
        );
        const active = events.find((event) => event.id === picked?.id) ?? null;
        setState({ status: 'ready', events, active, segments: null });
        const segments = active ? await fetchRootSegments(active.id, controller.signal) : [];
        setState({ status: 'ready', events, active, segments });
      } catch (error) {
        if (!controller.signal.aborted) setState({ status: 'error', error });
      }
    })();
    return () => controller.abort();
  }, [requestedId, attempt]);

  return { state, retry };
}
