import type { Db } from '../../db/client.js';
import type { GameAdapter } from '../../game/index.js';
import type { UserRepository } from '../auth/user-repository.js';
import type { EventRepository } from '../events/event-repository.js';
import type { PlayerRepository } from '../players/player-repository.js';
import type { RosterRepository } from '../rosters/roster-repository.js';
import type { ClanServiceOptions } from './clan-context.js';
import type { ClanRosterAccess } from './clan-roster-access.js';

/**
 * What every clan service works with. The repositories are created once over the database; a
 * service passes its transaction as the last argument of each call (never a repository bound to it).
 */
export interface ClanDeps {
  db: Db;
  game: GameAdapter;
  options: ClanServiceOptions;
  rosters: RosterRepository;
  players: PlayerRepository;
  users: UserRepository;
  events: EventRepository;
  access: ClanRosterAccess;
}
