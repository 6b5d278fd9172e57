import { TEAM_SIZE, teamSelectionMax } from '@cwh/domain';
import { useEffect, useState } from 'react';
import { fetchEventSegments } from '../events/ladder-segment';
import type { SessionState } from '../session/session-store';

/**
 * The most players the team may list (domain teamSelectionMax of the team's segment: playersMax
 * plus standby places), read from the event's segments (cached for the page's life). Until they are
 * in, or when they cannot be read, the team size of the spec (5), which every seeded segment has.
 */
export function useTeamSizeLimit(
  session: Pick<SessionState, 'activeEventId' | 'activeSegmentId' | 'roster'>,
) {
  const eventId = session.activeEventId;
  const segmentId = session.roster?.segmentId ?? session.activeSegmentId;
  const [max, setMax] = useState(TEAM_SIZE);
  useEffect(() => {
    if (!eventId || !segmentId) return;
    let live = true;
    fetchEventSegments(eventId).then(
      (all) => {
        const segment = all.find((candidate) => candidate.id === segmentId);
        if (live && segment) setMax(teamSelectionMax(segment.attributes));
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [eventId, segmentId]);
  return max;
}
