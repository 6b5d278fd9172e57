import { useSyncExternalStore } from 'react';
import { reportError } from '../../lib/error-reporter';
import { fetchNotices, markAllNoticesRead, markNoticeRead, type Notice } from './notices-api';

/** The signed-in user's notice log as this tab knows it: what the bell and the list page show. */
export interface NoticeState {
  /** Whose notices these are; null when nobody is signed in. */
  userId: string | null;
  unreadCount: number;
  /** Newest first: the pages read so far, and the notices that arrived live since. */
  notices: Notice[];
  /** The first page has been read for this user. */
  loaded: boolean;
  /** Pages read so far, and how many there are. */
  page: number;
  totalPages: number;
}

const EMPTY: NoticeState = {
  userId: null,
  unreadCount: 0,
  notices: [],
  loaded: false,
  page: 0,
  totalPages: 0,
};
let state: NoticeState = EMPTY;
const listeners = new Set<() => void>();
/** Notices that arrived live while a read was in flight: the read's answer may not have them. */
let arrivedDuringRead: Notice[] = [];

function set(next: NoticeState) {
  state = next;
  for (const listener of listeners) listener();
}

export const getNoticeState = () => state;

export function useNotices(): NoticeState {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getNoticeState,
    getNoticeState,
  );
}

/** Newest first, each notice once (a later copy of one replaces nothing). */
function merge(first: readonly Notice[], then: readonly Notice[]): Notice[] {
  const seen = new Set<string>();
  const out: Notice[] = [];
  for (const notice of [...first, ...then]) {
    if (seen.has(notice.id)) continue;
    seen.add(notice.id);
    out.push(notice);
  }
  return out;
}

/**
 * Reads the first page again (on sign-in, on opening the list, on a socket reconnect: notices sent
 * while the socket was away were not pushed). Notices that arrived live meanwhile are kept.
 */
export async function reloadNotices(userId: string): Promise<void> {
  if (state.userId !== userId) set({ ...EMPTY, userId });
  arrivedDuringRead = [];
  try {
    const page = await fetchNotices(1);
    if (state.userId !== userId) return;
    const read = new Set(page.notices.map((n) => n.id));
    const missed = arrivedDuringRead.filter((n) => !read.has(n.id));
    set({
      userId,
      notices: merge(missed, page.notices),
      unreadCount: page.unreadCount + missed.filter((n) => n.readAt === null).length,
      loaded: true,
      page: 1,
      totalPages: page.totalPages,
    });
  } catch (error) {
    void reportError(error, { notices: 'read' });
  }
}

/** The next page of older notices, below those shown. */
export async function loadMoreNotices(): Promise<void> {
  const { userId, page } = state;
  if (!userId) return;
  try {
    const next = await fetchNotices(page + 1);
    if (state.userId !== userId) return;
    set({
      ...state,
      notices: merge(state.notices, next.notices),
      page: page + 1,
      totalPages: next.totalPages,
    });
  } catch (error) {
    void reportError(error, { notices: 'more' });
  }
}

/** A notice pushed over the socket (NOTICE_CREATED_EVENT): on top, and counted once. */
export function noticeArrived(userId: string, notice: Notice): void {
  if (state.userId !== userId) return;
  arrivedDuringRead.push(notice);
  if (state.notices.some((n) => n.id === notice.id)) return;
  set({
    ...state,
    notices: [notice, ...state.notices],
    unreadCount: state.unreadCount + (notice.readAt === null ? 1 : 0),
  });
}

/** Marks one read (shown read at once; the server's count then). */
export async function readNotice(id: string): Promise<void> {
  const userId = state.userId;
  const notice = state.notices.find((n) => n.id === id);
  if (!userId || !notice || notice.readAt !== null) return;
  const now = new Date().toISOString();
  set({
    ...state,
    notices: state.notices.map((n) => (n.id === id ? { ...n, readAt: now } : n)),
    unreadCount: Math.max(0, state.unreadCount - 1),
  });
  try {
    const answer = await markNoticeRead(id);
    if (state.userId !== userId) return;
    set({
      ...state,
      notices: state.notices.map((n) => (n.id === id ? answer.notice : n)),
      unreadCount: answer.unreadCount,
    });
  } catch (error) {
    void reportError(error, { notices: 'mark-read' });
  }
}

/** Marks every notice read. */
export async function readAllNotices(): Promise<void> {
  const userId = state.userId;
  if (!userId) return;
  const now = new Date().toISOString();
  set({
    ...state,
    notices: state.notices.map((n) => (n.readAt ? n : { ...n, readAt: now })),
    unreadCount: 0,
  });
  try {
    await markAllNoticesRead();
  } catch (error) {
    void reportError(error, { notices: 'mark-all-read' });
    await reloadNotices(userId);
  }
}

/** Nobody signed in (or another user): nothing is kept. */
export function resetNotices(): void {
  arrivedDuringRead = [];
  if (state !== EMPTY) set(EMPTY);
}
