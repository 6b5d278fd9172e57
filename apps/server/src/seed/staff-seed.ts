import type { Executor } from '../db/client.js';
import { createOrganizerRepository } from '../features/access/organizer-repository.js';
import { hashPassword } from '../features/auth/password.js';
import { createUserRepository } from '../features/auth/user-repository.js';

/**
 * Demo staff so a newcomer can open the console at once (README lists them). Demo data only:
 * production databases are not seeded with the demo season.
 */
export const DEMO_STAFF = {
  organizer: { email: 'organizer@clanwarhub.local', password: 'Organizer!2025' },
  support: { email: 'support@clanwarhub.local', password: 'Support!2025' },
} as const;

/** The organizer runs these seeded events (by slug): this season and last season's finals. */
const ORGANIZED_EVENT_SLUGS = ['championship-current', 'world-championship-2025'];

export async function seedStaff(tx: Executor, eventIdsBySlug: Map<string, string>): Promise<number> {
  const users = createUserRepository(tx);
  const organizer = await users.upsertByEmail({
    email: DEMO_STAFF.organizer.email,
    passwordHash: await hashPassword(DEMO_STAFF.organizer.password),
    firstName: 'Demo',
    lastName: 'Organizer',
    username: 'organizer',
    permissions: ['organizer'],
  });
  await users.upsertByEmail({
    email: DEMO_STAFF.support.email,
    passwordHash: await hashPassword(DEMO_STAFF.support.password),
    firstName: 'Demo',
    lastName: 'Support',
    username: 'support',
    permissions: ['support'],
  });
  const organizers = createOrganizerRepository(tx);
  for (const slug of ORGANIZED_EVENT_SLUGS) {
    const eventId = eventIdsBySlug.get(slug);
    if (eventId) await organizers.assign(organizer.id, eventId, tx);
  }
  return 2;
}
