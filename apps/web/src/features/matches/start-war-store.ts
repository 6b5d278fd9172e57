import { useSyncExternalStore } from 'react';
import type { MatchSeriesValue } from './match-series-api';

/** The match series the start-war modal is about (null: hidden), and the ones the user closed. */
interface StartWarState {
  series: MatchSeriesValue | null;
  dismissed: ReadonlySet<string>;
}

let state: StartWarState = { series: null, dismissed: new Set() };
const listeners = new Set<() => void>();
const emit = () => {
  for (const listener of listeners) listener();
};

export const getStartWar = () => state;

export function showStartWar(series: MatchSeriesValue | null): void {
  if (series && state.dismissed.has(series.id)) return;
  if (state.series?.id === series?.id && state.series?.state === series?.state) return;
  state = { ...state, series };
  emit();
}

export function dismissStartWar(): void {
  if (!state.series) return;
  state = { series: null, dismissed: new Set([...state.dismissed, state.series.id]) };
  emit();
}

export function resetStartWar(): void {
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
