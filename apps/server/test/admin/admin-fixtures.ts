import { API } from '@cwh/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { events, rosters, segments } from '../../src/db/schema/index.js';
import { createOrganizerRepository } from '../../src/features/access/organizer-repository.js';
import { hashPassword } from '../../src/features/auth/password.js';
import { createUserRepository } from '../../src/features/auth/user-repository.js';
import { DEMO_STAFF } from '../../src/seed/staff-seed.js';
import { bearer, jsonApiBody, jsonApiRequest, loginAsAdmin, type TestContext } from '../harness.js';

export const T = API.tournaments;
export const U = API.users;

/** The seven callers of every role × action table. */
export const ROLES = [
  'anonymous',
  'player',
  'captain of another clan',
  'support',
  'organizer of another event',
  'organizer',
  'admin',
] as const;
export type Role = (typeof ROLES)[number];

export interface Callers {
  tokens: Record<Role, string | null>;
  ids: Record<Exclude<Role, 'anonymous'>, string>;
  /** The event the organizer runs (seeded championship) and one they do not (town hall cup). */
  eventId: string;
  otherEventId: string;
}

const PASSWORD = 'role-table-password';

export async function login(app: FastifyInstance, email: string, password: string) {
  const response = await app.inject(
    jsonApiRequest({ method: 'POST', url: `${U}/login`, payload: jsonApiBody({ email, password }) }),
  );
  return response;
}

async function tokenOf(app: FastifyInstance, email: string, password: string): Promise<string> {
  const response = await login(app, email, password);
  if (response.statusCode !== 200) throw new Error(`login ${email}: ${response.body}`);
  return response.json().data.attributes.token.value;
}

async function eventIdBySlug(ctx: TestContext, slug: string): Promise<string> {
  const rows = await ctx.database.db.select({ id: events.id }).from(events).where(eq(events.slug, slug));
  return rows[0]!.id;
}

/** Users for each role (the seeded admin and organizer among them), signed in. */
export async function createCallers(ctx: TestContext): Promise<Callers> {
  const db = ctx.database.db;
  const users = createUserRepository(db);
  const hash = await hashPassword(PASSWORD);
  const make = async (name: string, permissions: string[]) =>
    users.insert({ email: `${name}@role.test`, passwordHash: hash, username: name, permissions });
  const player = await make('player', []);
  const captain = await make('captain', []);
  const support = await make('support-agent', ['support']);
  const otherOrganizer = await make('other-organizer', ['organizer']);
  const eventId = await eventIdBySlug(ctx, 'championship-current');
  const otherEventId = await eventIdBySlug(ctx, 'town-hall-cup-current');
  await createOrganizerRepository(db).assign(otherOrganizer.id, otherEventId);
  // The captain owns a roster in the organizer's event: a player role, not a staff one.
  const segment = (await db.select().from(segments).where(eq(segments.eventId, eventId)))[0]!;
  await db.insert(rosters).values({
    tenant: 'global',
    eventId,
    segmentId: segment.id,
    name: 'Other clan',
    ownerId: captain.id,
    clanTag: '#OTHERCLAN',
    joiningKey: 'role-table-captain',
  });
  const organizer = (await users.findByEmail(DEMO_STAFF.organizer.email))!;
  const admin = await loginAsAdmin(ctx.app);
  const tokens: Record<Role, string | null> = {
    anonymous: null,
    player: await tokenOf(ctx.app, player.email, PASSWORD),
    'captain of another clan': await tokenOf(ctx.app, captain.email, PASSWORD),
    support: await tokenOf(ctx.app, support.email, PASSWORD),
    'organizer of another event': await tokenOf(ctx.app, otherOrganizer.email, PASSWORD),
    organizer: await tokenOf(ctx.app, DEMO_STAFF.organizer.email, DEMO_STAFF.organizer.password),
    admin: admin.token.value,
  };
  return {
    tokens,
    ids: {
      player: player.id,
      'captain of another clan': captain.id,
      support: support.id,
      'organizer of another event': otherOrganizer.id,
      organizer: organizer.id,
      admin: admin.userId,
    },
    eventId,
    otherEventId,
  };
}

/** A JSON:API request as `token` (none for anonymous). */
export function call(
  app: FastifyInstance,
  token: string | null,
  method: InjectOptions['method'],
  url: string,
  attributes?: Record<string, unknown>,
): Promise<LightMyRequestResponse> {
  const headers = token ? bearer(token) : {};
  // A body-less call sends no content type (Fastify refuses an empty JSON body).
  if (!attributes) return app.inject({ method, url, headers });
  return app.inject(jsonApiRequest({ method, url, headers, payload: jsonApiBody(attributes) }));
}

/** Expected status per role: 401 anonymous, `denied` for the listed roles, `ok` for the rest. */
export function expectedStatus(role: Role, allowed: readonly Role[], ok: number): number {
  if (role === 'anonymous') return 401;
  return allowed.includes(role) ? ok : 403;
}

export const ORGANIZERS: readonly Role[] = ['organizer', 'admin'];
export const ADMIN_ONLY: readonly Role[] = ['admin'];
export const SUPPORT: readonly Role[] = ['support', 'admin'];

export const eventInput = (overrides: Record<string, unknown> = {}) => ({
  name: 'Spring Open 2026',
  status: 'active',
  date: { from: '2026-04-01T00:00:00Z', to: '2026-04-30T23:59:59Z' },
  competition: 'championship',
  thLevels: [17],
  ...overrides,
});

export const segmentInput = (overrides: Record<string, unknown> = {}) => ({
  name: 'Spring ladder',
  format: 'ladder',
  stageCode: 'LADDER',
  eliminationType: 'ladder',
  type: 'ladder',
  configuration: { thLevel: 17, phase: null },
  rosterSize: { playersMin: 5, playersMax: 5, coachesMax: 0 },
  rostersLimit: { limit: 128, standbyLimit: 8 },
  date: { from: '2026-04-01T00:00:00Z', to: '2026-04-20T23:59:59Z' },
  ...overrides,
});
