import type {
  NoticeDocument,
  NoticeListDocument,
  NoticeResource,
  NoticesReadAllDocument,
} from '@cwh/contract';
import { API } from '@cwh/contract/constants';
import { authApi } from '../session/session-api';

/** A notice as the web shows it: the resource's attributes and its id. */
export type Notice = NoticeResource['attributes'] & { id: string };

export interface NoticePage {
  notices: Notice[];
  unreadCount: number;
  totalPages: number;
}

const U = API.users;
const noticeOf = (resource: NoticeResource): Notice => ({ ...resource.attributes, id: resource.id });

/** GET /user/notices: the signed-in user's notices, newest first, and the unread count. */
export async function fetchNotices(page = 1, signal?: AbortSignal): Promise<NoticePage> {
  const document = await authApi.get<NoticeListDocument>(`${U}/user/notices`, {
    query: { 'page[number]': page, 'page[size]': 20 },
    ...(signal ? { signal } : {}),
  });
  return {
    notices: document.data.map(noticeOf),
    unreadCount: document.meta.unreadCount,
    totalPages: document.meta.page.totalPages,
  };
}

/** POST /user/notices/{id}/read: the notice read, and the unread count after it. */
export async function markNoticeRead(id: string): Promise<{ notice: Notice; unreadCount: number }> {
  const document = await authApi.post<NoticeDocument>(`${U}/user/notices/${encodeURIComponent(id)}/read`);
  return { notice: noticeOf(document.data), unreadCount: document.meta.unreadCount };
}

/** POST /user/notices/read-all. */
export async function markAllNoticesRead(): Promise<number> {
  const document = await authApi.post<NoticesReadAllDocument>(`${U}/user/notices/read-all`);
  return document.meta.unreadCount;
}

export { noticeOf };
