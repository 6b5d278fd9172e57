import { SIMULATOR_API } from '@cwh/contract';
import { hasRole } from '@cwh/domain';
import type { FastifyInstance } from 'fastify';
import { DomainError } from '../errors/domain-error.js';
import type { HardeningConfig } from './hardening-config.js';

/**
 * The simulator API reads every player's API token, moves players between clans and records war
 * results. It exists only where it is enabled (simulated game; on PostgreSQL only when asked) and
 * answers admins only, unless the demo switch SIMULATOR_OPEN is on.
 */
export function registerSimulatorGate(
  app: FastifyInstance,
  access: Pick<HardeningConfig, 'simulatorEnabled' | 'simulatorOpen'>,
): void {
  app.addHook('onRequest', async (request, reply) => {
    // The route the router matched, not only the path as sent: the gate and the route agree on
    // what was asked for however it was spelt (the path guard refuses non-canonical spellings too).
    if (!isSimulatorPath(request.url) && !isSimulatorPath(request.routeOptions.url ?? '')) return;
    if (!access.simulatorEnabled) throw new DomainError('NOT_FOUND', 'The simulator is not enabled here');
    if (access.simulatorOpen) return;
    await app.authenticate.call(app, request, reply);
    if (!hasRole(request.user?.permissions ?? [], 'admin')) {
      throw new DomainError('FORBIDDEN', 'The simulator is for administrators');
    }
  });
}

function isSimulatorPath(path: string): boolean {
  return (
    path === SIMULATOR_API || path.startsWith(`${SIMULATOR_API}/`) || path.startsWith(`${SIMULATOR_API}?`)
  );
}
