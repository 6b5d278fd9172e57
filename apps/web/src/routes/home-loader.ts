import { selectActiveEvent } from '@cwh/domain';
import type { LoaderFunctionArgs } from 'react-router';
import { fetchEvents, fetchRootSegments } from '../features/events/events-api';
import type { HomeData } from '../features/events/home-page';
import { settle } from '../lib/loadable';

/**
 * /: the events, the active one (spec 4 rule, or `?event=`) and its stages. Unawaited: the home page
 * shows at once (spec 2), with a loading card until they arrive.
 */
export function homeLoader({ request }: LoaderFunctionArgs): HomeData {
  const requestedId = new URL(request.url).searchParams.get('event');
  const { signal } = request;
  const home = settle(
    fetchEvents(signal).then(async (events) => {
      const picked = selectActiveEvent(
        events.map((event) => ({ id: event.id, date: event.attributes.date })),
        new Date(),
        requestedId,
      );
      const active = events.find((event) => event.id === picked?.id) ?? null;
      const segments = active ? await fetchRootSegments(active.id, signal) : [];
      return { events, active, segments };
    }),
  );
  return { home };
}
