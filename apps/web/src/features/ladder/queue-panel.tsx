import { MATCHMAKING_REMATCH_GRACE_MS } from '@cwh/domain';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDuration } from '../../lib/durations';
import { leave } from './queue-actions';
import { updateQueue, useQueue } from './queue-store';

function useElapsed(since: number | null): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (since == null) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 1_000);
    return () => clearInterval(timer);
  }, [since]);
  return since == null ? 0 : Math.max(0, now - since);
}

/** After this long in the queue the panel says why a match can take a while (the rematch grace). */
export const REMATCH_HINT_AFTER_MS = 10_000;

/** Spec 2 Queue button for the captain: Find Match, then "waiting for match" with Leave Queue. */
export function QueuePanel({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation('ladder');
  const queue = useQueue();
  const elapsed = useElapsed(queue.status === 'inQueue' ? queue.joinedAt : null);
  if (!queue.available) return null;

  return (
    <section
      className={compact ? 'queue-panel queue-panel--compact card' : 'queue-panel card'}
      data-testid="queue-panel"
      data-status={queue.status}
      aria-live="polite"
    >
      {queue.status === 'none' ? (
        <>
          <div className="queue-panel__text">
            <p className="queue-panel__title">{t('queue.readyTitle')}</p>
            {compact ? null : <p className="muted">{t('queue.readyHint')}</p>}
          </div>
          <button
            type="button"
            className="button button--primary"
            data-testid="find-match-button"
            disabled={queue.busy}
            onClick={() => updateQueue({ selectOpen: true })}
          >
            {t('queue.findMatch')}
          </button>
        </>
      ) : queue.status === 'inQueue' ? (
        <>
          <span className="queue-panel__pulse" aria-hidden="true" />
          <div className="queue-panel__text">
            <p className="queue-panel__title" data-testid="queue-status">
              {t('queue.waiting')}
            </p>
            <p className="muted" data-testid="queue-elapsed">
              {t('queue.elapsed', { time: formatDuration(elapsed) })}
            </p>
            {!compact && elapsed >= REMATCH_HINT_AFTER_MS ? (
              <p className="muted queue-panel__hint" data-testid="queue-rematch-hint">
                {t('queue.rematchHint', { time: formatDuration(MATCHMAKING_REMATCH_GRACE_MS) })}
              </p>
            ) : null}
          </div>
          <button
            type="button"
            className="button button--ghost"
            data-testid="leave-queue-button"
            disabled={queue.busy}
            onClick={() => void leave()}
          >
            {t('queue.leave')}
          </button>
        </>
      ) : (
        <div className="queue-panel__text">
          <p className="queue-panel__title" data-testid="queue-status">
            {t('queue.accepted')}
          </p>
          <p className="muted">{t('queue.stayOnHub')}</p>
        </div>
      )}
    </section>
  );
}
