import { checkinReviewDocument, seedingDocument } from '@cwh/contract';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { checkins, rosterMembers, rosters, segments } from '../../src/db/schema/index.js';
import {
  type Callers,
  call,
  createCallers,
  expectedStatus,
  ORGANIZERS,
  ROLES,
  type Role,
  T,
} from '../admin/admin-fixtures.js';
import { describeEachDatabase, itOnPostgres } from '../harness.js';
import type { Captain } from '../ladder/ladder-fixtures.js';
import { adminPath, auditEntries, championshipRosters, segmentIdBySlug } from './rosters-admin-fixtures.js';

const HOUR = 3600_000;
const iso = (date: Date) => date.toISOString().replace('.000', '');

describeEachDatabase('organizer console: check-in review and seeding', (ctx) => {
  let callers: Callers;
  let admin: string;
  let organizer: string;
  let qualifier: string;
  let finals: string;
  let field: Captain[];
  let pool: Captain[];
  const db = () => ctx.database.db;

  const openWindow = (segmentId: string) =>
    db()
      .update(segments)
      .set({
        checkinsConfig: {
          enabled: true,
          openWindow: {
            from: iso(new Date(ctx.now.getTime() - HOUR)),
            to: iso(new Date(ctx.now.getTime() + HOUR)),
          },
        },
      })
      .where(eq(segments.id, segmentId));
  const configOf = async (segmentId: string) =>
    (await db().select().from(segments).where(eq(segments.id, segmentId)))[0]!.checkinsConfig;
  const checkedIn = async (ids: string[]) =>
    db().update(rosters).set({ checkedIn: true }).where(inArray(rosters.id, ids));

  beforeAll(async () => {
    callers = await createCallers(ctx);
    admin = callers.tokens.admin!;
    organizer = callers.tokens.organizer!;
    qualifier = await segmentIdBySlug(db(), 'monthly-qualifier');
    finals = await segmentIdBySlug(db(), 'monthly-finals');
    await openWindow(qualifier);
    await openWindow(finals);
    const all = await championshipRosters(db(), 20, 9700, ctx.now);
    field = all.slice(0, 6);
    pool = all.slice(6);
    // The lineups were picked before anything in these tests (the fixtures insert at the database's clock).
    await db()
      .update(rosterMembers)
      .set({ selectedAt: new Date(ctx.now.getTime() - 24 * HOUR) })
      .where(
        inArray(
          rosterMembers.rosterId,
          all.map((c) => c.rosterId),
        ),
      );
    await checkedIn(field.slice(0, 4).map((c) => c.rosterId));
  });

  describe('role × action (organizer of this event, admin)', () => {
    let later = ctx.now?.getTime() ?? 0;
    const ACTIONS: {
      action: string;
      ok: number;
      run: (t: string | null) => Promise<{ statusCode: number; body: string }>;
    }[] = [
      {
        action: 'GET check-in review',
        ok: 200,
        run: (t) => call(ctx.app, t, 'GET', adminPath('checkinReview', finals)),
      },
      {
        action: 'POST re-admit',
        ok: 200,
        run: (t) =>
          call(ctx.app, t, 'POST', adminPath('readmit', finals), { rosterId: pool.shift()!.rosterId }),
      },
      {
        action: 'POST extend',
        ok: 200,
        run: (t) => {
          later = Math.max(later, ctx.now.getTime() + 2 * HOUR) + HOUR;
          return call(ctx.app, t, 'POST', adminPath('extend', finals), { to: iso(new Date(later)) });
        },
      },
      {
        action: 'POST continue',
        ok: 200,
        run: (t) => call(ctx.app, t, 'POST', adminPath('continueWithout', finals)),
      },
      { action: 'GET seeding', ok: 200, run: (t) => call(ctx.app, t, 'GET', adminPath('seeding', finals)) },
    ];
    for (const { action, ok, run } of ACTIONS) {
      it.each(ROLES)(`${action} as %s`, async (role: Role) => {
        const response = await run(callers.tokens[role]);
        expect(response.statusCode, response.body).toBe(expectedStatus(role, ORGANIZERS, ok));
      });
    }
  });

  itOnPostgres(
    ctx,
    'two organizers re-admitting one team at once: one is accepted, one refused, one check-in',
    async () => {
      const { rosterId } = pool.shift()!;
      const readmit = (token: string) =>
        call(ctx.app, token, 'POST', adminPath('readmit', finals), { rosterId });
      const answers = await Promise.all([readmit(organizer), readmit(admin)]);
      expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
      expect(answers.find((a) => a.statusCode === 409)!.json().errors[0].code).toBe(
        'ROSTER_ALREADY_CHECKED_IN',
      );
      expect(await db().select().from(checkins).where(eq(checkins.rosterId, rosterId))).toHaveLength(1);
      expect(await auditEntries(db(), rosterId)).toHaveLength(1);
    },
  );

  describe('the Monthly Qualifier, in order', () => {
    const review = async () => {
      const response = await call(ctx.app, organizer, 'GET', adminPath('checkinReview', qualifier));
      expect(response.statusCode, response.body).toBe(200);
      return checkinReviewDocument.parse(response.json()).data.attributes;
    };
    const mine = (r: { rosters: { id: string; checkedIn: boolean }[] }) =>
      r.rosters.filter((x) => field.some((c) => c.rosterId === x.id));

    it('shows who checked in and who has not, during the window', async () => {
      const attributes = await review();
      expect(attributes.windowOpen).toBe(true);
      expect(attributes.stageCreated).toBe(false);
      const flags = new Map(mine(attributes).map((r) => [r.id, r.checkedIn]));
      expect(field.map((c) => flags.get(c.rosterId))).toEqual([true, true, true, true, false, false]);
    });

    it('re-admits a team on its behalf (audited), and refuses a second re-admit writing nothing', async () => {
      const team = field[4]!;
      const response = await call(ctx.app, organizer, 'POST', adminPath('readmit', qualifier), {
        rosterId: team.rosterId,
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(mine(response.json().data.attributes).find((r) => r.id === team.rosterId)?.checkedIn).toBe(true);
      const [entry] = await auditEntries(db(), team.rosterId);
      expect(entry).toMatchObject({ action: 'checkin.readmit', userId: callers.ids.organizer });
      const rows = await db().select().from(checkins).where(eq(checkins.rosterId, team.rosterId));
      expect(rows).toHaveLength(1);
      const again = await call(ctx.app, organizer, 'POST', adminPath('readmit', qualifier), {
        rosterId: team.rosterId,
      });
      expect(again.statusCode).toBe(409);
      expect(again.json().errors[0].code).toBe('ROSTER_ALREADY_CHECKED_IN');
      expect(await db().select().from(checkins).where(eq(checkins.rosterId, team.rosterId))).toHaveLength(1);
      expect(await auditEntries(db(), team.rosterId)).toHaveLength(1);
    });

    it('refuses to re-admit a withdrawn roster or one of another segment (ROSTER_NOT_IN_SEGMENT)', async () => {
      const withdrawn = pool.shift()!.rosterId;
      await db().update(rosters).set({ withdrawnAt: ctx.now }).where(eq(rosters.id, withdrawn));
      const moved = pool.shift()!.rosterId;
      const sandbox = await segmentIdBySlug(db(), 'test-championship-sandbox');
      await db().update(rosters).set({ segmentId: sandbox }).where(eq(rosters.id, moved));
      for (const rosterId of [withdrawn, moved]) {
        const response = await call(ctx.app, admin, 'POST', adminPath('readmit', qualifier), { rosterId });
        expect(response.statusCode).toBe(409);
        expect(response.json().errors[0].code).toBe('ROSTER_NOT_IN_SEGMENT');
        expect(await db().select().from(checkins).where(eq(checkins.rosterId, rosterId))).toHaveLength(0);
        expect(await auditEntries(db(), rosterId)).toHaveLength(0);
      }
    });

    it('extends the window; an earlier end or a segment without a window is refused, writing nothing', async () => {
      const to = iso(new Date(ctx.now.getTime() + 3 * HOUR));
      const response = await call(ctx.app, organizer, 'POST', adminPath('extend', qualifier), { to });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().data.attributes.segment.checkins.openWindow.to).toBe(to);
      expect((await configOf(qualifier)).openWindow?.to).toBe(to);
      const earlier = await call(ctx.app, organizer, 'POST', adminPath('extend', qualifier), {
        to: iso(new Date(ctx.now.getTime() + 2 * HOUR)),
      });
      expect(earlier.statusCode).toBe(400);
      expect(earlier.json().errors[0].code).toBe('VALIDATION_FAILED');
      expect((await configOf(qualifier)).openWindow?.to).toBe(to);
      expect((await auditEntries(db(), qualifier)).map((e) => e.action)).toEqual([
        'segment.checkin-window.extend',
      ]);
      const ladder = await segmentIdBySlug(db(), 'open-qualifier');
      const none = await call(ctx.app, organizer, 'POST', adminPath('extend', ladder), { to });
      expect(none.statusCode).toBe(409);
      expect(none.json().errors[0].meta.reason).toBe('NO_CHECKIN_WINDOW');
      expect(await auditEntries(db(), ladder)).toHaveLength(0);
    });

    it('continues without the missing team: the window closes now and the team is left out of the seeds', async () => {
      const response = await call(ctx.app, organizer, 'POST', adminPath('continueWithout', qualifier));
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().data.attributes.windowOpen).toBe(false);
      expect((await configOf(qualifier)).openWindow?.to).toBe(iso(new Date(ctx.now.getTime() - 1000)));
      const entry = (await auditEntries(db(), qualifier)).find(
        (e) => e.action === 'checkin.continue-without-missing',
      )!;
      expect((entry.after as { leftOut: string[] }).leftOut).toContain(field[5]!.rosterId);
      // Still registered (not withdrawn): a re-admit before the stage would bring it back.
      expect(
        (await db().select().from(rosters).where(eq(rosters.id, field[5]!.rosterId)))[0]!.withdrawnAt,
      ).toBeNull();
    });

    it('proposes the seeds: the checked-in locked rosters, the missing one left out', async () => {
      const response = await call(ctx.app, organizer, 'GET', adminPath('seeding', qualifier));
      expect(response.statusCode, response.body).toBe(200);
      const { stage, seeds } = seedingDocument.parse(response.json()).data.attributes;
      expect(stage).toBeNull();
      const ids = seeds.map((s) => s.roster.id);
      expect(ids).toEqual(expect.arrayContaining(field.slice(0, 5).map((c) => c.rosterId)));
      expect(ids).not.toContain(field[5]!.rosterId);
      expect(seeds.map((s) => s.seed)).toEqual(seeds.map((_, i) => i + 1));
      expect(seeds.every((s) => s.checkedIn && s.lineupChangedAt === null)).toBe(true);
    });

    it('after the stage is created in the reordered seeds, lists them and flags a later lineup change', async () => {
      const proposed = seedingDocument
        .parse((await call(ctx.app, organizer, 'GET', adminPath('seeding', qualifier))).json())
        .data.attributes.seeds.map((s) => s.roster.id);
      const reordered = [...proposed].reverse();
      const created = await call(ctx.app, organizer, 'POST', `${T}/segments/${qualifier}/bracket`, {
        rosterIds: reordered,
        // A day ahead: the match-start job (sent for a date already past on the real clock) finds it not due.
        startsAt: iso(new Date(ctx.now.getTime() + 24 * HOUR)),
      });
      expect(created.statusCode, created.body).toBe(201);
      const changed = field[0]!;
      const at = new Date(ctx.now.getTime() + HOUR);
      await db()
        .update(rosterMembers)
        .set({ removedAt: at, removedReason: 'kicked' })
        .where(and(eq(rosterMembers.playerTag, changed.playerTags[4]!), isNull(rosterMembers.removedAt)));
      const { stage, seeds } = seedingDocument.parse(
        (await call(ctx.app, organizer, 'GET', adminPath('seeding', qualifier))).json(),
      ).data.attributes;
      expect(stage).not.toBeNull();
      expect(seeds.map((s) => s.roster.id)).toEqual(reordered);
      expect(seeds.every((s) => s.source === 'stage')).toBe(true);
      const flagged = seeds.filter((s) => s.lineupChangedAt !== null);
      expect(flagged.map((s) => [s.roster.id, s.lineupChangedAt])).toEqual([[changed.rosterId, iso(at)]]);
    });

    it("re-admits a team to a match's check-in, once; continuing is refused once the stage exists", async () => {
      const attributes = await review();
      expect(attributes.stageCreated).toBe(true);
      const series = attributes.series.find((s) => s.sides.every((side) => side.roster !== null))!;
      const side = series.sides[0]!;
      expect(side.checkedIn).toBe(false);
      const body = { rosterId: side.roster!.id, matchSeriesId: series.id };
      const response = await call(ctx.app, admin, 'POST', adminPath('readmit', qualifier), body);
      expect(response.statusCode, response.body).toBe(200);
      const after = response.json().data.attributes.series.find((s: { id: string }) => s.id === series.id);
      expect(after.sides.map((s: { checkedIn: boolean }) => s.checkedIn)).toEqual([true, false]);
      const again = await call(ctx.app, admin, 'POST', adminPath('readmit', qualifier), body);
      expect(again.json().errors[0].code).toBe('ROSTER_ALREADY_CHECKED_IN');
      expect(await db().select().from(checkins).where(eq(checkins.matchSeriesId, series.id))).toHaveLength(1);
      const other = await call(ctx.app, admin, 'POST', adminPath('readmit', qualifier), {
        rosterId: series.sides[1]!.roster!.id,
        matchSeriesId: '00000000-0000-4000-8000-000000000002',
      });
      expect(other.statusCode).toBe(404);
      const before = await configOf(qualifier);
      const late = await call(ctx.app, organizer, 'POST', adminPath('continueWithout', qualifier));
      expect(late.statusCode).toBe(409);
      expect(late.json().errors[0].meta.reason).toBe('BRACKET_EXISTS');
      expect(await configOf(qualifier)).toEqual(before);
    });
  });
});
