import type { Db, Executor } from '../db/client.js';
import { runInUnitOfWork, SYSTEM_ACTOR } from '../db/unit-of-work.js';
import { hashPassword } from '../features/auth/password.js';
import { createUserRepository } from '../features/auth/user-repository.js';
import { createEventRepository } from '../features/events/event-repository.js';
import { createGameRepository } from '../features/games/game-repository.js';
import { createSegmentRepository } from '../features/segments/segment-repository.js';
import { createSegmentTypeRepository } from '../features/segments/segment-type-repository.js';
import { championshipSeed } from './championship-seed.js';
import type { EventSeed, SegmentSeed } from './seed-types.js';
import { seedStaff } from './staff-seed.js';
import { townHallCupSeed } from './town-hall-cup-seed.js';
import { worldChampionshipSeed } from './world-championship-seed.js';

export interface DemoSeedOptions {
  /** Every relative date hangs off this instant, so tests can fix it. */
  now: Date;
  adminEmail: string;
  adminPassword: string;
  tenant?: string;
}

export interface DemoSeedSummary {
  events: number;
  segments: number;
  users: number;
}

export const SEGMENT_TYPES = [
  { key: 'container', name: 'Competition' },
  { key: 'ladder', name: 'Ladder' },
  { key: 'swiss', name: 'Swiss' },
  { key: 'double_elimination', name: 'Double elimination' },
];

/**
 * The logo of a demo segment: one drawn per demo event, shipped with the web app
 * (apps/web/public/images/segments), so every address the seed writes serves a real file.
 */
export function segmentLogoUrl(eventSlug: string): string {
  return `/images/segments/${eventSlug}.svg`;
}

export function demoEvents(now: Date): EventSeed[] {
  return [championshipSeed(now), townHallCupSeed(now), worldChampionshipSeed()];
}

async function upsertSegmentTree(
  tx: Executor,
  event: { id: string; slug: string },
  seed: SegmentSeed,
  parentId: string | null,
  level: number,
): Promise<number> {
  const row = await createSegmentRepository(tx).upsertBySlug({
    eventId: event.id,
    parentId,
    slug: seed.slug,
    name: seed.name,
    format: seed.format,
    stageCode: seed.stageCode,
    eliminationType: seed.eliminationType,
    registrationType: 'allowed',
    registrationStatus: seed.registrationStatus ?? 'closed',
    registrationPhases: seed.registrationPhases ?? [],
    timezone: 'UTC',
    type: seed.type,
    images: [{ type: 'logo', url: segmentLogoUrl(event.slug) }],
    configuration: { thLevel: seed.thLevel, phase: seed.phase ?? null },
    checkinsConfig: seed.checkins ?? { enabled: false, openWindow: null },
    rosterSize: { playersMin: 5, playersMax: 5, coachesMax: 0 },
    rostersLimit: seed.rostersLimit ?? { limit: 1_000, standbyLimit: 0 },
    dateFrom: seed.from,
    dateTo: seed.to,
    level,
  });
  let count = 1;
  for (const child of seed.children ?? [])
    count += await upsertSegmentTree(tx, event, child, row.id, level + 1);
  return count;
}

/**
 * Loads the demo data in one transaction. Idempotent: everything is upserted by stable keys
 * (slugs, e-mail), so running it again refreshes dates and texts without duplicating rows.
 */
export async function seedDemo(db: Db, options: DemoSeedOptions): Promise<DemoSeedSummary> {
  const tenant = options.tenant ?? 'global';
  const passwordHash = await hashPassword(options.adminPassword);
  return runInUnitOfWork({ db, now: () => options.now }, SYSTEM_ACTOR, async (tx) => {
    const game = await createGameRepository(tx).upsertBySlug({
      slug: 'clash-of-clans',
      name: 'Clash of Clans',
    });
    for (const type of SEGMENT_TYPES) await createSegmentTypeRepository(tx).upsertByKey(type);

    let segments = 0;
    const eventIds = new Map<string, string>();
    const seeds = demoEvents(options.now);
    for (const seed of seeds) {
      const event = await createEventRepository(tx).upsertBySlug({
        tenant,
        slug: seed.slug,
        name: seed.name,
        status: seed.status,
        competition: seed.competition,
        thLevels: seed.thLevels,
        dateFrom: seed.from,
        dateTo: seed.to,
        prizes: seed.prizes,
        gameId: game.id,
      });
      eventIds.set(seed.slug, event.id);
      for (const segment of seed.segments)
        segments += await upsertSegmentTree(tx, { id: event.id, slug: seed.slug }, segment, null, 0);
    }

    await createUserRepository(tx).upsertByEmail({
      email: options.adminEmail,
      passwordHash,
      firstName: 'Demo',
      lastName: 'Admin',
      username: 'admin',
      permissions: ['admin'],
    });
    const staff = await seedStaff(tx, eventIds);
    return { events: seeds.length, segments, users: 1 + staff };
  });
}
