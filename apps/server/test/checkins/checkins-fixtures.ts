import { API } from '@cwh/contract';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { Db } from '../../src/db/client.js';
import {
  checkins,
  matchSeries,
  matchSeriesCompetitors,
  selectedPlayers,
} from '../../src/db/schema/ladder.js';
import { playerTokens } from '../../src/db/schema/players.js';
import { rosters } from '../../src/db/schema/rosters.js';
import { segments } from '../../src/db/schema/segments.js';
import { generateToken, hashToken } from '../../src/features/auth/opaque-token.js';
import { bearer, jsonApiBody, jsonApiRequest } from '../harness.js';
import type { Captain } from '../ladder/ladder-fixtures.js';

export const MINUTE = 60_000;

/**
 * A fresh swiss stage segment under the seeded championship (a copy of the Monthly Qualifier with
 * its own slug), so every test creates its own stage. `monthlyQualifier` keeps the phase
 * MONTHLY_QUALIFIERS; false makes it a stage whose check-ins name 5 players.
 */
export async function stageSegment(
  db: Db,
  slug: string,
  options: {
    monthlyQualifier: boolean;
    checkinsConfig?: typeof segments.$inferSelect.checkinsConfig;
    /** Default swiss (the Monthly Qualifier's). */
    doubleElimination?: boolean;
  },
): Promise<string> {
  const [mq] = await db.select().from(segments).where(eq(segments.slug, 'monthly-qualifier'));
  const { id: _id, createdAt: _createdAt, ...copy } = mq!;
  const [row] = await db
    .insert(segments)
    .values({
      ...copy,
      slug,
      name: `Stage ${slug}`,
      ...(options.doubleElimination
        ? { eliminationType: 'double_elimination', type: 'double_elimination' }
        : {}),
      configuration: {
        ...mq!.configuration,
        phase: options.monthlyQualifier ? 'MONTHLY_QUALIFIERS' : null,
      },
      checkinsConfig: options.checkinsConfig ?? mq!.checkinsConfig,
    })
    .returning({ id: segments.id });
  return row!.id;
}

/** Creates the swiss stage of `segmentId` for two captains at `startsAt`; its one series, home first. */
export async function stageSeries(
  app: FastifyInstance,
  adminToken: string,
  segmentId: string,
  captains: [Captain, Captain],
  startsAt: Date,
  doubleElimination = false,
): Promise<{ id: string; home: Captain; away: Captain }> {
  const created = await app.inject(
    jsonApiRequest({
      method: 'POST',
      url: `${API.tournaments}/segments/${segmentId}/bracket`,
      headers: bearer(adminToken),
      payload: jsonApiBody({
        rosterIds: captains.map((c) => c.rosterId),
        startsAt: startsAt.toISOString(),
        ...(doubleElimination ? {} : { rounds: 1 }),
      }),
    }),
  );
  if (created.statusCode !== 201) throw new Error(`stage: ${created.statusCode} ${created.body}`);
  // The one series of the stage whose two teams are known (a bracket also has its later nodes).
  const rows = await app.database.db
    .select({ id: matchSeries.id })
    .from(matchSeries)
    .where(
      and(
        eq(matchSeries.segmentId, segmentId),
        eq(matchSeries.bye, false),
        eq(matchSeries.state, 'scheduled'),
      ),
    );
  let id = '';
  let sides: (typeof matchSeriesCompetitors.$inferSelect)[] = [];
  for (const row of rows) {
    const competitors = await app.database.db
      .select()
      .from(matchSeriesCompetitors)
      .where(eq(matchSeriesCompetitors.matchSeriesId, row.id))
      .orderBy(matchSeriesCompetitors.position);
    if (competitors.length === 2 && competitors.every((c) => c.rosterId)) {
      id = row.id;
      sides = competitors;
      break;
    }
  }
  if (!id) throw new Error('stage: no series with both teams');
  const byRoster = (rosterId: string | null) => captains.find((c) => c.rosterId === rosterId)!;
  return { id, home: byRoster(sides[0]!.rosterId), away: byRoster(sides[1]!.rosterId) };
}

