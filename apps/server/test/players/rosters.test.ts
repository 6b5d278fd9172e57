import { API, rosterDocument, rosterListDocument } from '@cwh/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { SIM_CLAN_TAGS } from '../../src/game/index.js';
import { bearer, describeEachDatabase, jsonApiBody, jsonApiRequest, loginAsAdmin } from '../harness.js';
import { clanCall, clanless, createHubUser, errorCode, T, topSegmentId } from './players-helpers.js';

const R = `${API.tournaments}/rosters`;

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

    it('joining key: owner and admin only; join with it, then leave', async () => {
      expect((await call('GET', `${R}/${first}/joining-key`, users[T.member]!.token)).statusCode).toBe(403);
      const key = (await call('GET', `${R}/${first}/joining-key`, users[clanless]!.token)).json().data
        .attributes.joiningKey;
      expect((await call('GET', `${R}/${first}/joining-key`, admin)).json().data.attributes.joiningKey).toBe(
        key,
      );
      const joined = await call(
        'POST',
        `${R}/join`,
        users[T.member]!.token,
        jsonApiBody({ joiningKey: key }),
      );
      expect(joined.statusCode).toBe(200);
      expect(joined.json().data.attributes.players.map((p: { tag: string }) => p.tag)).toContain(T.member);
      expect(joined.json().data.relationships.users.data).toEqual([
        { type: 'users', id: users[T.member]!.userId },
      ]);
      expect(
        (await call('POST', `${R}/join`, users[T.member]!.token, jsonApiBody({ joiningKey: 'x'.repeat(20) })))
          .statusCode,
      ).toBe(404);
      expect((await call('POST', `${R}/${first}/leave`, users[T.member]!.token)).statusCode).toBe(204);
      expect((await call('POST', `${R}/${first}/leave`, users[T.member]!.token)).statusCode).toBe(404);
      expect((await call('GET', `${R}/${first}`)).json().data.attributes.players).toEqual([]);
    });

    it('add players (owner, admin) and kick them; others are refused; bad tags change nothing', async () => {
      const add = (token: string, ids: string[]) =>
        call('POST', `${R}/${first}/relationships/players`, token, {
          data: ids.map((id) => ({ type: 'players', id })),
        });
      expect((await add(users[T.member]!.token, [T.elder])).statusCode).toBe(403);
      expect(errorCode(await add(users[clanless]!.token, ['#2222222']))).toBe('UNKNOWN_PLAYER');
      expect((await add(users[clanless]!.token, ['bad tag!'])).statusCode).toBe(400);
      expect((await call('GET', `${R}/${first}`)).json().data.attributes.players).toEqual([]);
      expect((await add(users[clanless]!.token, [T.elder, T.member])).statusCode).toBe(200);
      const kick = (token: string, tag: string) =>
        call('DELETE', `${R}/${first}/relationships/players/${encodeURIComponent(tag)}`, token);
      expect((await kick(users[T.member]!.token, T.elder)).statusCode).toBe(403);
      expect((await kick(users[clanless]!.token, T.elder)).statusCode).toBe(204);
      expect((await kick(admin, T.member)).statusCode).toBe(204);
      expect((await kick(admin, T.member)).statusCode).toBe(404);
    });

    it('PATCH: owner renames, admin-only fields refused to the owner; DELETE: owner or admin', async () => {
      expect(
        (await call('PATCH', `${R}/${first}`, users[clanless]!.token, jsonApiBody({ name: 'Nomads' })))
          .statusCode,
      ).toBe(200);
      expect(
        (await call('PATCH', `${R}/${first}`, users[clanless]!.token, jsonApiBody({ treeLevel: 3 })))
          .statusCode,
      ).toBe(403);
      expect(
        (await call('PATCH', `${R}/${first}`, users[T.member]!.token, jsonApiBody({ name: 'X' }))).statusCode,
      ).toBe(403);
      expect((await call('PATCH', `${R}/${first}`, admin, jsonApiBody({ bogus: 1 }))).statusCode).toBe(400);
      // No attributes: nothing changes, the roster is answered as it is (was a 500).
      const empty = await call('PATCH', `${R}/${first}`, users[clanless]!.token, jsonApiBody({}));
      expect(empty.statusCode).toBe(200);
      expect(empty.json().data.attributes.displayName).toBe('Nomads');
      const nul = await call(
        'PATCH',
        `${R}/${first}`,
        users[clanless]!.token,
        jsonApiBody({ name: 'N\u0000' }),
      );
      expect(nul.statusCode).toBe(400);
      expect((await call('GET', `${R}/${first}`)).json().data.attributes.displayName).toBe('Nomads');
      expect((await call('DELETE', `${R}/${first}`, users[T.member]!.token)).statusCode).toBe(403);
      expect((await call('DELETE', `${R}/${first}`, users[clanless]!.token)).statusCode).toBe(204);
      expect((await call('GET', `${R}/${first}`)).statusCode).toBe(404);
      expect((await call('DELETE', `${R}/${second}`, admin)).statusCode).toBe(204);
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
