import type { SegmentResource } from '@cwh/contract';
import { useEffect, useMemo, useState } from 'react';
import { reportError } from '../../lib/error-reporter';
import { useNow } from '../../lib/ticker';
import { useLadderSegment } from '../events/ladder-segment';
import { fetchOwnStanding } from '../leaderboard/standings-api';
import { useSession } from '../session/session-store';
import { tournamentCheckInSegment } from './checkin-rules';
import { useCheckIns } from './checkin-store';

/** The last stage of the team's segment (the finals), by end date. */
export function finalStage(children: readonly SegmentResource[]): SegmentResource | null {
  return (
    [...children].sort((a, b) => Date.parse(b.attributes.date.to) - Date.parse(a.attributes.date.to))[0] ??
    null
  );
}

export interface StageTimelineValue {
  segments: SegmentResource['attributes'][];
  now: number;
  checkInPending: boolean;
  champion: boolean;
}

/**
 * What My Team needs for the stage phases (spec 4): the stages of the team's segment, whether a
 * stage check-in is waiting for this roster, and whether the roster won the finals (placement 1 in
 * the finished last stage's standings). Null until the segments are known.
 */
export function useStageTimeline(): StageTimelineValue | null {
  const session = useSession();
  const { checkedIn } = useCheckIns();
  const ladder = useLadderSegment(session.activeEventId, session.activeSegmentId);
  const value = ladder.status === 'ready' ? ladder.value : null;
  const now = useNow(60_000);
  const rosterId = session.roster?.id ?? null;
  const children = useMemo(
    () => (value?.stage ? value.all.filter((s) => s.relationships?.parent.data?.id === value.stage?.id) : []),
    [value],
  );
  const last = finalStage(children);
  const lastDone =
    last != null &&
    last.attributes.eliminationType !== 'ladder' &&
    Date.parse(last.attributes.date.to) < now.getTime();
  const lastId = lastDone ? last.id : null;
  const [champion, setChampion] = useState(false);
  useEffect(() => {
    setChampion(false);
    if (!lastId || !rosterId) return;
    let live = true;
    fetchOwnStanding(lastId, rosterId).then(
      (standing) => live && setChampion(standing?.placement === 1),
      (error) => void reportError(error, { checkins: 'finals standing' }),
    );
    return () => {
      live = false;
    };
  }, [lastId, rosterId]);

  if (!value) return null;
  return {
    segments: children.map((child) => child.attributes),
    now: now.getTime(),
    checkInPending: checkedIn === false && tournamentCheckInSegment(children, now) != null,
    champion,
  };
}
