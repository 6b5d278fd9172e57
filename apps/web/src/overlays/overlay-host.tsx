import './ladder.css';
import { useLocation } from 'react-router';
import { onSimulatorPage } from '../features/checkins/match-checkin-prompt';
import { TurnBanner } from '../features/match-room/turn-banner';
import { CheckinPrompt } from './checkin-prompt';
import { useIsErrorPage } from './error-page-flag';
import { MatchFoundModal } from './match-found-modal';
import { QueueDock } from './queue-dock';
import { SegmentCheckinModal } from './segment-checkin-modal';
import { SelectFiveModal } from './select-five-modal';
import { StartWarModal } from './start-war-modal';

/**
 * Overlays hosted on every page (spec 2); the check-in prompt is hidden on error pages. The
 * simulated game's own pages (its war screen) are never covered: there the overlays keep running
 * (the ladder's socket and polls, the match-found timings) but show nothing.
 */
export function OverlayHost() {
  const isErrorPage = useIsErrorPage();
  const inGame = onSimulatorPage(useLocation().pathname);
  return (
    <div className="overlay-host" data-testid="overlay-host">
      {isErrorPage ? null : <CheckinPrompt />}
      <QueueDock />
      <MatchFoundModal hidden={inGame} />
      <StartWarModal hidden={inGame} />
      {inGame ? null : <SelectFiveModal />}
      {inGame ? null : <SegmentCheckinModal />}
      {inGame ? null : <TurnBanner />}
    </div>
  );
}
