import { useSyncExternalStore } from 'react';
import type { MatchSeriesValue } from '../matches/match-series-api';
import type { MissedBy, PromptMode } from './checkin-rules';

/** The stage segment of a check-in, as the overlays show it. */
export interface CheckInSegment {
  id: string;
  name: string;
  mode: PromptMode;
}

export interface MissedNotice {
  seriesId: string;
  by: MissedBy;
}

export type SegmentCheckInPhase = 'idle' | 'submitting' | 'waiting' | 'done';

/** Check-in state of this tab: the match prompt, the segment check-in modal and the notices. */
export interface CheckInState {
  /** The captain's match inside its 5-minute check-in window (null: no prompt). */
  series: MatchSeriesValue | null;
  seriesSegment: CheckInSegment | null;
  /** The captain folded the prompt away (the Check In button brings it back). */
  folded: boolean;
  /** START WAR is running (one at a time). */
  loading: boolean;
  /** The prompt's match this captain checked in to, waiting for the opponent. */
  checkedInSeriesId: string | null;
  /** The select-five list of a non-qualifier check-in is open. */
  selectOpen: boolean;
  /** The segment the roster may check in to now (Tournament Check In), and the roster's flag. */
  tournamentSegment: CheckInSegment | null;
  checkedIn: boolean | null;
  segmentModalOpen: boolean;
  segmentPhase: SegmentCheckInPhase;
  notices: MissedNotice[];
}

const INITIAL: CheckInState = {
  series: null,
  seriesSegment: null,
  folded: false,
  loading: false,
  checkedInSeriesId: null,
  selectOpen: false,
  tournamentSegment: null,
  checkedIn: null,
  segmentModalOpen: false,
  segmentPhase: 'idle',
  notices: [],
};

let state: CheckInState = INITIAL;
const listeners = new Set<() => void>();

export const getCheckIns = (): CheckInState => state;

export function updateCheckIns(patch: Partial<CheckInState>): void {
  state = { ...state, ...patch };
  for (const listener of listeners) listener();
}

/** Shows (or hides, with null) the prompt; a new match unfolds it. */
export function showCheckInPrompt(series: MatchSeriesValue | null, segment: CheckInSegment | null): void {
  if (state.series?.id === series?.id && state.series?.state === series?.state) return;
  const fresh = series != null && series.id !== state.series?.id;
  updateCheckIns({
    series,
    seriesSegment: series ? segment : null,
    folded: fresh ? false : state.folded,
    selectOpen: series ? state.selectOpen : false,
  });
}

/** Adds a missed-check-in notice once per series and side. */
export function addMissedNotice(notice: MissedNotice): void {
  if (state.notices.some((n) => n.seriesId === notice.seriesId && n.by === notice.by)) return;
  updateCheckIns({ notices: [...state.notices, notice] });
}

export function dismissMissedNotice(notice: MissedNotice): void {
  updateCheckIns({ notices: state.notices.filter((n) => n !== notice) });
}

export function resetCheckIns(): void {
  state = INITIAL;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function useCheckIns(): CheckInState {
  return useSyncExternalStore(subscribe, getCheckIns, getCheckIns);
}
