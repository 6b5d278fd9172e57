import type { Db } from '../../db/client.js';
import { runInUnitOfWork, SYSTEM_ACTOR } from '../../db/unit-of-work.js';
import { createPlayerRepository } from '../players/player-repository.js';

/** Stores the age gate's answer on the hub user and the player's profile together, as one unit of work. */
export function storeDateOfBirth(
  deps: { db: Db; now: () => Date },
  input: { userId: string | null; playerTag: string | null; dateOfBirth: string },
): Promise<void> {
  const players = createPlayerRepository(deps.db);
  return runInUnitOfWork(deps, SYSTEM_ACTOR, async (tx) => {
    if (input.userId) await players.setUserDateOfBirth(input.userId, input.dateOfBirth, tx);
    if (input.playerTag)
      await players.setProfileDateOfBirth(input.playerTag, input.dateOfBirth, deps.now(), tx);
  });
}
