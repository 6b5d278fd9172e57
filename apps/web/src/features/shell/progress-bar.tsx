import { PROGRESS_BAR_DURATION_MS, PROGRESS_BAR_THROTTLE_MS } from '@cwh/domain';
import { useEffect, useState } from 'react';
import { useNavigation } from 'react-router';

type Phase = 'hidden' | 'running' | 'done';

/** Top progress bar on navigation: shown only when a navigation lasts longer than the throttle. */
export function ProgressBar() {
  const busy = useNavigation().state !== 'idle';
  const [phase, setPhase] = useState<Phase>('hidden');

  useEffect(() => {
    if (busy) {
      const timer = setTimeout(() => setPhase('running'), PROGRESS_BAR_THROTTLE_MS);
      return () => clearTimeout(timer);
    }
    setPhase((current) => (current === 'running' ? 'done' : 'hidden'));
    const timer = setTimeout(() => setPhase('hidden'), 400);
    return () => clearTimeout(timer);
  }, [busy]);

  if (phase === 'hidden') return null;
  return (
    <div className="progress-bar" data-testid="progress-bar" aria-hidden="true">
      <div
        className={`progress-bar__fill progress-bar__fill--${phase}`}
        style={{ animationDuration: `${PROGRESS_BAR_DURATION_MS}ms` }}
      />
    </div>
  );
}
