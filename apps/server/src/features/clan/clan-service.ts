import type { Db } from '../../db/client.js';
import type { GameAdapter } from '../../game/index.js';
import { createClanLockService } from './clan-lock-service.js';
import { createClanRegistrationService } from './clan-registration-service.js';
import { createClanRosterAccess } from './clan-roster-access.js';
import { createClanSelectionService } from './clan-selection-service.js';

export interface ClanServiceOptions {
  /** MIN_AGE: under it a player cannot register (the age gate, enforced on the server). */
  minimumAge?: number;
  now: () => Date;
  /** How long a chat link code lives. */
  chatLinkCodeTtlSeconds?: number;
}

/** The clan hub: registration/users, team selection and captain, checks, lock and withdrawal. */
export function createClanService(db: Db, game: GameAdapter, options: ClanServiceOptions) {
  const access = createClanRosterAccess(options.now);
  return {
    ...createClanRegistrationService(db, game, options, access),
    ...createClanSelectionService(db, game, options, access),
    ...createClanLockService(db, game, options, access),
  };
}
export type ClanService = ReturnType<typeof createClanService>;
