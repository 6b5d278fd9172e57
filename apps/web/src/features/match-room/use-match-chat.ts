import { MATCH_CHAT_EVENT } from '@cwh/contract/constants';
import { useCallback, useEffect, useState } from 'react';
import { ApiError } from '../../lib/api-client';
import { reportError } from '../../lib/error-reporter';
import { realtimeFor } from '../../lib/realtime';
import { useSession } from '../session/session-store';
import { type ChatMessage, fetchChatPage, unwrapMessage } from './match-chat-api';
import { mergeMessages } from './match-chat-view';

export interface MatchChatState {
  /** `hidden`: signed out, or not a member of the room (the panel shows nothing). */
  status: 'loading' | 'ready' | 'hidden' | 'error';
  messages: ChatMessage[];
  hasMore: boolean;
  canModerate: boolean;
  loadingOlder: boolean;
  loadOlder: () => void;
  /** Takes a message the server answered with (sent or removed), without waiting for the socket. */
  take: (message: ChatMessage) => void;
}

const HIDDEN = new Set([401, 403, 404]);

/**
 * The chat room of one match series, kept current: the newest page on mount and on a socket
 * reconnect (messages sent meanwhile are not pushed again), every `matches:chat_message` of this
 * series merged in by id, older pages on demand.
 */
export function useMatchChat(matchSeriesId: string): MatchChatState {
  const session = useSession();
  const userId = session.status === 'signedIn' ? session.userId : null;
  const token = session.scToken?.value ?? null;
  const [messages, setMessages] = useState<ChatMessage[]>([]);
  const [status, setStatus] = useState<MatchChatState['status']>('loading');
  const [hasMore, setHasMore] = useState(false);
  const [canModerate, setCanModerate] = useState(false);
  const [loadingOlder, setLoadingOlder] = useState(false);
  const [version, setVersion] = useState(0);
  const take = useCallback(
    (message: ChatMessage) => setMessages((list) => mergeMessages(list, [message])),
    [],
  );

  // `version` re-reads on purpose (a reconnect).
  useEffect(() => {
    if (!userId) {
      setStatus('hidden');
      return;
    }
    const controller = new AbortController();
    fetchChatPage(matchSeriesId, null, controller.signal)
      .then((page) => {
        setMessages((list) => (version === 0 ? page.messages : mergeMessages(list, page.messages)));
        if (version === 0) setHasMore(page.hasMore);
        setCanModerate(page.canModerate);
        setStatus('ready');
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        if (error instanceof ApiError && HIDDEN.has(error.status)) {
          setStatus('hidden');
          return;
        }
        setStatus('error');
        void reportError(error, { matchChat: 'read' });
      });
    return () => controller.abort();
  }, [matchSeriesId, userId, version]);

  useEffect(() => {
    const client = realtimeFor(userId, token);
    if (!client) return;
    const off = client.subscribe((message) => {
      if (message.event === MATCH_CHAT_EVENT && message.data.matchSeries.id === matchSeriesId)
        take(unwrapMessage(message.data.message));
    });
    const offReconnect = client.onReconnect(() => setVersion((v) => v + 1));
    return () => {
      off();
      offReconnect();
    };
  }, [matchSeriesId, userId, token, take]);

  const oldest = messages[0]?.id ?? null;
  const loadOlder = useCallback(() => {
    if (!oldest) return;
    setLoadingOlder(true);
    fetchChatPage(matchSeriesId, oldest)
      .then((page) => {
        setMessages((list) => mergeMessages(list, page.messages));
        setHasMore(page.hasMore);
      })
      .catch((error: unknown) => void reportError(error, { matchChat: 'older' }))
      .finally(() => setLoadingOlder(false));
  }, [matchSeriesId, oldest]);

  return { status, messages, hasMore, canModerate, loadingOlder, loadOlder, take };
}
