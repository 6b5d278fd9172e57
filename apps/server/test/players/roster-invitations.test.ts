import { API, rosterInvitationDocument, rosterInvitationListDocument } from '@cwh/contract';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { segments } from '../../src/db/schema/index.js';
import { type Callers, call, createCallers, ROLES, type Role } from '../admin/admin-fixtures.js';
import { describeEachDatabase, jsonApiBody } from '../harness.js';
import { clanless, createHubUser, errorCode, T } from './players-helpers.js';

/*
 * A roster that is not a clan's enlists nobody without consent: its owner's "add players" invites,
 * the invited player accepts (and is on the roster) or declines; staff of the event (its organizers,
 * admins) still place players directly. Only the invited player sees and answers an invitation.
 */

const R = `${API.tournaments}/rosters`;

describeEachDatabase('roster invitations (rosters that are not a clan’s)', (ctx) => {
  let callers: Callers;
  let segmentId = '';
  const players: Record<string, { token: string; userId: string }> = {};
  const owner = () => players[clanless]!.token;

  beforeAll(async () => {
    callers = await createCallers(ctx);
    const [top] = await ctx.database.db.select().from(segments).where(eq(segments.eventId, callers.eventId));
    segmentId = top!.parentId ?? top!.id;
    for (const tag of [clanless, T.elder, T.member, T.member2])
      players[tag] = await createHubUser(ctx.app, tag);
  });

  async function newRoster(name: string) {
    const created = await call(ctx.app, owner(), 'POST', R, { name, segmentId });
    expect(created.statusCode, created.body).toBe(201);
    return created.json().data.id as string;
  }
  const add = (token: string | null, rosterId: string, tags: string[]) =>
    ctx.app.inject({
      method: 'POST',
      url: `${R}/${rosterId}/relationships/players`,
      headers: {
        'content-type': 'application/vnd.api+json',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      payload: { data: tags.map((id) => ({ type: 'players', id })) },
    });
  const lineup = async (rosterId: string) =>
    (
      (await call(ctx.app, null, 'GET', `${R}/${rosterId}`)).json().data.attributes.players as {
        tag: string;
      }[]
    )
      .map((p) => p.tag)
      .sort();
  const openInvitations = async (tag: string) =>
    rosterInvitationListDocument.parse(
      (await call(ctx.app, players[tag]!.token, 'GET', `${R}/invitations`)).json(),
    ).data;
  const invitationTo = async (tag: string, rosterId: string) =>
    (await openInvitations(tag)).find((i) => i.attributes.roster.id === rosterId);

  describe('role × action: adding a player to a roster that is not a clan’s', () => {
    const outcome: Record<Role, { status: number; placed: boolean }> = {
      anonymous: { status: 401, placed: false },
      player: { status: 403, placed: false },
      'captain of another clan': { status: 403, placed: false },
      support: { status: 403, placed: false },
      'organizer of another event': { status: 403, placed: false },
      organizer: { status: 200, placed: true },
      admin: { status: 200, placed: true },
    };
    it.each(ROLES)('%s', async (role) => {
      const rosterId = await newRoster(`Role table ${role}`);
      const response = await add(callers.tokens[role], rosterId, [T.elder]);
      expect(response.statusCode, response.body).toBe(outcome[role].status);
      expect(await lineup(rosterId)).toEqual(outcome[role].placed ? [T.elder] : []);
      expect(await invitationTo(T.elder, rosterId)).toBeUndefined();
    });

    it('the owner: the player is invited, not enlisted', async () => {
      const rosterId = await newRoster('Owner invites');
      const response = await add(owner(), rosterId, [T.elder]);
      expect(response.statusCode).toBe(200);
      expect(response.json().meta.invited).toEqual([{ id: expect.any(String), playerTag: T.elder }]);
      expect(await lineup(rosterId)).toEqual([]);
      expect((await invitationTo(T.elder, rosterId))?.attributes).toMatchObject({
        playerTag: T.elder,
        answer: null,
        roster: { id: rosterId, displayName: 'Owner invites' },
      });
    });
  });

  describe('answering', () => {
    let rosterId = '';
    beforeAll(async () => {
      rosterId = await newRoster('Wanderers');
      expect((await add(owner(), rosterId, [T.elder, T.member])).statusCode).toBe(200);
    });

    it('inviting the same player again opens no second invitation', async () => {
      expect((await add(owner(), rosterId, [T.elder])).statusCode).toBe(200);
      const mine = (await openInvitations(T.elder)).filter((i) => i.attributes.roster.id === rosterId);
      expect(mine).toHaveLength(1);
    });

    it.each([
      { why: 'anonymous', token: () => null, status: 401, code: 'UNAUTHENTICATED' },
      {
        why: 'a staff account is not a player',
        token: () => callers.tokens.admin,
        status: 401,
        code: 'UNAUTHENTICATED',
      },
      { why: 'another player', token: () => players[T.member2]!.token, status: 404, code: 'NOT_FOUND' },
    ])('accept by $why is $status, and the player is not enlisted', async ({ token, status, code }) => {
      const invitation = (await invitationTo(T.elder, rosterId))!;
      const response = await call(ctx.app, token(), 'POST', `${R}/invitations/${invitation.id}/accept`);
      expect(response.statusCode).toBe(status);
      expect(errorCode(response)).toBe(code);
      expect(await lineup(rosterId)).toEqual([]);
    });

    it('the invited player accepts: on the roster, the invitation closed', async () => {
      const invitation = (await invitationTo(T.elder, rosterId))!;
      const response = await call(
        ctx.app,
        players[T.elder]!.token,
        'POST',
        `${R}/invitations/${invitation.id}/accept`,
      );
      expect(response.statusCode).toBe(200);
      expect(rosterInvitationDocument.parse(response.json()).data.attributes.answer).toBe('accepted');
      expect(await lineup(rosterId)).toEqual([T.elder]);
      expect(await invitationTo(T.elder, rosterId)).toBeUndefined();
    });

    it('an answered invitation cannot be answered again (404)', async () => {
      const answered = await call(
        ctx.app,
        players[T.elder]!.token,
        'POST',
        `${R}/invitations/${crypto.randomUUID()}/decline`,
      );
      expect(answered.statusCode).toBe(404);
    });

    it('the other player declines: not on the roster, the invitation closed', async () => {
      const invitation = (await invitationTo(T.member, rosterId))!;
      const response = await call(
        ctx.app,
        players[T.member]!.token,
        'POST',
        `${R}/invitations/${invitation.id}/decline`,
      );
      expect(response.statusCode).toBe(200);
      expect(response.json().data.attributes.answer).toBe('declined');
      expect(await lineup(rosterId)).toEqual([T.elder]);
      const again = await call(
        ctx.app,
        players[T.member]!.token,
        'POST',
        `${R}/invitations/${invitation.id}/accept`,
      );
      expect(again.statusCode).toBe(404);
      expect(await lineup(rosterId)).toEqual([T.elder]);
    });

    it('after the lock an invitation cannot be accepted (ROSTER_LOCKED)', async () => {
      const locked = await newRoster('Locked soon');
      expect((await add(owner(), locked, [T.member2])).statusCode).toBe(200);
      const lock = await call(ctx.app, callers.tokens.admin, 'PATCH', `${R}/${locked}`, {
        confirmed_at: '2026-01-01T00:00:00Z',
      });
      expect(lock.statusCode).toBe(200);
      const invitation = (await invitationTo(T.member2, locked))!;
      const response = await call(
        ctx.app,
        players[T.member2]!.token,
        'POST',
        `${R}/invitations/${invitation.id}/accept`,
      );
      expect(response.statusCode).toBe(400);
      expect(errorCode(response)).toBe('ROSTER_LOCKED');
      expect(await lineup(locked)).toEqual([]);
    });

    it('a malformed invitation id is 400', async () => {
      const response = await call(ctx.app, players[T.elder]!.token, 'POST', `${R}/invitations/nope/accept`);
      expect(response.statusCode).toBe(400);
    });

    it('the joining key stays the other way in: the player joins by themself', async () => {
      const keyed = await newRoster('Keyed');
      const key = (await call(ctx.app, owner(), 'GET', `${R}/${keyed}/joining-key`)).json().data.attributes
        .joiningKey;
      const joined = await ctx.app.inject({
        method: 'POST',
        url: `${R}/join`,
        headers: {
          'content-type': 'application/vnd.api+json',
          authorization: `Bearer ${players[T.member]!.token}`,
        },
        payload: jsonApiBody({ joiningKey: key }),
      });
      expect(joined.statusCode).toBe(200);
      expect(await lineup(keyed)).toEqual([T.member]);
    });
  });
});
