import type { Db, Executor } from '../../db/client.js';
import type { Notice, Notify } from '../ladder/ladder-notices.js';
import { openChallenge, type PickbanDeps } from './pickban-service.js';

/**
 * The pick-and-ban deps of the running apps, by database: `openChallengesFor` is called by code
 * that has the database but not the app (the brackets' series creation, like the check-in
 * deadlines). Every app on a database writes the same tables and pg-boss queues, so any will do.
 */
const openers = new WeakMap<object, Set<PickbanDeps>>();

export function registerChallengeOpener(db: Db, deps: PickbanDeps): () => void {
  const set = openers.get(db) ?? new Set<PickbanDeps>();
  openers.set(db, set);
  set.add(deps);
  return () => set.delete(deps);
}

/**
 * Called in the transaction that creates stage match series (a new stage, a new swiss round):
 * opens the pick and ban of each series due one (its segment has a veto, both teams are known).
 * Answers what to run after the commit (the socket notices to both captains). A database no app
 * runs on (the seed) opens nothing here: the app opens them at its start.
 */
export async function openChallengesFor(
  db: Db,
  seriesIds: readonly string[],
  tx: Executor,
): Promise<() => void> {
  const deps = [...(openers.get(db) ?? [])][0];
  if (!deps || seriesIds.length === 0) return () => {};
  const notices: Notice[] = [];
  // The notice log's deliveries (the first turn's captain), run with the socket notices.
  const logged: (() => void)[] = [];
  const after = { afterCommit: (effect: () => void) => logged.push(effect) };
  for (const id of seriesIds) notices.push(...((await openChallenge(deps, id, tx, after)) ?? []));
  const notify: Notify = deps.notify;
  return () => {
    notify(notices);
    for (const deliver of logged) deliver();
  };
}
