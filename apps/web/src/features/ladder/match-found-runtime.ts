import type { ErrorRoute } from '@cwh/domain';
import { reportError } from '../../lib/error-reporter';
import { createWarLink } from '../war/war-api';
import { acceptMatchUp, declineMatchUp } from './ladder-api';
import { MatchFoundMachine } from './match-found-machine';
import { setQueueStatus } from './queue-store';

type Go = (path: string) => void;

let navigate: Go = (path) => window.location.assign(path);

/** Internal links (`/simulator/war/…`) stay in the hub; anything else (the game's scheme) is opened. */
export function openWarLink(link: string, go: Go = navigate): void {
  if (link.startsWith('/')) go(link);
  else window.location.assign(link);
}

/** The one match found modal of the tab. */
export const matchFound = new MatchFoundMachine({
  accept: acceptMatchUp,
  decline: declineMatchUp,
  createWar: createWarLink,
  openLink: (link) => openWarLink(link),
  setQueueStatus: (status) => setQueueStatus(status),
  navigate: (route: ErrorRoute) => navigate(route),
  report: (error) => void reportError(error),
  now: () => Date.now(),
});

/** The overlay host hands in the router's navigation (keeps the locale prefix). */
export function bindLadderNavigation(go: Go): () => void {
  navigate = go;
  return () => {
    if (navigate === go) navigate = (path) => window.location.assign(path);
  };
}
