import type { ChatHistoryDocument, ChatMessageDocument, ChatMessageResource } from '@cwh/contract';
import { API } from '@cwh/contract/constants';
import { ApiError } from '../../lib/api-client';
import { authApi } from '../session/session-api';

export type ChatMessage = ChatMessageResource['attributes'] & { id: string };

export interface ChatPage {
  /** Oldest first (the server answers newest first). */
  messages: ChatMessage[];
  hasMore: boolean;
  canModerate: boolean;
}

export const unwrapMessage = (resource: ChatMessageResource): ChatMessage => ({
  ...resource.attributes,
  id: resource.id,
});

/** GET /history?filter[matchSeries.id]&page[before]: a page of the room, older than `before`. */
export async function fetchChatPage(
  matchSeriesId: string,
  before?: string | null,
  signal?: AbortSignal,
): Promise<ChatPage> {
  const document = await authApi.get<ChatHistoryDocument>(`${API.chat}/history`, {
    query: { 'filter[matchSeries.id]': matchSeriesId, ...(before ? { 'page[before]': before } : {}) },
    ...(signal ? { signal } : {}),
  });
  return {
    messages: document.data.map(unwrapMessage).reverse(),
    hasMore: document.meta.page.hasMore,
    canModerate: document.meta.room.canModerate,
  };
}

/** POST /history: the caller's message in the room. */
export async function sendChatMessage(matchSeriesId: string, body: string): Promise<ChatMessage> {
  const document = await authApi.post<ChatMessageDocument>(`${API.chat}/history`, {
    data: { type: 'chat-messages', attributes: { matchSeriesId, body } },
  });
  return unwrapMessage(document.data);
}

/** DELETE /history/{id}: a moderator removes a message (it stays, shown as removed). */
export async function removeChatMessage(id: string): Promise<ChatMessage> {
  const document = await authApi.delete<ChatMessageDocument>(`${API.chat}/history/${encodeURIComponent(id)}`);
  return unwrapMessage(document.data);
}

/** Why a call was refused, for a translated text (matchchat:refusal.*), with the wait of a rate limit. */
export function chatRefusal(error: unknown): { reason: string; seconds: number } {
  if (!(error instanceof ApiError)) return { reason: 'other', seconds: 0 };
  const first = error.errors[0];
  const seconds = Number(first?.meta?.retryAfterSeconds ?? 0) || 0;
  const known = [
    'RATE_LIMITED',
    'VALIDATION_FAILED',
    'FORBIDDEN',
    'NOT_FOUND',
    'CONFLICT',
    'UNAUTHENTICATED',
  ];
  return { reason: first?.code && known.includes(first.code) ? first.code : 'other', seconds };
}
