import type { ErrorCodeEntry } from '@cwh/domain';

/** Which chat app an error text names: the Chinese messaging app or the community chat. */
export type ChatRegion = 'china' | 'community';

/** What the error page knows of the session's region (session store: region, isChinese). */
export interface SessionRegion {
  /** The visitor's country from the trace endpoint; null until the initial load resolved it. */
  region: string | null;
  isChinese: boolean;
}

/**
 * Errors 9, 10, 21 and 22 name the Chinese messaging app for the China region and the community
 * chat elsewhere (spec 8). A region flag `?region=china|cn|global` in the link wins; then the
 * session's region once the initial load resolved it; before that (error pages show at once) the
 * code's own variant (domain: 9 and 22 the community chat, 10 and 21 the Chinese messaging app).
 */
export function chatRegion(
  search: URLSearchParams,
  entry: ErrorCodeEntry | null,
  session: SessionRegion,
): ChatRegion {
  const flag = search.get('region')?.toLowerCase();
  if (flag === 'china' || flag === 'cn') return 'china';
  if (flag) return 'community';
  if (session.region !== null) return session.isChinese ? 'china' : 'community';
  return entry?.chatApp === 'chineseMessaging' ? 'china' : 'community';
}
