import { PICKBAN_STEP_EVENT } from '@cwh/contract/constants';
import { useCallback, useEffect, useState } from 'react';
import { reportError } from '../../lib/error-reporter';
import { realtimeFor } from '../../lib/realtime';
import { useSession } from '../session/session-store';
import { type Challenge, fetchCategoryItems, fetchSeriesChallenges, type VetoItem } from './pickban-api';

/** After a turn's deadline, how long to wait for the hub's choice before reading again (the socket usually wins). */
const AFTER_DEADLINE_MS = 2_000;

export interface SeriesVeto {
  challenge: Challenge | null;
  items: ReadonlyMap<string, VetoItem>;
  status: 'loading' | 'ready' | 'error';
  /** Takes the challenge a vote answered with, without waiting for the socket. */
  replace: (challenge: Challenge) => void;
  /** Reads again (after a refused vote: the board was out of date). */
  reload: () => void;
}

/**
 * The pick and ban of one match series, kept current: read on mount, again on every
 * `pickban:challenge_updated` of this series and on a socket reconnect (notices sent meanwhile
 * are lost), once a turn's deadline has passed (the hub then chooses), and every `pollMs` if given.
 */
export function useSeriesVeto(matchSeriesId: string | null, pollMs?: number): SeriesVeto {
  const session = useSession();
  const signedIn = session.status === 'signedIn';
  const userId = signedIn ? session.userId : null;
  const token = session.scToken?.value ?? null;
  const [challenge, setChallenge] = useState<Challenge | null>(null);
  const [items, setItems] = useState<ReadonlyMap<string, VetoItem>>(new Map());
  const [status, setStatus] = useState<SeriesVeto['status']>('loading');
  const [version, setVersion] = useState(0);
  const reload = useCallback(() => setVersion((v) => v + 1), []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `version` and the viewer re-run the read on purpose
  useEffect(() => {
    if (!matchSeriesId) return;
    const controller = new AbortController();
    fetchSeriesChallenges(matchSeriesId, controller.signal)
      .then(async (challenges) => {
        const first = challenges[0] ?? null;
        if (first && !controller.signal.aborted) {
          const list = await fetchCategoryItems(first.categoryId, controller.signal);
          setItems(new Map(list.map((item) => [item.id, item])));
        }
        setChallenge(first);
        setStatus('ready');
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        setStatus('error');
        void reportError(error, { pickban: 'read' });
      });
    return () => controller.abort();
  }, [matchSeriesId, version, userId]);

  useEffect(() => {
    if (!matchSeriesId) return;
    const client = realtimeFor(userId, token);
    if (!client) return;
    const off = client.subscribe((message) => {
      if (message.event === PICKBAN_STEP_EVENT && message.data.matchSeries.id === matchSeriesId) reload();
    });
    const offReconnect = client.onReconnect(reload);
    return () => {
      off();
      offReconnect();
    };
  }, [matchSeriesId, userId, token, reload]);

  // Views without a socket (the broadcast view is signed out) read again on a period.
  useEffect(() => {
    if (!pollMs) return;
    const timer = setInterval(reload, pollMs);
    return () => clearInterval(timer);
  }, [pollMs, reload]);

  const deadline = challenge?.status === 'open' ? challenge.turnEndsAt : null;
  useEffect(() => {
    if (!deadline) return;
    const wait = Math.max(0, Date.parse(deadline) - Date.now()) + AFTER_DEADLINE_MS;
    const timer = setTimeout(reload, wait);
    return () => clearTimeout(timer);
  }, [deadline, reload]);

  return { challenge, items, status, replace: setChallenge, reload };
}
