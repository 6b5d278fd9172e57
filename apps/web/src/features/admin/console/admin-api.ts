import type {
  ActivityLogResource,
  AdminUserResource,
  EventResource,
  MailMessageResource,
  PageMeta,
  SegmentResource,
} from '@cwh/contract';
import { API } from '@cwh/contract/constants';
import { api, type RequestOptions } from '../../../lib/api-client';
import { adminToken, signOut } from './admin-session';

type Query = NonNullable<RequestOptions['query']>;
interface List<T> {
  data: T[];
  meta?: PageMeta;
}
interface One<T> {
  data: T;
}
export interface ListItem<A> {
  id: string;
  type: string;
  attributes: A;
}

const T = API.tournaments;
const U = API.users;
const body = (attributes: object) => ({ data: { attributes } });

/** Every console call carries the staff token; a 401 means it ended (suspended, expired): sign out. */
async function call<R>(run: (options: RequestOptions) => Promise<R>): Promise<R> {
  try {
    return await run({ headers: { authorization: `Bearer ${adminToken() ?? ''}` } });
  } catch (error) {
    if ((error as { status?: number }).status === 401) signOut();
    throw error;
  }
}
const get = <R>(path: string, query?: Query) =>
  call((o) => api.get<R>(path, { ...o, ...(query ? { query } : {}) }));
const post = <R>(path: string, attributes?: object) =>
  call((o) => api.post<R>(path, attributes ? body(attributes) : undefined, o));
const put = <R>(path: string, attributes: object) => call((o) => api.put<R>(path, body(attributes), o));
const patch = <R>(path: string, attributes: object) => call((o) => api.patch<R>(path, body(attributes), o));
const remove = (path: string) => call((o) => api.delete<unknown>(path, o));

const segmentsPath = (eventId: string) => `${T}/events/${eventId}/segments`;

export const adminApi = {
  events: () => get<List<EventResource>>(`${T}/events`, { 'page[size]': 100 }),
  createEvent: (attributes: object) => post<One<EventResource>>(`${T}/events`, attributes),
  /** PUT /events/{id} with the event's required attributes unchanged and `changes` over them. */
  changeEvent: (event: EventResource, changes: object) => {
    const { name, status, date, competition, thLevels } = event.attributes;
    return put<One<EventResource>>(`${T}/events/${event.id}`, {
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
    post<One<EventResource>>(`${T}/events/${id}/clone`, { name, offset }),
  segments: (eventId: string) => get<List<SegmentResource>>(segmentsPath(eventId), { 'page[size]': 100 }),
  createSegment: (eventId: string, attributes: object) =>
    post<One<SegmentResource>>(segmentsPath(eventId), attributes),
  patchSegment: (eventId: string, id: string, attributes: object) =>
    patch<One<SegmentResource>>(`${segmentsPath(eventId)}/${id}`, attributes),
  listItems: <A>(eventId: string, segmentId: string, kind: string) =>
    get<List<ListItem<A>>>(`${segmentsPath(eventId)}/${segmentId}/${kind}`),
  addItem: (eventId: string, segmentId: string, kind: string, attributes: object) =>
    post<One<ListItem<unknown>>>(`${segmentsPath(eventId)}/${segmentId}/${kind}`, attributes),
  deleteItem: (eventId: string, segmentId: string, kind: string, id: string) =>
    remove(`${segmentsPath(eventId)}/${segmentId}/${kind}/${encodeURIComponent(id)}`),
  users: (search: string, page: number) =>
    get<List<AdminUserResource>>(`${U}/users`, {
      'filter[search]': search || undefined,
      'page[number]': page,
    }),
  suspend: (id: string, reason: string) =>
    post<One<AdminUserResource>>(`${U}/users/${id}/suspend`, { reason }),
  unsuspend: (id: string) => post<One<AdminUserResource>>(`${U}/users/${id}/unsuspend`),
  resetPassword: (id: string) => post<unknown>(`${U}/users/${id}/password/reset`),
  activity: (filter: Query) => get<List<ActivityLogResource>>(`${U}/activity-log`, filter),
  outbox: () => get<List<MailMessageResource>>(`${U}/mail-outbox`),
};
