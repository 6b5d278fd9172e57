import { useCallback, useEffect, useRef, useState } from 'react';
import { useGoTo } from '../../i18n/use-locale';
import { refreshClan } from '../session/load-session';
import { getSession, useSession } from '../session/session-store';
import { teamErrorRoute } from './error-route';

/**
 * Runs a team call: busy flag while it runs, the clan reloaded after it, and any failure routed to
 * its spec 8 error page.
 */
export function useTeamAction() {
  const go = useGoTo();
  const [busy, setBusy] = useState(false);
  const run = useCallback(
    async <T>(action: () => Promise<T>, options: { reload?: boolean } = {}): Promise<T | undefined> => {
      setBusy(true);
      try {
        const result = await action();
        if (options.reload !== false) await refreshClan().catch(() => undefined);
        return result;
      } catch (error) {
        go(teamErrorRoute(error, { isChinese: getSession().isChinese }));
        return undefined;
      } finally {
        setBusy(false);
      }
    },
    [go],
  );
  return { busy, run };
}

/** The session, with the clan reloaded once when a team page opens (the clan may have changed). */
export function useFreshClan() {
  const session = useSession();
  const [loading, setLoading] = useState(
    Boolean(session.scToken && session.clan && !session.thNotHighEnough),
  );
  const go = useGoTo();
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const current = getSession();
    if (!current.scToken || !current.clan || current.thNotHighEnough) {
      setLoading(false);
      return;
    }
    refreshClan()
      .catch((error) => go(teamErrorRoute(error, { isChinese: current.isChinese })))
      .finally(() => setLoading(false));
  }, [go]);
  return { session, loading };
}
