import { selectActiveEvent } from '@cwh/domain';
import type { LoaderFunctionArgs } from 'react-router';
import { fetchEvents, fetchRootSegments } from '../features/events/events-api';
import type { HomeData } from '../features/events/home-page';
import { ready, settle } from '../lib/loadable';

/**
 * /: the events, the active one (spec 4 rule, or `?event=`) and its stages. The stages come second,
 * so the hero shows while they load.
 */
export function homeLoader({ request }: LoaderFunctionArgs): HomeData {
  const requestedId = new URL(request.url).searchParams.get('event');
  const events = settle(
    fetchEvents(request.signal).then((list) => {
      const picked = selectActiveEvent(
        list.map((event) => ({ id: event.id, date: event.attributes.date })),
        new Date(),
        requestedId,
      );
      return { events: list, active: list.find((event) => event.id === picked?.id) ?? null };
    }),
  );
  const segments = events.then((loaded) =>
    loaded.status === 'ready' && loaded.value.active
      ? settle(fetchRootSegments(loaded.value.active.id, request.signal))
      : ready([]),
  );
  return { events, segments };
}
