import { CheckInSelectModal } from '../features/checkins/checkin-select-modal';
import { MatchCheckInPrompt } from '../features/checkins/match-checkin-prompt';

/**
 * Match check-in prompt, fixed bottom right (spec 2), with the select-five modal of non-qualifier
 * check-ins; the host leaves it out on error pages.
 */
export function CheckinPrompt() {
  return (
    <>
      <MatchCheckInPrompt />
      <CheckInSelectModal />
    </>
  );
}
