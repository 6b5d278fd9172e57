import type { Db } from '../../db/client.js';
import type { GameAdapter } from '../../game/index.js';
import { createUserRepository } from '../auth/user-repository.js';
import { createEventRepository } from '../events/event-repository.js';
import { createPlayerRepository } from '../players/player-repository.js';
import { createRosterRepository } from '../rosters/roster-repository.js';
import type { ClanServiceOptions } from './clan-context.js';
import type { ClanDeps } from './clan-deps.js';
import { createClanLockService } from './clan-lock-service.js';
import { createClanRegistrationService } from './clan-registration-service.js';
import { createClanRosterAccess } from './clan-roster-access.js';
import { createClanSelectionService } from './clan-selection-service.js';

/** The clan hub: registration/users, team selection and captain, checks, lock and withdrawal. */
export function createClanService(db: Db, game: GameAdapter, options: ClanServiceOptions) {
  const rosters = createRosterRepository(db);
  const players = createPlayerRepository(db);
  const deps: ClanDeps = {
    db,
    game,
    options,
    rosters,
    players,
    users: createUserRepository(db),
    events: createEventRepository(db),
    access: createClanRosterAccess(rosters, players, options.now),
  };
  return {
    ...createClanRegistrationService(deps),
    ...createClanSelectionService(deps),
    ...createClanLockService(deps),
  };
}
export type ClanService = ReturnType<typeof createClanService>;
