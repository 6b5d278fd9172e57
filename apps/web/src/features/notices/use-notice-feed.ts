import { NOTICE_CREATED_EVENT } from '@cwh/contract/constants';
import { useEffect } from 'react';
import { realtimeFor } from '../../lib/realtime';
import { useSession } from '../session/session-store';
import { noticeArrived, reloadNotices, resetNotices } from './notice-store';
import { noticeOf } from './notices-api';

/**
 * Keeps the notice store fed while someone is signed in: the first page read at once, every notice
 * the socket pushes added on top, and the first page read again on every reconnect (what was sent
 * while the socket was away is in the log, not pushed again). Mounted once, by the header's bell.
 */
export function useNoticeFeed(): void {
  const session = useSession();
  const token = session.scToken?.value ?? null;
  const userId = session.status !== 'signedOut' && token ? session.userId : null;
  useEffect(() => {
    if (!userId) {
      resetNotices();
      return;
    }
    void reloadNotices(userId);
    const client = realtimeFor(userId, token);
    if (!client) return;
    const off = client.subscribe((message) => {
      if (message.event === NOTICE_CREATED_EVENT) noticeArrived(userId, noticeOf(message.data.notice));
    });
    const offReconnect = client.onReconnect(() => void reloadNotices(userId));
    return () => {
      off();
      offReconnect();
    };
  }, [userId, token]);
}
