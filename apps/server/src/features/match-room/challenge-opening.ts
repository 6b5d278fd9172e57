import type { Executor } from '../../db/client.js';
import type { Notice } from '../ladder/ladder-notices.js';
import { openChallenge, type PickbanDeps } from './pickban-service.js';

/**
 * Opens the pick and ban of stage series in the transaction that creates them (a new stage, a new
 * swiss round) or makes their teams known (a bracket result): each series due one (its segment has
 * a veto, both teams are known). Answers what to run after the commit (the socket notices to both
 * captains).
 */
export type OpenChallenges = (seriesIds: readonly string[], tx: Executor) => Promise<() => void>;

/** The app's `OpenChallenges` over its pick-and-ban deps, handed at composition (app.ts) to the brackets. */
export function createChallengeOpener(deps: PickbanDeps): OpenChallenges {
  return async (seriesIds, tx) => {
    if (seriesIds.length === 0) return () => {};
    const notices: Notice[] = [];
    // The notice log's deliveries (the first turn's captain), run with the socket notices.
    const logged: (() => void)[] = [];
    const after = { afterCommit: (effect: () => void) => logged.push(effect) };
    for (const id of seriesIds) notices.push(...((await openChallenge(deps, id, tx, after)) ?? []));
    const notify = deps.notify;
    return () => {
      notify(notices);
      for (const deliver of logged) deliver();
    };
  };
}
