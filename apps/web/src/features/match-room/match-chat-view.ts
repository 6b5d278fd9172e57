import type { ChatMessage } from './match-chat-api';

/** Adds or replaces (by id) messages, oldest first: the order of the server (time, then id). */
export function mergeMessages(
  current: readonly ChatMessage[],
  incoming: readonly ChatMessage[],
): ChatMessage[] {
  const byId = new Map(current.map((m) => [m.id, m]));
  for (const message of incoming) byId.set(message.id, message);
  return [...byId.values()].sort((a, b) => {
    const at = Date.parse(a.createdAt) - Date.parse(b.createdAt);
    return at !== 0 ? at : a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
  });
}

export interface SideNames {
  home: string;
  away: string;
}

/** The translation key and values of a system notice (matchchat:notice.*). */
export function noticeKey(
  notice: NonNullable<ChatMessage['notice']>,
  names: SideNames,
): { key: string; values: Record<string, string | number> } {
  const p = notice.params;
  switch (notice.type) {
    case 'check_in':
      return { key: 'notice.checkIn', values: { team: String(p.team ?? '') } };
    case 'war_started':
      return { key: 'notice.warStarted', values: {} };
    case 'result_recorded':
      return {
        key: 'notice.result',
        values: {
          home: names.home,
          away: names.away,
          homeStars: p.homeStars ?? '–',
          awayStars: p.awayStars ?? '–',
        },
      };
    case 'pickban_step': {
      if (p.step === null || p.step === undefined) return { key: 'notice.pickbanOpen', values: {} };
      const team = p.side === 'away' ? names.away : names.home;
      const action = p.action === 'pick' ? 'pick' : 'ban';
      const key = p.auto ? `notice.pickbanAuto.${action}` : `notice.pickban.${action}`;
      return { key, values: { team, step: Number(p.step) } };
    }
  }
}
