import type { Db } from '../../db/client.js';
import { createAccess } from '../access/access.js';
import type { Audited } from '../activity-log/audit.js';
import type { BracketsDeps } from '../brackets/brackets-service.js';
import type { LadderService } from '../ladder/ladder-service.js';
import { createDisputesRepository } from './disputes-repository.js';
import { disputesRoutes } from './disputes-routes.js';

/** Disputes and attachments (issue #13): the plugin, registered under /api/tournaments/1.0. */
export function disputesPlugin(input: {
  db: Db;
  brackets: BracketsDeps;
  ladder: LadderService;
  audited: Audited;
  now: () => Date;
}) {
  return disputesRoutes({
    db: input.db,
    repo: createDisputesRepository(input.db),
    brackets: input.brackets,
    ladder: input.ladder,
    audited: input.audited,
    requireAccess: createAccess(input.db),
    now: input.now,
  });
}
