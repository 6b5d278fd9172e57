import './ladder.css';
import { CheckinPrompt } from './checkin-prompt';
import { useIsErrorPage } from './error-page-flag';
import { MatchFoundModal } from './match-found-modal';
import { QueueDock } from './queue-dock';
import { SegmentCheckinModal } from './segment-checkin-modal';
import { SelectFiveModal } from './select-five-modal';
import { StartWarModal } from './start-war-modal';

/** Overlays hosted on every page (spec 2); the check-in prompt is hidden on error pages. */
export function OverlayHost() {
  const isErrorPage = useIsErrorPage();
  return (
    <div className="overlay-host" data-testid="overlay-host">
      {isErrorPage ? null : <CheckinPrompt />}
      <QueueDock />
      <MatchFoundModal />
      <StartWarModal />
      <SelectFiveModal />
      <SegmentCheckinModal />
    </div>
  );
}
