import { API } from '@cwh/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Callers, call, createCallers } from '../admin/admin-fixtures.js';
import { describeEachDatabase } from '../harness.js';
import {
  clanless,
  createHubUser,
  errorCode,
  gameUser,
  simPatchPlayer,
  T,
  topSegmentId,
} from './players-helpers.js';

/*
 * Platform rosters at their edges: who cannot create one, what the lock forbids (delete, join, add,
 * kick, leave), the captain who cannot leave, and what an admin's unlock and other external ids do.
 * Each refusal re-reads the roster: nothing changed.
 */

const R = `${API.tournaments}/rosters`;

describeEachDatabase('platform rosters: refusals and the lock', (ctx) => {
  let callers: Callers;
  let segmentId = '';
  const tokens: Record<string, string> = {};
  const admin = () => callers.tokens.admin;
  const owner = () => tokens[clanless]!;

  beforeAll(async () => {
    callers = await createCallers(ctx);
    segmentId = await topSegmentId(ctx.app);
    for (const tag of [clanless, T.elder, T.member]) tokens[tag] = (await createHubUser(ctx.app, tag)).token;
  });

  const read = async (id: string) => (await call(ctx.app, null, 'GET', `${R}/${id}`)).json().data;
  const lineup = async (id: string) =>
    ((await read(id)).attributes.players as { tag: string }[]).map((p) => p.tag).sort();

  async function rosterWith(name: string, tags: string[]) {
    const created = await call(ctx.app, owner(), 'POST', R, { name, segmentId });
    expect(created.statusCode).toBe(201);
    const id = created.json().data.id as string;
    if (tags.length > 0) {
      const added = await ctx.app.inject({
        method: 'POST',
        url: `${R}/${id}/relationships/players`,
        headers: { authorization: `Bearer ${admin()}`, 'content-type': 'application/vnd.api+json' },
        payload: { data: tags.map((tag) => ({ type: 'players', id: tag })) },
      });
      expect(added.statusCode).toBe(200);
    }
    return id;
  }
  const lock = (id: string, at: string | null) =>
    call(ctx.app, admin(), 'PATCH', `${R}/${id}`, { confirmed_at: at });

  it('a player without a hub account cannot create a roster (NOT_REGISTERED)', async () => {
    const { token } = await gameUser(ctx.app, T.member2);
    const response = await call(ctx.app, token!, 'POST', R, { name: 'Nobody', segmentId });
    expect(response.statusCode).toBe(404);
    expect(errorCode(response)).toBe('NOT_REGISTERED');
  });

  it('external ids other than the clan tag are kept as given, and do not make a clan roster', async () => {
    const created = await call(ctx.app, owner(), 'POST', R, {
      name: 'Linked',
      segmentId,
      externalIds: [{ provider: 'discord_guild', value: 'abc' }],
    });
    expect(created.statusCode).toBe(201);
    expect(created.json().data.attributes.externalIds).toEqual([{ provider: 'discord_guild', value: 'abc' }]);
  });

  describe('once locked', () => {
    let id = '';
    beforeAll(async () => {
      id = await rosterWith('Sealed', [T.elder, T.member]);
      expect((await lock(id, '2026-01-01T00:00:00Z')).statusCode).toBe(200);
    });

    it.each([
      { why: 'the owner cannot delete it', act: () => call(ctx.app, owner(), 'DELETE', `${R}/${id}`) },
      {
        why: 'the owner cannot kick a player',
        act: () =>
          call(ctx.app, owner(), 'DELETE', `${R}/${id}/relationships/players/${encodeURIComponent(T.elder)}`),
      },
      {
        why: 'a player cannot leave it',
        act: () => call(ctx.app, tokens[T.member]!, 'POST', `${R}/${id}/leave`),
      },
      {
        why: 'an admin cannot add a player',
        act: () =>
          ctx.app.inject({
            method: 'POST',
            url: `${R}/${id}/relationships/players`,
            headers: { authorization: `Bearer ${admin()}`, 'content-type': 'application/vnd.api+json' },
            payload: { data: [{ type: 'players', id: T.coLeader }] },
          }),
      },
    ])('$why (ROSTER_LOCKED), and the lineup stays', async ({ act }) => {
      const response = await act();
      expect(response.statusCode).toBe(400);
      expect(errorCode(response)).toBe('ROSTER_LOCKED');
      expect(await lineup(id)).toEqual([T.elder, T.member].sort());
    });

    it('nobody joins it with the joining key (ROSTER_LOCKED)', async () => {
      const key = (await call(ctx.app, owner(), 'GET', `${R}/${id}/joining-key`)).json().data.attributes
        .joiningKey;
      const response = await call(ctx.app, tokens[clanless]!, 'POST', `${R}/join`, { joiningKey: key });
      expect(response.statusCode).toBe(400);
      expect(errorCode(response)).toBe('ROSTER_LOCKED');
      expect(await lineup(id)).toEqual([T.elder, T.member].sort());
    });

    it('an admin unlocks it (confirmed_at null), and a player may leave again', async () => {
      const unlocked = await lock(id, null);
      expect(unlocked.statusCode).toBe(200);
      expect(unlocked.json().data.attributes).toMatchObject({ locked: false, confirmed_at: null });
      expect((await call(ctx.app, tokens[T.member]!, 'POST', `${R}/${id}/leave`)).statusCode).toBe(204);
      expect(await lineup(id)).toEqual([T.elder]);
    });
  });

  it('a player banned after signing in cannot join with the key (PLAYER_BANNED)', async () => {
    const id = await rosterWith('Open door', []);
    const key = (await call(ctx.app, owner(), 'GET', `${R}/${id}/joining-key`)).json().data.attributes
      .joiningKey;
    const { token } = await gameUser(ctx.app, T.member3);
    await simPatchPlayer(ctx.app, T.member3, { banned: true });
    const response = await call(ctx.app, token!, 'POST', `${R}/join`, { joiningKey: key });
    expect(errorCode(response)).toBe('PLAYER_BANNED');
    expect(await lineup(id)).toEqual([]);
  });
});
