import { API } from '@cwh/contract';
import { and, count, eq, like } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, expect } from 'vitest';
import { activityLog } from '../../src/db/schema/admin.js';
import { matchAttachments, matchDisputes } from '../../src/db/schema/disputes.js';
import type { Notice } from '../../src/features/ladder/ladder-notices.js';
import { type Callers, call, createCallers, ROLES, type Role } from '../admin/admin-fixtures.js';
import { MINUTE, stageSegment, stageSeries } from '../checkins/checkins-fixtures.js';
import { JPEG_16 } from '../fixtures/images.js';
import { bearer, loginAsAdmin, TEST_NOW, type TestContext } from '../harness.js';
import { type Captain, createCaptains, ladderSegment } from '../ladder/ladder-fixtures.js';

// Shared by the disputes*.test.ts files (disputes and attachments, #13): 40 captains, the notices
// sent, a played stage series per call, and the calls and counts the tests make.

export const T = API.tournaments;
export const START = new Date(TEST_NOW.getTime() - 120 * MINUTE);
export const SECRET = 'GPS 48.8584 N 2.2945 E Canon EOS secret';
export const UNKNOWN = '00000000-0000-4000-8000-000000000000';

/** The 16 × 16 JPEG with an EXIF segment (APP1) carrying `SECRET`, right after its start marker. */
export function jpegWithExif(): Buffer {
  const payload = Buffer.concat([Buffer.from('Exif\0\0', 'latin1'), Buffer.from(SECRET, 'latin1')]);
  const header = Buffer.from([0xff, 0xe1, 0, 0]);
  header.writeUInt16BE(payload.length + 2, 2);
  return Buffer.concat([JPEG_16.subarray(0, 2), header, payload, JPEG_16.subarray(2)]);
}

export function refusal(response: LightMyRequestResponse) {
  const error = response.json().errors?.[0] as
    | { code: string; meta?: { reason?: string }; source?: { pointer?: string } }
    | undefined;
  return {
    status: response.statusCode,
    code: error?.code ?? null,
    reason: error?.meta?.reason ?? null,
    pointer: error?.source?.pointer ?? null,
  };
}

export type Caller = Role | 'home captain' | 'away captain' | 'captain of another match';
export const CAPTAINS = ['home captain', 'away captain', 'captain of another match'] as const;
export const EVERYONE: readonly Caller[] = [...ROLES, ...CAPTAINS];
/** Who may see a series' screenshots and disputes. */
export const VIEWERS: readonly Caller[] = ['home captain', 'away captain', 'organizer', 'admin'];
export const STAFF: readonly Caller[] = ['organizer', 'admin'];
export const expected = (role: Caller, allowed: readonly Caller[], ok: number) =>
  role === 'anonymous' ? 401 : allowed.includes(role) ? ok : 403;

export interface DisputesSetup {
  admin: string;
  callers: Callers;
  organizer: string;
  captains: Captain[];
}

/** Registers the `beforeAll` that fills `setup` (read it in tests) and returns the helpers. */
export function disputesFixture(ctx: TestContext) {
  const setup = { captains: [] } as unknown as DisputesSetup;
  let stages = 0;
  const sent: Notice[] = [];

  beforeAll(async () => {
    const { parentId, eventId } = await ladderSegment(ctx.database.db);
    setup.captains = await createCaptains(ctx.database.db, {
      count: 40,
      offset: 9600,
      parentSegmentId: parentId,
      eventId,
      now: TEST_NOW,
    });
    setup.admin = (await loginAsAdmin(ctx.app)).token.value;
    setup.callers = await createCallers(ctx);
    setup.organizer = setup.callers.tokens.organizer!;
    const notify = ctx.app.ladder.notify;
    ctx.app.ladder.notify = (notices) => {
      sent.push(...notices);
      notify(notices);
    };
  });

  /** A new stage between the next two setup.captains; its series, finished 3-1 at TEST_NOW unless `open`. */
  async function played(options: { open?: boolean; doubleElimination?: boolean } = {}) {
    const k = stages * 2;
    stages++;
    const pair: [Captain, Captain] = [setup.captains[k]!, setup.captains[k + 1]!];
    const segmentId = await stageSegment(ctx.database.db, `disp-${stages}`, {
      monthlyQualifier: true,
      doubleElimination: options.doubleElimination ?? false,
    });
    const series = await stageSeries(ctx.app, setup.admin, segmentId, pair, START, options.doubleElimination);
    if (!options.open) {
      const result = await call(
        ctx.app,
        setup.admin,
        'PATCH',
        `${T}/match-series/${series.id}/relationships/matches/results`,
        { homeStars: 3, awayStars: 1, reason: 'war result' },
      );
      expect(result.statusCode, result.body).toBe(200);
    }
    sent.length = 0;
    // The last captain never plays here: the captain of another match (a roster of the event).
    return { ...series, segmentId, stranger: setup.captains[setup.captains.length - 1]! };
  }
  type Played = Awaited<ReturnType<typeof played>>;

  const upload = (token: string | null, seriesId: string, bytes: Buffer, type = 'image/jpeg') =>
    ctx.app.inject({
      method: 'POST',
      url: `${T}/match-series/${seriesId}/attachments`,
      headers: { ...(token ? bearer(token) : {}), 'content-type': type },
      payload: bytes,
    });
  const dispute = (token: string | null, seriesId: string, attributes: Record<string, unknown>) =>
    call(ctx.app, token, 'POST', `${T}/match-series/${seriesId}/disputes`, attributes);
  const resolve = (token: string | null, id: string, attributes: Record<string, unknown>) =>
    call(ctx.app, token, 'POST', `${T}/disputes/${id}/resolve`, attributes);
  const disputesIn = async (seriesId: string) =>
    Number(
      (
        await ctx.database.db
          .select({ n: count() })
          .from(matchDisputes)
          .where(eq(matchDisputes.matchSeriesId, seriesId))
      )[0]!.n,
    );
  const attachmentsIn = async (seriesId: string) =>
    Number(
      (
        await ctx.database.db
          .select({ n: count() })
          .from(matchAttachments)
          .where(eq(matchAttachments.matchSeriesId, seriesId))
      )[0]!.n,
    );
  const logOf = async (targetId: string, action?: string) =>
    ctx.database.db
      .select()
      .from(activityLog)
      .where(
        and(
          eq(activityLog.targetId, targetId),
          action ? eq(activityLog.action, action) : like(activityLog.action, 'match-series.%'),
        ),
      );
  const seriesDoc = async (id: string) =>
    (await ctx.app.inject({ url: `${API.matches}/match-series/${id}` })).json().data.attributes;

  function tokenOf(role: Caller, s: Played) {
    if (role === 'home captain') return s.home.token;
    if (role === 'away captain') return s.away.token;
    if (role === 'captain of another match') return s.stranger.token;
    return setup.callers.tokens[role];
  }

  return {
    setup,
    sent,
    played,
    upload,
    dispute,
    resolve,
    disputesIn,
    attachmentsIn,
    logOf,
    seriesDoc,
    tokenOf,
  };
}
