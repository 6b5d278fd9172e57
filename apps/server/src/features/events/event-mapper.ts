import type { EventResource } from '@cwh/contract';
import { identifier, isoSeconds } from '../../http/jsonapi.js';
import type { EventRow } from './event-repository.js';

/** `organizer`: the document goes to the event's organizers, who also see the chat group link. */
export function toEventResource(event: EventRow, segmentIds: string[], organizer = false): EventResource {
  return {
    id: event.id,
    type: 'events',
    attributes: {
      name: event.name,
      nameTranslations: event.nameTranslations ?? {},
      status: event.status,
      date: { from: isoSeconds(event.dateFrom), to: isoSeconds(event.dateTo) },
      competition: event.competition,
      thLevels: event.thLevels,
      prizes: event.prizes ?? null,
      ...(organizer && { chatGroupUrl: event.chatGroupUrl ?? null }),
    },
    relationships: {
      game: { data: identifier('games', event.gameId) },
      segments: { data: segmentIds.map((id) => identifier('segments', id)) },
    },
  };
}
