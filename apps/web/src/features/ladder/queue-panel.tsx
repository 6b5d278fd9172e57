import { type QueueScreen, queueScreen } from '@cwh/domain';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLocale, useLocalizedPath } from '../../i18n/use-locale';
import { formatDateTime } from '../../lib/dates';
import { formatDuration } from '../../lib/durations';
import { useNowMs } from '../../lib/ticker';
import { leave } from './queue-actions';
import { type QueueState, updateQueue, useQueue } from './queue-store';

const screenOf = (queue: QueueState, now: number): QueueScreen =>
  queueScreen({ status: queue.status, entry: queue.entry, match: queue.match }, now);

function Ready({
  screen,
  compact,
  busy,
}: {
  screen: QueueScreen & { kind: 'ready' };
  compact: boolean;
  busy: boolean;
}) {
  const { t } = useTranslation('ladder');
  return (
    <>
      <div className="queue-panel__text">
        {screen.ended ? (
          <p className="queue-panel__ended" data-testid="queue-ended" data-ended={screen.ended}>
            {t(`queue.ended.${screen.ended}`)}
          </p>
        ) : null}
        {/* The docked bar stays short: its Find Match button is the next step. */}
        {screen.ended && !compact ? <p className="muted">{t('queue.ended.next')}</p> : null}
        <p className="queue-panel__title">{t('queue.readyTitle')}</p>
        {compact ? null : <p className="muted">{t('queue.readyHint')}</p>}
      </div>
      <button
        type="button"
        className="button button--primary"
        data-testid="find-match-button"
        disabled={busy}
        onClick={() => updateQueue({ selectOpen: true })}
      >
        {t('queue.findMatch')}
      </button>
    </>
  );
}

function Waiting({
  screen,
  elapsed,
  busy,
  compact,
}: {
  screen: QueueScreen & { kind: 'waiting' | 'pending' };
  elapsed: number;
  busy: boolean;
  compact: boolean;
}) {
  const { t } = useTranslation('ladder');
  const rematch = screen.kind === 'waiting' ? screen.rematch : null;
  const team = rematch?.opponent ?? t('common:tbd');
  // Docked, the countdown alone; on the competition page, with why (and the rule once it is over).
  const rematchText = !rematch
    ? null
    : rematch.waitMs === 0
      ? t('queue.rematch.rule', { team, grace: formatDuration(rematch.graceMs) })
      : compact
        ? t('queue.rematch.short', { team, time: formatDuration(rematch.waitMs) })
        : t('queue.rematch.countdown', {
            team,
            time: formatDuration(rematch.waitMs),
            grace: formatDuration(rematch.graceMs),
          });
  return (
    <>
      <span className="queue-panel__pulse" aria-hidden="true" />
      <div className="queue-panel__text">
        <p className="queue-panel__title" data-testid="queue-status">
          {screen.kind === 'pending' ? t('queue.pending') : t('queue.waiting')}
        </p>
        {screen.kind === 'waiting' ? (
          // Counters tick every second: read when reached, not announced on every tick.
          <p className="muted" data-testid="queue-elapsed" aria-live="off">
            {t('queue.elapsed', { time: formatDuration(elapsed) })}
          </p>
        ) : null}
        {rematch && (rematch.waitMs > 0 || !compact) ? (
          <p
            className="muted queue-panel__hint"
            data-testid="queue-rematch"
            data-wait-ms={rematch.waitMs}
            aria-live="off"
          >
            {rematchText}
          </p>
        ) : null}
      </div>
      {screen.kind === 'waiting' ? (
        <button
          type="button"
          className="button button--ghost"
          data-testid="leave-queue-button"
          disabled={busy}
          onClick={() => void leave()}
        >
          {t('queue.leave')}
        </button>
      ) : null}
    </>
  );
}

function Accepted({ screen, compact }: { screen: QueueScreen & { kind: 'accepted' }; compact: boolean }) {
  const { t } = useTranslation('ladder');
  const locale = useLocale();
  const localize = useLocalizedPath();
  const { match } = screen;
  if (!match) {
    return (
      <div className="queue-panel__text">
        <p className="queue-panel__title" data-testid="queue-status">
          {t('queue.accepted')}
        </p>
        <p className="muted">{t('queue.stayOnHub')}</p>
      </div>
    );
  }
  const team = match.opponent ?? t('common:tbd');
  return (
    <>
      <div className="queue-panel__text">
        <p className="queue-panel__title" data-testid="queue-status" data-stage={match.stage}>
          {match.stage === 'live'
            ? t('queue.match.live', { team })
            : t('queue.match.upcoming', { team, time: formatDateTime(match.date, locale) })}
        </p>
        {compact ? null : <p className="muted">{t('queue.match.findLater')}</p>}
      </div>
      <Link
        className="button button--primary"
        data-testid="queue-open-match"
        to={localize(`/match/${encodeURIComponent(match.id)}`)}
      >
        {t('queue.match.open')}
      </Link>
    </>
  );
}

/**
 * Spec 2 Queue button for the captain: Find Match (with how the last entry ended), then "waiting for
 * match" with the rematch wait and Leave Queue, a pending match-up, then the accepted match (its
 * stage and a link to it, never Find Match) until it is played.
 */
export function QueuePanel({ compact = false }: { compact?: boolean }) {
  const queue = useQueue();
  const waiting = queue.status === 'inQueue';
  // The shared ticker, every second while something on the panel counts.
  const now = useNowMs(1_000, waiting);
  if (!queue.available) return null;
  const screen = screenOf(queue, now);
  const elapsed = waiting && queue.joinedAt != null ? Math.max(0, now - queue.joinedAt) : 0;

  return (
    <section
      className={compact ? 'queue-panel queue-panel--compact card' : 'queue-panel card'}
      data-testid="queue-panel"
      data-status={queue.status}
      data-screen={screen.kind}
      aria-live="polite"
    >
      {screen.kind === 'ready' ? (
        <Ready screen={screen} compact={compact} busy={queue.busy} />
      ) : screen.kind === 'accepted' ? (
        <Accepted screen={screen} compact={compact} />
      ) : (
        <Waiting screen={screen} elapsed={elapsed} busy={queue.busy} compact={compact} />
      )}
    </section>
  );
}
