import { API, rosterDocument, rosterListDocument } from '@cwh/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { SIM_CLAN_TAGS } from '../../src/game/index.js';
import { bearer, describeEachDatabase, jsonApiBody, jsonApiRequest, loginAsAdmin } from '../harness.js';
import { clanCall, clanless, createHubUser, errorCode, T, topSegmentId } from './players-helpers.js';

const R = `${API.tournaments}/rosters`;

// The tables of the roster steps below: who calls (a player's tag or 'admin') and the answer.
const JOINING_KEY_CALLERS = [
  { why: 'a player who does not own the roster', who: T.member, status: 403 },
  { why: 'the owner', who: clanless, status: 200 },
  { why: 'an admin', who: 'admin', status: 200 },
];

const ADD_PLAYER_REFUSALS = [
  {
    why: 'a player who does not own the roster',
    who: T.member,
    tags: [T.elder],
    status: 403,
    code: 'FORBIDDEN',
  },
  {
    why: 'a tag the game does not know',
    who: clanless,
    tags: ['#2222222'],
    status: 400,
    code: 'UNKNOWN_PLAYER',
  },
  {
    why: 'a malformed tag',
    who: clanless,
    tags: ['bad tag!'],
    status: 400,
    code: 'VALIDATION_FAILED',
  },
];

const KICKS = [
  {
    why: 'a player who does not own the roster',
    who: T.member,
    tag: T.elder,
    status: 403,
  },
  { why: 'the owner', who: clanless, tag: T.elder, status: 204 },
  { why: 'an admin', who: 'admin', tag: T.member, status: 204 },
  { why: 'a player no longer on the roster', who: 'admin', tag: T.member, status: 404 },
];

const PATCH_REFUSALS = [
  {
    why: 'treeLevel is for admins only',
    who: clanless,
    attributes: { treeLevel: 3 },
    status: 403,
  },
  {
    why: 'a player who does not own the roster',
    who: T.member,
    attributes: { name: 'X' },
    status: 403,
  },
  { why: 'an unknown attribute', who: 'admin', attributes: { bogus: 1 }, status: 400 },
  {
    why: 'a NUL byte in the name',
    who: clanless,
    attributes: { name: 'N\u0000' },
    status: 400,
  },
];

