import { MATCHUP_ACCEPT_WINDOW_MS } from '@cwh/domain';
import { formatDuration, seconds as secondsMs } from '../lib/durations';
import { useNowMs } from '../lib/ticker';

const RADIUS = 44;
export const RING_CIRCUMFERENCE = 2 * Math.PI * RADIUS;

/** Part of the ring still drawn: 1 at the start of the 15 s window, 0 at the deadline. */
export function ringFraction(expiresAt: number, now: number, windowMs = MATCHUP_ACCEPT_WINDOW_MS): number {
  return Math.min(1, Math.max(0, (expiresAt - now) / windowMs));
}

/** The circular 15-second countdown, drawn from the server's deadline (stroke-dashoffset). */
export function CountdownRing({ expiresAt, label }: { expiresAt: number; label: string }) {
  const now = useNowMs(100);
  const fraction = ringFraction(expiresAt, now);
  const seconds = Math.max(0, Math.ceil((expiresAt - now) / 1000));
  return (
    <div className="countdown-ring" data-testid="countdown-ring" data-seconds={seconds}>
      <svg viewBox="0 0 100 100" aria-hidden="true">
        <circle className="countdown-ring__track" cx="50" cy="50" r={RADIUS} />
        <circle
          className={fraction < 0.34 ? 'countdown-ring__bar countdown-ring__bar--low' : 'countdown-ring__bar'}
          cx="50"
          cy="50"
          r={RADIUS}
          strokeDasharray={RING_CIRCUMFERENCE}
          strokeDashoffset={RING_CIRCUMFERENCE * (1 - fraction)}
        />
      </svg>
      <span className="countdown-ring__value" role="timer" aria-label={label}>
        {formatDuration(secondsMs(seconds))}
      </span>
    </div>
  );
}
