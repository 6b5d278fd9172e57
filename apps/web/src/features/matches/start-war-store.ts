import { useSyncExternalStore } from 'react';
import type { MatchSeriesValue } from './match-series-api';

/**
 * The captain's upcoming match series the start-war modal is about (null: none), and the ones the
 * captain closed. A closed series keeps its place here (My Team and the match page still offer
 * START WAR for it) but its modal stays closed: the closed ids are kept in localStorage, so a reload
 * or another page does not bring the modal back for that match; a new match shows it again.
 */
interface StartWarState {
  series: MatchSeriesValue | null;
  dismissed: ReadonlySet<string>;
}

/** localStorage key of the closed series ids (most recent last). */
export const START_WAR_DISMISSED_KEY = 'cwh.startWar.dismissed';
/** The most ids kept: a captain plays a few matches a day, older ones can go. */
const KEPT = 20;

function readDismissed(): Set<string> {
  try {
    const raw = localStorage.getItem(START_WAR_DISMISSED_KEY);
    const list: unknown = raw ? JSON.parse(raw) : [];
    return new Set(Array.isArray(list) ? list.filter((id): id is string => typeof id === 'string') : []);
  } catch {
    return new Set();
  }
}

function writeDismissed(ids: ReadonlySet<string>): void {
  try {
    localStorage.setItem(START_WAR_DISMISSED_KEY, JSON.stringify([...ids].slice(-KEPT)));
  } catch {
    // private mode: the modal stays closed for this tab only
  }
}

let state: StartWarState = { series: null, dismissed: readDismissed() };
const listeners = new Set<() => void>();
const emit = () => {
  for (const listener of listeners) listener();
};

export const getStartWar = () => state;

/** The modal shows: a series, and the captain did not close it. */
export function startWarModalOpen(current: StartWarState = state): boolean {
  return current.series != null && !current.dismissed.has(current.series.id);
}

export function showStartWar(series: MatchSeriesValue | null): void {
  if (state.series?.id === series?.id && state.series?.state === series?.state) return;
  state = { ...state, series };
  emit();
}

/** Closes the modal for the current series, for good (this tab, a reload, another page). */
export function dismissStartWar(): void {
  if (!state.series || state.dismissed.has(state.series.id)) return;
  const dismissed = new Set([...state.dismissed, state.series.id]);
  writeDismissed(dismissed);
  state = { ...state, dismissed };
  emit();
}

/** Tests: forgets the series and every closed id. */
export function resetStartWar(): void {
  writeDismissed(new Set());
  state = { series: null, dismissed: new Set() };
  emit();
}

export function useStartWar(): StartWarState {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getStartWar,
    getStartWar,
  );
}
