import type {
  ActivityLogListDocument,
  AdminUserDocument,
  AdminUserListDocument,
  EventDocument,
  EventListDocument,
  EventResource,
  MailMessageListDocument,
  PageMeta,
  SegmentDocument,
  SegmentListDocument,
} from '@cwh/contract';
import { API } from '@cwh/contract/constants';
import { type ApiQuery, attributesBody } from '../../../lib/api-client';
import { consoleApi } from './admin-session';

/** A segment's item list (supported periods, registration phases, advance rules): one shape for all. */
interface ListItemDocument<A> {
  data: ListItem<A>[];
  meta?: PageMeta;
}
export interface ListItem<A> {
  id: string;
  type: string;
  attributes: A;
}

const T = API.tournaments;
const U = API.users;

const get = <R>(path: string, query?: ApiQuery) => consoleApi.get<R>(path, query ? { query } : {});
const post = <R>(path: string, attributes?: object) =>
  consoleApi.post<R>(path, attributes ? attributesBody(attributes) : undefined);
const put = <R>(path: string, attributes: object) => consoleApi.put<R>(path, attributesBody(attributes));
const patch = <R>(path: string, attributes: object) => consoleApi.patch<R>(path, attributesBody(attributes));
const remove = (path: string) => consoleApi.delete<unknown>(path);

const segmentsPath = (eventId: string) => `${T}/events/${eventId}/segments`;

export const adminApi = {
  events: () => get<EventListDocument>(`${T}/events`, { 'page[size]': 100 }),
  createEvent: (attributes: object) => post<EventDocument>(`${T}/events`, attributes),
  /** PUT /events/{id} with the event's required attributes unchanged and `changes` over them. */
  changeEvent: (event: EventResource, changes: object) => {
    const { name, status, date, competition, thLevels } = event.attributes;
    return put<EventDocument>(`${T}/events/${event.id}`, {
      name,
      status,
      date,
      competition,
      thLevels,
      ...changes,
    });
  },
  deleteEvent: (id: string) => remove(`${T}/events/${id}`),
  cloneEvent: (id: string, name: string, offset: { months: number; days: number }) =>
    post<EventDocument>(`${T}/events/${id}/clone`, { name, offset }),
  segments: (eventId: string) => get<SegmentListDocument>(segmentsPath(eventId), { 'page[size]': 100 }),
  createSegment: (eventId: string, attributes: object) =>
    post<SegmentDocument>(segmentsPath(eventId), attributes),
  patchSegment: (eventId: string, id: string, attributes: object) =>
    patch<SegmentDocument>(`${segmentsPath(eventId)}/${id}`, attributes),
  listItems: <A>(eventId: string, segmentId: string, kind: string) =>
    get<ListItemDocument<A>>(`${segmentsPath(eventId)}/${segmentId}/${kind}`),
  addItem: (eventId: string, segmentId: string, kind: string, attributes: object) =>
    post<{ data: ListItem<unknown> }>(`${segmentsPath(eventId)}/${segmentId}/${kind}`, attributes),
  deleteItem: (eventId: string, segmentId: string, kind: string, id: string) =>
    remove(`${segmentsPath(eventId)}/${segmentId}/${kind}/${encodeURIComponent(id)}`),
  users: (search: string, page: number) =>
    get<AdminUserListDocument>(`${U}/users`, {
      'filter[search]': search || undefined,
      'page[number]': page,
    }),
  suspend: (id: string, reason: string) => post<AdminUserDocument>(`${U}/users/${id}/suspend`, { reason }),
  unsuspend: (id: string) => post<AdminUserDocument>(`${U}/users/${id}/unsuspend`),
  resetPassword: (id: string) => post<unknown>(`${U}/users/${id}/password/reset`),
  activity: (filter: ApiQuery) => get<ActivityLogListDocument>(`${U}/activity-log`, filter),
  outbox: () => get<MailMessageListDocument>(`${U}/mail-outbox`),
};
