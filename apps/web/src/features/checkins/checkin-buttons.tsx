import { useTranslation } from 'react-i18next';
import type { SessionState } from '../session/session-store';
import { showTournamentCheckIn } from './checkin-rules';
import { updateCheckIns, useCheckIns } from './checkin-store';

/**
 * My Team's check-in buttons (spec 2), each only when it applies: Tournament Check In while the
 * captain's locked roster may check in to a stage; Check In while a match is in its check-in
 * window (it brings the prompt back if it was folded away).
 */
export function CheckInButtons({ session }: { session: SessionState }) {
  const { t } = useTranslation('checkins');
  const { tournamentSegment, checkedIn, series, seriesSegment, segmentPhase } = useCheckIns();
  const captain = { isCaptain: session.isCaptain, rosterLocked: session.roster?.locked ?? false };
  const tournament = showTournamentCheckIn({ ...captain, checkedIn, segment: tournamentSegment });
  const match = captain.isCaptain && series != null && seriesSegment != null;
  return (
    <>
      {tournament ? (
        <button
          type="button"
          className="button button--primary"
          data-testid="tournament-check-in"
          disabled={segmentPhase !== 'idle'}
          onClick={() => updateCheckIns({ segmentModalOpen: true })}
        >
          {t('buttons.tournamentCheckIn')}
        </button>
      ) : null}
      {match ? (
        <button
          type="button"
          className="button button--primary"
          data-testid="match-check-in"
          onClick={() => {
            updateCheckIns({ folded: false });
            document.getElementById('checkin-prompt-title')?.scrollIntoView({ block: 'nearest' });
          }}
        >
          {t('buttons.checkIn')}
        </button>
      ) : null}
    </>
  );
}
