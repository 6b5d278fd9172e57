import { API } from '@cwh/contract';
import { eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { competitionStages } from '../../src/db/schema/index.js';
import {
  type Callers,
  call,
  createCallers,
  expectedStatus,
  ORGANIZERS,
  ROLES,
} from '../admin/admin-fixtures.js';
import { describeEachDatabase } from '../harness.js';
import { createCaptains, ladderSegment } from '../ladder/ladder-fixtures.js';
import { copySegment } from './stage-fixtures.js';

const T = API.tournaments;

/**
 * Stage writes (create and seed, next swiss round, reset, advance) belong to the organizers of the
 * segment's event and to admins: the role × action table, with nothing written on a refusal.
 */
describeEachDatabase('brackets: who may run a stage', (ctx) => {
  let callers: Callers;
  let rosterIds: string[] = [];

  beforeAll(async () => {
    callers = await createCallers(ctx);
    const { parentId, eventId } = await ladderSegment(ctx.database.db);
    expect(eventId).toBe(callers.eventId);
    rosterIds = (
      await createCaptains(ctx.database.db, {
        count: 4,
        offset: 7600,
        parentSegmentId: parentId,
        eventId,
        now: ctx.now,
      })
    ).map((c) => c.rosterId);
  });

  /** A fresh double-elimination stage segment of the organizer's event, one per role. */
  const freshSegment = async (slug: string) =>
    (await copySegment(ctx.database.db, 'monthly-finals', `access-${slug}`)).id;

  const stagesOf = async (segmentId: string) =>
    ctx.database.db.select().from(competitionStages).where(eq(competitionStages.segmentId, segmentId));

  it.each(ROLES)('creating a stage as %s', async (role) => {
    const segmentId = await freshSegment(role.replaceAll(' ', '-'));
    const response = await call(ctx.app, callers.tokens[role], 'POST', `${T}/segments/${segmentId}/bracket`, {
      rosterIds,
    });
    const status = expectedStatus(role, ORGANIZERS, 201);
    expect(response.statusCode, response.body).toBe(status);
    expect(await stagesOf(segmentId)).toHaveLength(status === 201 ? 1 : 0);
  });

  it.each(ROLES.filter((role) => !ORGANIZERS.includes(role)))(
    'rounds, reset and advance refused to %s, nothing changed',
    async (role) => {
      const segmentId = await freshSegment(`refused-${role.replaceAll(' ', '-')}`);
      const created = await call(
        ctx.app,
        callers.tokens.admin,
        'POST',
        `${T}/segments/${segmentId}/bracket`,
        {
          rosterIds,
        },
      );
      expect(created.statusCode, created.body).toBe(201);
      const before = await stagesOf(segmentId);
      for (const [method, path, body] of [
        ['POST', 'bracket/rounds', undefined],
        ['POST', 'bracket/rounds/reset', undefined],
        ['POST', 'advance', {}],
      ] as const) {
        const response = await call(
          ctx.app,
          callers.tokens[role],
          method,
          `${T}/segments/${segmentId}/${path}`,
          body,
        );
        expect(response.statusCode, `${path}: ${response.body}`).toBe(expectedStatus(role, ORGANIZERS, 200));
      }
      expect(await stagesOf(segmentId)).toEqual(before);
    },
  );

  it('an unknown segment answers 404 to an organizer (the segment is looked up before access)', async () => {
    const unknown = '00000000-0000-4000-8000-000000000000';
    const response = await call(
      ctx.app,
      callers.tokens.organizer,
      'POST',
      `${T}/segments/${unknown}/bracket`,
      {
        rosterIds,
      },
    );
    expect(response.statusCode).toBe(404);
  });
});
