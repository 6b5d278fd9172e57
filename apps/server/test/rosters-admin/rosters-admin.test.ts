import { adminRosterDocument, adminRosterListDocument } from '@cwh/contract';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  gameAccounts,
  matchSeries,
  matchSeriesCompetitors,
  queueEntries,
  rosterMembers,
  rosters,
  users,
} from '../../src/db/schema/index.js';
import {
  type Callers,
  call,
  createCallers,
  expectedStatus,
  ORGANIZERS,
  ROLES,
  type Role,
  T,
  U,
} from '../admin/admin-fixtures.js';
import { describeEachDatabase } from '../harness.js';
import type { Captain } from '../ladder/ladder-fixtures.js';
import { ladderSegment } from '../ladder/ladder-fixtures.js';
import {
  adminPath,
  auditEntries,
  championshipRosters,
  playedSeries,
  rosterRow,
  segmentIdBySlug,
} from './rosters-admin-fixtures.js';

describeEachDatabase('organizer console: rosters', (ctx) => {
  let callers: Callers;
  let admin: string;
  let pool: Captain[];
  let sandbox: string;
  /** A team and a roster for the role table's team action (POST /teams as the admin). */
  let tableTeam: string;
  let tableRoster: string;
  const take = () => pool.shift()!;

  beforeAll(async () => {
    callers = await createCallers(ctx);
    admin = callers.tokens.admin!;
    pool = await championshipRosters(ctx.database.db, 60, 9400, ctx.now);
    sandbox = await segmentIdBySlug(ctx.database.db, 'test-championship-sandbox');
    tableTeam = (await call(ctx.app, admin, 'POST', `${T}/teams`, { name: 'Role table team' })).json().data
      .id;
    // From the end of the pool: the other tests take from the front.
    tableRoster = pool.pop()!.rosterId;
  });

  const db = () => ctx.database.db;
  const unlockInDb = (id: string) =>
    db().update(rosters).set({ confirmedAt: null }).where(eq(rosters.id, id));

  describe('role × action (organizer of this event, admin)', () => {
    const ACTIONS: {
      action: string;
      ok: number;
      run: (t: string | null) => Promise<{ statusCode: number; body: string }>;
    }[] = [
      {
        action: 'GET rosters',
        ok: 200,
        run: (t) => call(ctx.app, t, 'GET', `${adminPath('rosters')}?filter[event]=${callers.eventId}`),
      },
      {
        action: 'GET roster',
        ok: 200,
        run: (t) => call(ctx.app, t, 'GET', `${adminPath('rosters')}/${pool[0]!.rosterId}`),
      },
      {
        action: 'POST lock',
        ok: 200,
        run: async (t) => {
          const { rosterId } = take();
          await unlockInDb(rosterId);
          return call(ctx.app, t, 'POST', adminPath('lock', rosterId));
        },
      },
      {
        action: 'POST unlock',
        ok: 200,
        run: (t) => call(ctx.app, t, 'POST', adminPath('unlock', take().rosterId)),
      },
      {
        action: 'POST withdraw',
        ok: 200,
        run: (t) => call(ctx.app, t, 'POST', adminPath('withdraw', take().rosterId)),
      },
      {
        action: 'PATCH segment',
        ok: 200,
        run: (t) =>
          ctx.app.inject({
            method: 'PATCH',
            url: adminPath('move', take().rosterId),
            headers: {
              'content-type': 'application/vnd.api+json',
              ...(t ? { authorization: `Bearer ${t}` } : {}),
            },
            payload: { data: { type: 'segments', id: sandbox } },
          }),
      },
      {
        // Setting the same team again is allowed: one roster serves every role.
        action: 'PATCH team',
        ok: 200,
        run: (t) =>
          ctx.app.inject({
            method: 'PATCH',
            url: adminPath('team', tableRoster),
            headers: {
              'content-type': 'application/vnd.api+json',
              ...(t ? { authorization: `Bearer ${t}` } : {}),
            },
            payload: { data: { type: 'teams', id: tableTeam } },
          }),
      },
    ];
    for (const { action, ok, run } of ACTIONS) {
      it.each(ROLES)(`${action} as %s`, async (role: Role) => {
        const response = await run(callers.tokens[role]);
        expect(response.statusCode, response.body).toBe(expectedStatus(role, ORGANIZERS, ok));
      });
    }
  });

  it('refuses an organizer of another event without writing, and answers 404 for an unknown roster', async () => {
    const { rosterId } = take();
    const response = await call(
      ctx.app,
      callers.tokens['organizer of another event'],
      'POST',
      adminPath('unlock', rosterId),
    );
    expect(response.json().errors[0].code).toBe('FORBIDDEN');
    expect((await rosterRow(db(), rosterId)).confirmedAt).not.toBeNull();
    expect(await auditEntries(db(), rosterId)).toHaveLength(0);
    const unknown = await call(
      ctx.app,
      admin,
      'POST',
      adminPath('lock', '00000000-0000-4000-8000-000000000001'),
    );
    expect(unknown.statusCode).toBe(404);
  });

  it('searches rosters by name, clan tag and owner, with members and their registration status', async () => {
    const captain = take();
    await db()
      .update(rosterMembers)
      .set({ registeredAt: null })
      .where(eq(rosterMembers.playerTag, captain.playerTags[1]!));
    const search = async (text: string) => {
      const response = await call(
        ctx.app,
        callers.tokens.organizer,
        'GET',
        `${adminPath('rosters')}?filter[event]=${callers.eventId}&filter[search]=${encodeURIComponent(text)}`,
      );
      expect(response.statusCode, response.body).toBe(200);
      return adminRosterListDocument.parse(response.json()).data;
    };
    const byName = await search(`Sim Clan ${captain.index}`);
    expect(byName.map((r) => r.id)).toEqual([captain.rosterId]);
    expect((await search(captain.clanTag.toLowerCase())).map((r) => r.id)).toEqual([captain.rosterId]);
    const byOwner = await search(`captain${captain.index}@ladder`);
    expect(byOwner.map((r) => r.id)).toEqual([captain.rosterId]);
    const found = byOwner[0]!.attributes;
    expect(found.owner?.email).toBe(`captain${captain.index}@ladder.test`);
    expect(found.locked).toBe(true);
    expect(found.members).toHaveLength(6);
    expect(found.members[0]).toMatchObject({
      tag: captain.playerTags[0],
      position: 'captain',
      registrationStatus: 'ready',
    });
    expect(found.members.find((m) => m.tag === captain.playerTags[1])?.registrationStatus).toBe(
      'needsToRegister',
    );
    // A wildcard is text: "%" finds nothing rather than everything.
    expect(await search('%')).toEqual([]);
  });

  it('shows a suspended member or owner on the roster (issue 8: their rosters show it), and lifts it with the suspension', async () => {
    const captain = take();
    // A member's hub user is found through the game account linked to the member's player tag.
    const [member] = await db()
      .insert(users)
      .values({
        email: `member${captain.index}@suspended.test`,
        passwordHash: 'x',
        username: `m${captain.index}`,
      })
      .returning({ id: users.id });
    await db()
      .insert(gameAccounts)
      .values({ userId: member!.id, playerTag: captain.playerTags[2]!, username: 'Member' });
    const roster = async () => {
      const response = await call(
        ctx.app,
        callers.tokens.organizer,
        'GET',
        `${adminPath('rosters')}/${captain.rosterId}`,
      );
      expect(response.statusCode, response.body).toBe(200);
      return adminRosterDocument.parse(response.json()).data.attributes;
    };
    const suspend = (id: string) =>
      call(ctx.app, callers.tokens.support, 'POST', `${U}/users/${id}/suspend`, { reason: 'Win trading' });
    const unsuspend = (id: string) =>
      call(ctx.app, callers.tokens.support, 'POST', `${U}/users/${id}/unsuspend`);

    const clean = await roster();
    expect(clean.hasSuspended).toBe(false);
    expect(clean.owner?.suspended).toBe(false);
    expect(clean.members.every((m) => !m.suspended)).toBe(true);

    expect((await suspend(member!.id)).statusCode).toBe(200);
    const withMember = await roster();
    expect(withMember.hasSuspended).toBe(true);
    expect(withMember.members.filter((m) => m.suspended).map((m) => m.tag)).toEqual([captain.playerTags[2]]);
    expect(withMember.owner?.suspended).toBe(false);

    expect((await suspend(captain.userId)).statusCode).toBe(200);
    const listed = await call(
      ctx.app,
      callers.tokens.organizer,
      'GET',
      `${adminPath('rosters')}?filter[event]=${callers.eventId}&filter[search]=${encodeURIComponent(captain.clanTag)}`,
    );
    const found = adminRosterListDocument.parse(listed.json()).data;
    expect(found.map((r) => r.id)).toEqual([captain.rosterId]);
    expect(found[0]!.attributes.owner?.suspended).toBe(true);
    expect(found[0]!.attributes.hasSuspended).toBe(true);

    await unsuspend(member!.id);
    await unsuspend(captain.userId);
    const lifted = await roster();
    expect(lifted.hasSuspended).toBe(false);
    expect(lifted.owner?.suspended).toBe(false);
    expect(lifted.members.some((m) => m.suspended)).toBe(false);
  });

  it('names the team a roster belongs to, and filters the rosters of one team', async () => {
    const [entry, other] = [take(), take()];
    // The captain creates the team (POST /teams); the roster is that team's entry this season.
    const created = await call(ctx.app, entry.token, 'POST', `${T}/teams`, {
      name: `Team of clan ${entry.index}`,
    });
    expect(created.statusCode, created.body).toBe(201);
    const teamId: string = created.json().data.id;
    const setTeam = (rosterId: string, data: { type: 'teams'; id: string } | null) =>
      ctx.app.inject({
        method: 'PATCH',
        url: adminPath('team', rosterId),
        headers: {
          'content-type': 'application/vnd.api+json',
          authorization: `Bearer ${callers.tokens.organizer}`,
        },
        payload: { data },
      });
    // An unknown team is refused in words, writing nothing.
    const unknown = await setTeam(entry.rosterId, {
      type: 'teams',
      id: '00000000-0000-4000-8000-0000000000aa',
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors[0]).toMatchObject({
      code: 'VALIDATION_FAILED',
      source: { pointer: '/data/id' },
    });
    expect((await rosterRow(db(), entry.rosterId)).teamId).toBeNull();
    expect(await auditEntries(db(), entry.rosterId)).toHaveLength(0);

    const set = await setTeam(entry.rosterId, { type: 'teams', id: teamId });
    expect(set.statusCode, set.body).toBe(200);
    expect(adminRosterDocument.parse(set.json()).data.attributes.team?.id).toBe(teamId);
    const [audit] = (await auditEntries(db(), entry.rosterId)).filter((e) => e.action === 'roster.team');
    expect(audit?.before).toMatchObject({ teamId: null });
    expect(audit?.after).toMatchObject({ teamId });

    const one = await call(
      ctx.app,
      callers.tokens.organizer,
      'GET',
      `${adminPath('rosters')}/${entry.rosterId}`,
    );
    expect(adminRosterDocument.parse(one.json()).data.attributes.team).toEqual({
      id: teamId,
      name: `Team of clan ${entry.index}`,
    });
    const without = await call(
      ctx.app,
      callers.tokens.organizer,
      'GET',
      `${adminPath('rosters')}/${other.rosterId}`,
    );
    expect(adminRosterDocument.parse(without.json()).data.attributes.team).toBeNull();

    const listed = await call(
      ctx.app,
      callers.tokens.organizer,
      'GET',
      `${adminPath('rosters')}?filter[event]=${callers.eventId}&filter[team]=${teamId}`,
    );
    expect(listed.statusCode, listed.body).toBe(200);
    expect(adminRosterListDocument.parse(listed.json()).data.map((r) => r.id)).toEqual([entry.rosterId]);
    const invalid = await call(
      ctx.app,
      callers.tokens.organizer,
      'GET',
      `${adminPath('rosters')}?filter[event]=${callers.eventId}&filter[team]=not-an-id`,
    );
    expect(invalid.statusCode).toBe(400);

    // null: the roster is no team's entry any more.
    const cleared = await setTeam(entry.rosterId, null);
    expect(adminRosterDocument.parse(cleared.json()).data.attributes.team).toBeNull();
  });

  it('locks and unlocks with before/after in the activity log', async () => {
    const { rosterId } = take();
    const unlocked = await call(ctx.app, callers.tokens.organizer, 'POST', adminPath('unlock', rosterId));
    expect(adminRosterDocument.parse(unlocked.json()).data.attributes.confirmed_at).toBeNull();
    const locked = await call(ctx.app, callers.tokens.organizer, 'POST', adminPath('lock', rosterId));
    expect(locked.json().data.attributes.confirmed_at).toBe(ctx.now.toISOString().replace('.000', ''));
    const log = await auditEntries(db(), rosterId);
    expect(log.map((e) => e.action).sort()).toEqual(['roster.lock', 'roster.unlock']);
    const unlock = log.find((e) => e.action === 'roster.unlock')!;
    expect((unlock.before as { confirmedAt: string }).confirmedAt).not.toBeNull();
    expect((unlock.after as { confirmedAt: string | null }).confirmedAt).toBeNull();
  });

  it.each([
    ['lock an already locked roster', 'lock', 409, 'CONFLICT', 'ALREADY_LOCKED'],
    ['unlock an unlocked roster', 'unlock', 409, 'CONFLICT', 'NOT_LOCKED'],
  ] as const)('refuses to %s, writing nothing', async (_title, action, status, code, reason) => {
    const { rosterId } = take();
    if (action === 'unlock') await unlockInDb(rosterId);
    const before = await rosterRow(db(), rosterId);
    const response = await call(ctx.app, admin, 'POST', adminPath(action, rosterId));
    expect(response.statusCode).toBe(status);
    expect(response.json().errors[0]).toMatchObject({ code, meta: { reason } });
    expect(await rosterRow(db(), rosterId)).toEqual(before);
    expect(await auditEntries(db(), rosterId)).toHaveLength(0);
  });

  it('refuses to lock fewer than 5 players (INCOMPLETE_ROSTER), writing nothing', async () => {
    const captain = take();
    await unlockInDb(captain.rosterId);
    await db()
      .update(rosterMembers)
      .set({ removedAt: ctx.now, removedReason: 'kicked' })
      .where(eq(rosterMembers.rosterId, captain.rosterId));
    const response = await call(ctx.app, admin, 'POST', adminPath('lock', captain.rosterId));
    expect(response.statusCode).toBe(400);
    expect(response.json().errors[0].code).toBe('INCOMPLETE_ROSTER');
    expect((await rosterRow(db(), captain.rosterId)).confirmedAt).toBeNull();
    expect(await auditEntries(db(), captain.rosterId)).toHaveLength(0);
  });

  it('refuses to unlock or move a roster that played a series of its segment (ROSTER_ALREADY_PLAYED)', async () => {
    const home = take();
    const away = take();
    await playedSeries(db(), home.rosterId, away.rosterId, ctx.now);
    const unlock = await call(ctx.app, admin, 'POST', adminPath('unlock', home.rosterId));
    expect(unlock.statusCode).toBe(400);
    expect(unlock.json().errors[0].code).toBe('ROSTER_ALREADY_PLAYED');
    expect(unlock.json().errors[0].detail).toContain('roster has already played');
    const move = await ctx.app.inject({
      method: 'PATCH',
      url: adminPath('move', away.rosterId),
      headers: { 'content-type': 'application/vnd.api+json', authorization: `Bearer ${admin}` },
      payload: { data: { type: 'segments', id: sandbox } },
    });
    expect(move.json().errors[0].code).toBe('ROSTER_ALREADY_PLAYED');
    expect((await rosterRow(db(), home.rosterId)).confirmedAt).not.toBeNull();
    expect((await rosterRow(db(), away.rosterId)).segmentId).not.toBe(sandbox);
    expect(await auditEntries(db(), home.rosterId)).toHaveLength(0);
  });

  it('withdraws through the withdrawal path: members released, queue entry ended, open series forfeited', async () => {
    const leaving = take();
    const opponent = take();
    const { ladderId, eventId } = await ladderSegment(db());
    await db().insert(queueEntries).values({
      tenant: 'global',
      rosterId: leaving.rosterId,
      segmentId: ladderId,
      thLevel: 17,
      playerTags: leaving.playerTags,
      status: 'waiting',
      joinedAt: ctx.now,
    });
    const [open] = await db()
      .insert(matchSeries)
      .values({
        tenant: 'global',
        eventId,
        segmentId: ladderId,
        date: ctx.now,
        state: 'scheduled',
        createdAt: ctx.now,
      })
      .returning({ id: matchSeries.id });
    await db()
      .insert(matchSeriesCompetitors)
      .values([
        { matchSeriesId: open!.id, position: 0, rosterId: leaving.rosterId, date: ctx.now },
        { matchSeriesId: open!.id, position: 1, rosterId: opponent.rosterId, date: ctx.now },
      ]);
    const response = await call(
      ctx.app,
      callers.tokens.organizer,
      'POST',
      adminPath('withdraw', leaving.rosterId),
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data.attributes.withdrawnAt).not.toBeNull();
    expect(response.json().data.attributes.members).toEqual([]);
    const entry = (
      await db().select().from(queueEntries).where(eq(queueEntries.rosterId, leaving.rosterId))
    )[0]!;
    expect(entry.endedAt).not.toBeNull();
    const series = (await db().select().from(matchSeries).where(eq(matchSeries.id, open!.id)))[0]!;
    expect(series.state).toBe('finished');
    const sides = await db()
      .select()
      .from(matchSeriesCompetitors)
      .where(eq(matchSeriesCompetitors.matchSeriesId, open!.id));
    expect(sides.find((s) => s.rosterId === leaving.rosterId)).toMatchObject({ forfeit: true, placement: 2 });
    const log = await auditEntries(db(), leaving.rosterId);
    expect(log.map((e) => e.action)).toEqual(['roster.withdraw']);
    expect((log[0]!.before as { withdrawnAt: null }).withdrawnAt).toBeNull();
    const again = await call(ctx.app, admin, 'POST', adminPath('withdraw', leaving.rosterId));
    expect(again.json().errors[0].meta.reason).toBe('ROSTER_WITHDRAWN');
    expect(await auditEntries(db(), leaving.rosterId)).toHaveLength(1);
  });

  describe('move to another segment', () => {
    const move = (rosterId: string, segmentId: string) =>
      ctx.app.inject({
        method: 'PATCH',
        url: adminPath('move', rosterId),
        headers: { 'content-type': 'application/vnd.api+json', authorization: `Bearer ${admin}` },
        payload: { data: { type: 'segments', id: segmentId } },
      });

    it('moves a roster to a top-level segment of its event; its segment check-in starts over', async () => {
      const { rosterId } = take();
      await db().update(rosters).set({ checkedIn: true }).where(eq(rosters.id, rosterId));
      const response = await move(rosterId, sandbox);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().data.attributes).toMatchObject({
        segment: { id: sandbox },
        checkedIn: false,
        locked: true,
      });
      const [entry] = await auditEntries(db(), rosterId);
      expect(entry).toMatchObject({ action: 'roster.move', eventId: callers.eventId });
      expect((entry!.after as { segmentId: string }).segmentId).toBe(sandbox);
    });

    it.each([
      ['a child segment (stage)', 'monthly-qualifier', 400, 'VALIDATION_FAILED'],
      ['a segment of another event', 'town-hall-cup-th9', 400, 'VALIDATION_FAILED'],
      ['the segment it is in', 'championship-th17', 400, 'VALIDATION_FAILED'],
    ])('refuses %s, writing nothing', async (_title, slug, status, code) => {
      const { rosterId } = take();
      const before = await rosterRow(db(), rosterId);
      const response = await move(rosterId, await segmentIdBySlug(db(), slug));
      expect(response.statusCode).toBe(status);
      expect(response.json().errors[0].code).toBe(code);
      expect(await rosterRow(db(), rosterId)).toEqual(before);
      expect(await auditEntries(db(), rosterId)).toHaveLength(0);
    });

    it('refuses a move onto a segment where the clan already has a live roster (CONFLICT)', async () => {
      const captain = take();
      const { eventId } = await ladderSegment(db());
      await db()
        .insert(rosters)
        .values({
          tenant: 'global',
          eventId,
          segmentId: sandbox,
          name: 'Same clan in the sandbox',
          clanTag: captain.clanTag,
          joiningKey: `sandbox-${captain.index}`,
        });
      const response = await move(captain.rosterId, sandbox);
      expect(response.statusCode).toBe(409);
      expect((await rosterRow(db(), captain.rosterId)).segmentId).not.toBe(sandbox);
      expect(await auditEntries(db(), captain.rosterId)).toHaveLength(0);
    });
  });
});