describeEachDatabase('platform rosters', (ctx) => {
  let admin = '';
  let adminId = '';
  let segmentId = '';
  let eventId = '';
  const users: Record<string, { token: string; userId: string }> = {};
  const call = (
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    url: string,
    token?: string,
    payload?: unknown,
  ) =>
    payload
      ? ctx.app.inject(jsonApiRequest({ method, url, ...(token ? { headers: bearer(token) } : {}), payload }))
      : ctx.app.inject({ method, url, ...(token ? { headers: bearer(token) } : {}) });

  /** A caller of the tables above: a player by tag, or the admin. */
  const tokenOf = (who: string) => (who === 'admin' ? admin : users[who]!.token);

  beforeAll(async () => {
    const session = await loginAsAdmin(ctx.app);
    admin = session.token.value;
    adminId = session.userId;
    segmentId = await topSegmentId(ctx.app);
    const segment = await ctx.app.inject({
      method: 'GET',
      url: `${API.tournaments}/events?filter[status]=active`,
    });
    eventId = segment
      .json()
      .data.find(
        (e: { attributes: { competition: string } }) => e.attributes.competition === 'championship',
      ).id;
    for (const tag of [T.leader, T.coLeader, T.elder, T.member, clanless])
      users[tag] = await createHubUser(ctx.app, tag);
  });

  describe('create, read, list, order', () => {
    let first = '';
    let second = '';
    it('any hub user creates a roster they own; reads are public', async () => {
      const created = await call(
        'POST',
        R,
        users[clanless]!.token,
        jsonApiBody({ name: 'Drifters', segmentId }),
      );
      expect(created.statusCode).toBe(201);
      const roster = rosterDocument.parse(created.json()).data;
      first = roster.id;
      expect(roster.attributes).toMatchObject({
        name: 'Drifters',
        displayName: 'Drifters',
        locked: false,
        confirmed_at: null,
      });
      expect(roster.relationships.owner.data).toEqual({ type: 'users', id: users[clanless]!.userId });
      const read = await call('GET', `${R}/${first}`);
      expect(read.statusCode).toBe(200);
      expect(read.json().data.attributes.segment).toEqual({ id: segmentId, parent: null });
    });

    it('a clan roster (external id sc_coc_clan_tag) can be created by an admin only', async () => {
      const body = jsonApiBody({
        name: 'Titans by admin',
        segmentId,
        externalIds: [{ provider: 'sc_coc_clan_tag', value: SIM_CLAN_TAGS.ironVanguard.toLowerCase() }],
      });
      expect((await call('POST', R, users[T.leader]!.token, body)).statusCode).toBe(403);
      const created = await call('POST', R, admin, body);
      expect(created.statusCode).toBe(201);
      second = created.json().data.id;
      expect(created.json().data.attributes.externalIds).toEqual([
        { provider: 'sc_coc_clan_tag', value: SIM_CLAN_TAGS.ironVanguard },
      ]);
      expect((await call('POST', R, admin, body)).statusCode).toBe(409);
    });

    it('lists by segment (tree.level desc, then newest), by event + owner and by user', async () => {
      // Same clock in tests, so both have the same createdAt; tree.level decides.
      let list = rosterListDocument.parse((await call('GET', `${R}?filter[segment]=${segmentId}`)).json());
      expect(list.data.map((r) => r.id).sort()).toEqual([second, first].sort());
      expect((await call('PATCH', `${R}/${second}`, admin, jsonApiBody({ treeLevel: 1 }))).statusCode).toBe(
        200,
      );
      list = rosterListDocument.parse((await call('GET', `${R}?filter[segment]=${segmentId}`)).json());
      expect(list.data.map((r) => r.id)).toEqual([second, first]);
      expect((await call('PATCH', `${R}/${first}`, admin, jsonApiBody({ treeLevel: 2 }))).statusCode).toBe(
        200,
      );
      list = rosterListDocument.parse((await call('GET', `${R}?filter[segment]=${segmentId}`)).json());
      expect(list.data.map((r) => r.id)).toEqual([first, second]);
      const owned = (await call('GET', `${R}?filter[event]=${eventId}&filter[owner]=${adminId}`)).json();
      expect(owned.data.map((r: { id: string }) => r.id)).toEqual([second]);
      const mine = (await call('GET', `${R}?filter[user]=${users[clanless]!.userId}`)).json();
      expect(mine.data.map((r: { id: string }) => r.id)).toEqual([first]);
      expect((await call('GET', `${R}?filter[segment]=nope`)).statusCode).toBe(400);
    });

    it.each(JOINING_KEY_CALLERS)('joining key: $status for $why', async ({ who, status }) => {
      const response = await call('GET', `${R}/${first}/joining-key`, tokenOf(who));
      expect(response.statusCode).toBe(status);
    });

    const joiningKey = async () =>
      (await call('GET', `${R}/${first}/joining-key`, users[clanless]!.token)).json().data.attributes
        .joiningKey as string;

    it('the owner and an admin read the same joining key', async () => {
      const key = await joiningKey();
      expect((await call('GET', `${R}/${first}/joining-key`, admin)).json().data.attributes.joiningKey).toBe(
        key,
      );
    });

    it('a player joins with the key and is linked as a user', async () => {
      const joined = await call(
        'POST',
        `${R}/join`,
        users[T.member]!.token,
        jsonApiBody({ joiningKey: await joiningKey() }),
      );
      expect(joined.statusCode).toBe(200);
      expect(joined.json().data.attributes.players.map((p: { tag: string }) => p.tag)).toContain(T.member);
      expect(joined.json().data.relationships.users.data).toEqual([
        { type: 'users', id: users[T.member]!.userId },
      ]);
    });

    it('an unknown joining key is 404', async () => {
      const response = await call(
        'POST',
        `${R}/join`,
        users[T.member]!.token,
        jsonApiBody({ joiningKey: 'x'.repeat(20) }),
      );
      expect(response.statusCode).toBe(404);
    });

    it('a member leaves once (a second leave is 404) and the roster shows nobody', async () => {
      expect((await call('POST', `${R}/${first}/leave`, users[T.member]!.token)).statusCode).toBe(204);
      expect((await call('POST', `${R}/${first}/leave`, users[T.member]!.token)).statusCode).toBe(404);
      expect((await call('GET', `${R}/${first}`)).json().data.attributes.players).toEqual([]);
    });

    const add = (token: string, ids: string[]) =>
      call('POST', `${R}/${first}/relationships/players`, token, {
        data: ids.map((id) => ({ type: 'players', id })),
      });
    const kick = (token: string, tag: string) =>
      call('DELETE', `${R}/${first}/relationships/players/${encodeURIComponent(tag)}`, token);

    it.each(ADD_PLAYER_REFUSALS)(
      'adding players is refused for $why, and nothing changes',
      async ({ who, tags, status, code }) => {
        const response = await add(tokenOf(who), tags);
        expect(response.statusCode).toBe(status);
        expect(errorCode(response)).toBe(code);
        expect((await call('GET', `${R}/${first}`)).json().data.attributes.players).toEqual([]);
      },
    );

    it('the owner of a roster that is not a clan’s invites: nobody is on it before accepting', async () => {
      const invited = await add(users[clanless]!.token, [T.elder, T.member]);
      expect(invited.statusCode).toBe(200);
      const tags = invited.json().meta.invited.map((i: { playerTag: string }) => i.playerTag);
      expect(tags.sort()).toEqual([T.elder, T.member].sort());
      expect((await call('GET', `${R}/${first}`)).json().data.attributes.players).toEqual([]);
    });

    it('each invited player accepts and is on the roster', async () => {
      for (const tag of [T.elder, T.member]) {
        const open = (await call('GET', `${R}/invitations`, users[tag]!.token)).json().data;
        const invitation = open.find(
          (i: { attributes: { roster: { id: string } } }) => i.attributes.roster.id === first,
        );
        const accepted = await call('POST', `${R}/invitations/${invitation.id}/accept`, users[tag]!.token);
        expect(accepted.statusCode).toBe(200);
      }
      const players = (await call('GET', `${R}/${first}`)).json().data.attributes.players;
      expect(players.map((p: { tag: string }) => p.tag).sort()).toEqual([T.elder, T.member].sort());
    });

    it.each(KICKS)('kick: $status for $why', async ({ who, tag, status }) => {
      expect((await kick(tokenOf(who), tag)).statusCode).toBe(status);
    });

    const patch = (token: () => string, attributes: Record<string, unknown>) =>
      call('PATCH', `${R}/${first}`, token(), jsonApiBody(attributes));
    const displayName = async () => (await call('GET', `${R}/${first}`)).json().data.attributes.displayName;

    it('the owner renames the roster', async () => {
      expect((await patch(() => users[clanless]!.token, { name: 'Nomads' })).statusCode).toBe(200);
      expect(await displayName()).toBe('Nomads');
    });

    it.each(PATCH_REFUSALS)(
      'PATCH is refused ($why) and the roster keeps its name',
      async ({ who, attributes, status }) => {
        expect((await patch(() => tokenOf(who), attributes)).statusCode).toBe(status);
        expect(await displayName()).toBe('Nomads');
      },
    );

    it('PATCH without attributes answers the roster unchanged', async () => {
      const empty = await patch(() => users[clanless]!.token, {});
      expect(empty.statusCode).toBe(200);
      expect(empty.json().data.attributes.displayName).toBe('Nomads');
    });

    it('DELETE by a player who does not own the roster is 403', async () => {
      expect((await call('DELETE', `${R}/${first}`, users[T.member]!.token)).statusCode).toBe(403);
      expect((await call('GET', `${R}/${first}`)).statusCode).toBe(200);
    });

    it('the owner deletes their roster', async () => {
      expect((await call('DELETE', `${R}/${first}`, users[clanless]!.token)).statusCode).toBe(204);
      expect((await call('GET', `${R}/${first}`)).statusCode).toBe(404);
    });

    it('an admin deletes any roster', async () => {
      expect((await call('DELETE', `${R}/${second}`, admin)).statusCode).toBe(204);
      expect((await call('GET', `${R}/${second}`)).statusCode).toBe(404);
    });

    it('a malformed roster id is 400', async () => {
      expect((await call('GET', `${R}/not-a-uuid`)).statusCode).toBe(400);
    });
  });

  describe('clan roster: kick permissions by role', () => {
    let rosterId = '';
    beforeAll(async () => {
      const created = await clanCall(ctx.app, users[T.leader]!.token, 'POST', '/members', {
        playerTag: T.coLeader,
        members: [T.leader, T.elder, T.member, T.member2],
        segmentId,
      });
      expect(created.statusCode).toBe(200);
      rosterId = created.json().data.id;
    });
    const kick = (token: string, tag: string) =>
      call('DELETE', `${R}/${rosterId}/relationships/players/${encodeURIComponent(tag)}`, token);

    it.each([
      ['elder', T.elder, 403],
      ['member', T.member, 403],
      ['non-member', clanless, 403],
    ])('%s cannot kick', async (_role, who, status) => {
      expect((await kick(users[who]!.token, T.member2)).statusCode).toBe(status);
    });

    it('the leader kicks before the lock (not the captain); the team shows the gap', async () => {
      expect(errorCode(await kick(users[T.leader]!.token, T.coLeader))).toBe('CONFLICT');
      expect((await kick(users[T.leader]!.token, T.member2)).statusCode).toBe(204);
      expect((await kick(users[T.leader]!.token, T.member2)).statusCode).toBe(404);
    });
  });
});
