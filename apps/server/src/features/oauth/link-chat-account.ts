import type { Db } from '../../db/client.js';
import { runInUnitOfWork, SYSTEM_ACTOR } from '../../db/unit-of-work.js';
import { type ChatAccountRow, createPlayerRepository } from '../players/player-repository.js';

/** Links the hub user's community chat account (one per provider), as one unit of work. */
export function linkChatAccount(
  deps: { db: Db; now: () => Date },
  account: { userId: string; provider: string; externalId: string; username: string },
): Promise<ChatAccountRow> {
  const players = createPlayerRepository(deps.db);
  return runInUnitOfWork(deps, SYSTEM_ACTOR, (tx) =>
    players.linkChatAccount({ ...account, linkedAt: deps.now() }, tx),
  );
}