export function matchCheckIn(
  app: FastifyInstance,
  token: string | null,
  matchSeriesId: string,
  playerTags?: string[],
): Promise<LightMyRequestResponse> {
  return app.inject(
    jsonApiRequest({
      method: 'POST',
      url: `${API.war}/match-check-in`,
      headers: token ? bearer(token) : {},
      payload: {
        data: {
          type: 'match-check-ins',
          attributes: { matchSeriesId, ...(playerTags ? { playerTags } : {}) },
        },
      },
    }),
  );
}

export function segmentCheckIn(
  app: FastifyInstance,
  token: string | null,
  segmentId: string,
  playerTags?: string[],
): Promise<LightMyRequestResponse> {
  return app.inject(
    jsonApiRequest({
      method: 'POST',
      url: `${API.clan}/clan/roster/segment-check-in`,
      headers: token ? bearer(token) : {},
      payload: {
        data: { type: 'segment-check-ins', attributes: { segmentId, ...(playerTags ? { playerTags } : {}) } },
      },
    }),
  );
}

/** Status, error code and detail of an answer. */
export function refusal(response: LightMyRequestResponse) {
  const error = response.json().errors?.[0] as { code: string; detail?: string } | undefined;
  return { status: response.statusCode, code: error?.code ?? null, detail: error?.detail ?? null };
}

/** What a check-in may write about a series: its check-ins, line-ups and state. */
export async function seriesWrites(db: Db, matchSeriesId: string) {
  const rows = await db.select().from(checkins).where(eq(checkins.matchSeriesId, matchSeriesId));
  const sides = await db
    .select({ playerTags: matchSeriesCompetitors.playerTags })
    .from(matchSeriesCompetitors)
    .where(eq(matchSeriesCompetitors.matchSeriesId, matchSeriesId))
    .orderBy(asc(matchSeriesCompetitors.position));
  const [series] = await db
    .select({ state: matchSeries.state, warId: matchSeries.warId })
    .from(matchSeries)
    .where(eq(matchSeries.id, matchSeriesId));
  return { checkins: rows.length, lineups: sides.map((s) => s.playerTags), ...series! };
}

/** What a segment check-in may write about a roster. */
export async function rosterWrites(db: Db, rosterId: string) {
  const [roster] = await db
    .select({ checkedIn: rosters.checkedIn })
    .from(rosters)
    .where(eq(rosters.id, rosterId));
  const rows = await db.select().from(checkins).where(eq(checkins.rosterId, rosterId));
  const selected = await db.select().from(selectedPlayers).where(eq(selectedPlayers.rosterId, rosterId));
  return { checkedIn: roster!.checkedIn, checkins: rows.length, selected: selected[0]?.playerTags ?? null };
}

/** A bearer player token for a player tag (as the game-user lookup issues), with or without a hub user. */
export async function playerToken(
  db: Db,
  playerTag: string,
  now: Date,
  userId: string | null = null,
): Promise<string> {
  const token = generateToken();
  await db.insert(playerTokens).values({
    playerTag,
    userId,
    kind: 'access',
    tokenHash: hashToken(token),
    expiresAt: new Date(now.getTime() + 24 * 3600_000),
  });
  return token;
}

/** Deadline jobs waiting or done for a series, by name (pg-boss's own table). */
export async function deadlineJobs(db: Db, matchSeriesId: string) {
  const result = await db.execute(
    sql`select name, state from pgboss.job where singleton_key like ${`${matchSeriesId}@%`} order by name, created_on`,
  );
  const rows = Array.isArray(result) ? result : (result as unknown as { rows: unknown[] }).rows;
  return rows as { name: string; state: string }[];
}

/** The deadline jobs of a series still waiting: name and singleton key (`deadlineKey`: series and date). */
export async function waitingDeadlineJobs(db: Db, matchSeriesId: string) {
  const result = await db.execute(
    sql`select name, singleton_key as key from pgboss.job
        where singleton_key like ${`${matchSeriesId}@%`} and state = 'created' order by singleton_key, name`,
  );
  const rows = Array.isArray(result) ? result : (result as unknown as { rows: unknown[] }).rows;
  return rows as { name: string; key: string }[];
}
