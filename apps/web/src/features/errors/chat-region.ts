import type { ErrorCodeEntry } from '@cwh/domain';

/** Which chat app an error text names: the Chinese messaging app or the community chat. */
export type ChatRegion = 'china' | 'community';

/**
 * Region flag `?region=china|cn|global` wins; without it the code decides (domain: 9 names the
 * community chat, 10 the Chinese messaging app); anything else is the community chat.
 * The session's isChinese flag is not read: error pages show at once, before the session's initial
 * load has answered, and a link names its region itself.
 */
export function chatRegion(search: URLSearchParams, entry: ErrorCodeEntry | null): ChatRegion {
  const flag = search.get('region')?.toLowerCase();
  if (flag === 'china' || flag === 'cn') return 'china';
  if (flag) return 'community';
  return entry?.chatApp === 'chineseMessaging' ? 'china' : 'community';
}
