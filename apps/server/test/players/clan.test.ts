import { API, clanDocument, clanRosterDocument } from '@cwh/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { SIM_CLAN_TAGS, SIM_PLAYER_TAGS } from '../../src/game/index.js';
import { bearer, describeEachDatabase } from '../harness.js';
import {
  clanCall,
  clanless,
  createHubUser,
  errorCode,
  errorDetail,
  playerToken,
  simPatchClan,
  simPatchPlayer,
  T,
  topSegmentId,
} from './players-helpers.js';

describeEachDatabase('clan service: team building, permissions, lock', (ctx) => {
  const tokens: Record<string, string> = {};
  let segmentId = '';
  let cupSegmentId = '';
  const lineup = [T.leader, T.coLeader, T.coLeader2, T.elder, T.elder2];
  const select = (who: string, attributes: Record<string, unknown>) =>
    clanCall(ctx.app, tokens[who]!, 'POST', '/members', attributes);
  const members = (captain: string, list: string[]) => ({ playerTag: captain, members: list, segmentId });

  beforeAll(async () => {
    segmentId = await topSegmentId(ctx.app);
    cupSegmentId = await topSegmentId(ctx.app, 'Town Hall Cup TH15');
    for (const tag of [T.leader, T.coLeader, T.coLeader2, T.elder, T.elder2, T.member]) {
      tokens[tag] = (await createHubUser(ctx.app, tag)).token;
    }
    tokens[clanless] = await playerToken(ctx.app, clanless);
    tokens[SIM_PLAYER_TAGS.raidersLeader] = await playerToken(ctx.app, SIM_PLAYER_TAGS.raidersLeader);
  });

  it('GET /clan lists the clan at its level (or all with includeAll) and no roster yet', async () => {
    const response = await clanCall(ctx.app, tokens[T.leader]!, 'GET', '/clan');
    expect(response.statusCode).toBe(200);
    const clan = clanDocument.parse(response.json()).data.attributes;
    expect(clan.clan).toEqual({ tag: SIM_CLAN_TAGS.atlantaTitans, name: 'Atlanta Titans', thLevel: 17 });
    expect(clan.isLeader).toBe(true);
    expect(clan.roster).toBeNull();
    expect(clan.items.map((m) => m.tag)).not.toContain(T.th16);
    expect(clan.items[0]!.role).toBe('leader');
    const all = (await clanCall(ctx.app, tokens[T.leader]!, 'GET', '/clan?includeAll=true')).json().data
      .attributes;
    expect(all.items.map((m: { tag: string }) => m.tag)).toContain(T.th16);
    expect((await clanCall(ctx.app, tokens[clanless]!, 'GET', '/clan')).statusCode).toBe(401);
    expect(errorCode(await clanCall(ctx.app, tokens[clanless]!, 'GET', '/clan'))).toBe('NO_CLAN');
  });

  it('refuses a team for a clan of fewer than 5 members with INCOMPLETE_CLAN (error 11), creating nothing', async () => {
    const leader = SIM_PLAYER_TAGS.loneWolvesLeader;
    tokens[leader] ??= await playerToken(ctx.app, leader);
    const clan = clanDocument.parse((await clanCall(ctx.app, tokens[leader]!, 'GET', '/clan')).json()).data
      .attributes;
    expect(clan.items).toHaveLength(4);
    const response = await select(
      leader,
      members(
        leader,
        clan.items.map((m) => m.tag),
      ),
    );
    expect(response.statusCode).toBe(400);
    expect(errorCode(response)).toBe('INCOMPLETE_CLAN');
    const after = clanDocument.parse((await clanCall(ctx.app, tokens[leader]!, 'GET', '/clan')).json()).data
      .attributes;
    expect(after.roster).toBeNull();
  });

  describe('POST /members validations (each changes nothing)', () => {
    it.each([
      [
        'fewer than 5',
        () => members(T.coLeader, [T.leader, T.elder, T.elder2]),
        'INCOMPLETE_ROSTER',
        'Please pick at least 5 clan members',
      ],
      [
        'no leader or co-leader',
        () => members(T.elder, [T.elder2, T.member, T.member2, T.member3]),
        'INSUFFICIENT_ROLE',
        'You must select at least 1 Clan Leader or Co-leader',
      ],
      [
        'captain not leader/co-leader',
        () => members(T.elder, [T.leader, T.elder2, T.member, T.member2]),
        'INSUFFICIENT_PERMISSION',
        null,
      ],
      [
        'town hall levels differ',
        () => members(T.coLeader, [T.leader, T.elder, T.elder2, T.th16]),
        'TH_LEVELS_MISMATCH',
        null,
      ],
      [
        'member not in the clan',
        () => members(T.coLeader, [T.leader, T.elder, T.elder2, clanless]),
        'WRONG_MEMBER',
        null,
      ],
      [
        'more than playersMax',
        () => members(T.coLeader, [T.leader, T.elder, T.elder2, T.member, T.member2]),
        'ROSTER_FULL',
        'Roster full or max additions used',
      ],
      [
        'wrong level for the competition',
        () => ({ ...members(T.coLeader, lineup), segmentId: cupSegmentId }),
        'INVALID_CLAN_LEVEL',
        null,
      ],
    ])('%s → %s', async (_name, body, code, detail) => {
      const response = await select(T.leader, body());
      // INSUFFICIENT_ROLE is a 401 in the spec's catalogue, the others 400.
      expect(response.statusCode).toBe(code === 'INSUFFICIENT_ROLE' ? 401 : 400);
      expect(errorCode(response)).toBe(code);
      if (detail) expect(errorDetail(response)).toBe(detail);
      const clan = (await clanCall(ctx.app, tokens[T.leader]!, 'GET', '/clan')).json().data.attributes;
      expect(clan.roster).toBeNull();
    });

    it('rejects malformed tags, unknown segments and wrong types with 400/404 and no roster', async () => {
      expect((await select(T.leader, members('not a tag', lineup))).statusCode).toBe(400);
      expect((await select(T.leader, { ...members(T.coLeader, lineup), segmentId: 'nope' })).statusCode).toBe(
        400,
      );
      expect((await select(T.leader, { ...members(T.coLeader, lineup), members: 'x' })).statusCode).toBe(400);
      const unknownSegment = await select(T.leader, {
        ...members(T.coLeader, lineup),
        segmentId: '00000000-0000-4000-8000-000000000000',
      });
      expect(unknownSegment.statusCode).toBe(404);
      expect(
        (await clanCall(ctx.app, tokens[T.leader]!, 'GET', '/clan')).json().data.attributes.roster,
      ).toBeNull();
    });
  });

  it('the leader creates the team: captain, members pending until they register', async () => {
    const response = await select(T.leader, members(T.coLeader, lineup));
    expect(response.statusCode).toBe(200);
    const resource = clanRosterDocument.parse(response.json()).data;
    expect(resource.type).toBe('clan-rosters');
    const roster = { id: resource.id, ...resource.attributes };
    expect(roster.captainTag).toBe(T.coLeader);
    expect(roster.members).toHaveLength(5);
    expect(roster.members[0]!.tag).toBe(T.coLeader);
    expect(roster.members.every((m) => m.registrationStatus === 'pending')).toBe(true);
    expect(roster.changes).toEqual({ used: 0, limit: 3, remaining: 3 });
    expect(roster.locked).toBe(false);
    const clan = (await clanCall(ctx.app, tokens[T.member]!, 'GET', '/clan')).json().data.attributes;
    expect(clan.roster.id).toBe(roster.id);
    expect(clan.items.find((m: { tag: string }) => m.tag === T.coLeader).rosterPosition).toBe('captain');
  });

  describe('permission table: select (same lineup, so no change is used)', () => {
    it.each([
      ['leader', T.leader, 200, null],
      ['co-leader captain', T.coLeader, 200, null],
      ['co-leader', T.coLeader2, 403, 'INSUFFICIENT_ROLE'],
      ['elder', T.elder, 403, 'INSUFFICIENT_ROLE'],
      ['member', T.member, 403, 'INSUFFICIENT_ROLE'],
      ['non-member', clanless, 401, 'NO_CLAN'],
    ])('%s (%s) → %i %s', async (_role, who, status, code) => {
      const response = await select(who, members(T.coLeader, lineup));
      expect(response.statusCode).toBe(status);
      if (code) expect(errorCode(response)).toBe(code);
    });
  });

  describe('permission table: change captain', () => {
    it.each([
      ['co-leader captain', T.coLeader, 403, 'INSUFFICIENT_ROLE'],
      ['co-leader', T.coLeader2, 403, 'INSUFFICIENT_ROLE'],
      ['elder', T.elder, 403, 'INSUFFICIENT_ROLE'],
      ['member', T.member, 403, 'INSUFFICIENT_ROLE'],
      ['non-member', clanless, 401, 'NO_CLAN'],
      ['leader', T.leader, 200, null],
    ])('%s (%s) → %i %s', async (_role, who, status, code) => {
      const response = await clanCall(ctx.app, tokens[who]!, 'POST', '/captain', { playerTag: T.coLeader });
      expect(response.statusCode).toBe(status);
      if (code) expect(errorCode(response)).toBe(code);
    });

    it('refuses a captain who is not leader/co-leader or not on the team', async () => {
      const elder = await clanCall(ctx.app, tokens[T.leader]!, 'POST', '/captain', { playerTag: T.elder });
      expect(errorCode(elder)).toBe('INSUFFICIENT_PERMISSION');
      const outsider = await clanCall(ctx.app, tokens[T.leader]!, 'POST', '/captain', {
        playerTag: T.member,
      });
      expect(errorCode(outsider)).toBe('WRONG_MEMBER');
    });
  });

  it('a player not selected cannot register (NOT_INVITED); a selected one can', async () => {
    const outsider = await clanCall(ctx.app, tokens[T.member]!, 'POST', '/register');
    expect(outsider.statusCode).toBe(401);
    expect(errorCode(outsider)).toBe('NOT_INVITED');
    const ok = await clanCall(ctx.app, tokens[T.elder]!, 'POST', '/register');
    expect(ok.statusCode).toBe(200);
    const me = ok.json().data.attributes.members.find((m: { tag: string }) => m.tag === T.elder);
    expect(me.registrationStatus).toBe('ready');
  });

  describe('permission table: lock before everyone registered', () => {
    it.each([
      ['leader (not captain)', T.leader, 403, 'INSUFFICIENT_ROLE'],
      ['co-leader', T.coLeader2, 403, 'INSUFFICIENT_ROLE'],
      ['elder', T.elder, 403, 'INSUFFICIENT_ROLE'],
      ['member', T.member, 403, 'INSUFFICIENT_ROLE'],
      ['non-member', clanless, 401, 'NO_CLAN'],
      ['co-leader captain', T.coLeader, 400, 'INCOMPLETE_ROSTER'],
    ])('%s (%s) → %i %s', async (_role, who, status, code) => {
      const response = await clanCall(ctx.app, tokens[who]!, 'POST', '/clan/roster/confirm');
      expect(response.statusCode).toBe(status);
      expect(errorCode(response)).toBe(code);
    });
  });

  it('counts lineup changes and refuses the 4th with "Roster changes limit exceeded"', async () => {
    const swaps = [T.member, T.elder2, T.member, T.elder2];
    for (const [index, fifth] of swaps.entries()) {
      const response = await select(T.leader, members(T.coLeader, [T.leader, T.coLeader2, T.elder, fifth]));
      if (index < 3) {
        expect(response.statusCode).toBe(200);
        expect(response.json().data.attributes.changes.used).toBe(index + 1);
      } else {
        expect(response.statusCode).toBe(400);
        expect(errorCode(response)).toBe('ROSTER_CHANGES_LIMIT_EXCEEDED');
        expect(errorDetail(response)).toBe('Roster changes limit exceeded');
      }
    }
    const allowed = await clanCall(ctx.app, tokens[T.member]!, 'GET', '/clan/roster/allowed-changes');
    expect(allowed.json().data.attributes).toEqual({ used: 3, limit: 3, remaining: 0 });
  });

  it('check-selected-players and check-clan (captain only) report missing members, levels, war and war log', async () => {
    const captain = tokens[T.coLeader]!;
    expect(errorCode(await clanCall(ctx.app, tokens[T.elder]!, 'GET', '/check-clan'))).toBe(
      'INSUFFICIENT_ROLE',
    );
    expect(errorCode(await clanCall(ctx.app, tokens[T.leader]!, 'GET', '/check-selected-players'))).toBe(
      'INSUFFICIENT_ROLE',
    );
    expect((await clanCall(ctx.app, captain, 'GET', '/check-selected-players')).statusCode).toBe(200);
    expect((await clanCall(ctx.app, captain, 'GET', '/check-clan')).statusCode).toBe(200);

    await simPatchPlayer(ctx.app, T.elder, { townHallLevel: 16 });
    expect(errorCode(await clanCall(ctx.app, captain, 'GET', '/check-selected-players'))).toBe(
      'TH_LEVELS_MISMATCH',
    );
    await simPatchPlayer(ctx.app, T.elder, { townHallLevel: 17 });

    await simPatchClan(ctx.app, SIM_CLAN_TAGS.atlantaTitans, { warStatus: 'friendlyWar' });
    const war = await clanCall(ctx.app, captain, 'GET', '/check-clan');
    expect(war.statusCode).toBe(400);
    expect(errorCode(war)).toBe('CLAN_IS_IN_WAR');
    await simPatchClan(ctx.app, SIM_CLAN_TAGS.atlantaTitans, { warStatus: 'none', isWarLogPublic: false });
    expect(errorCode(await clanCall(ctx.app, captain, 'GET', '/check-clan'))).toBe('WAR_LOG_PRIVATE');
    await simPatchClan(ctx.app, SIM_CLAN_TAGS.atlantaTitans, { isWarLogPublic: true });
  });

  it('the captain locks once everyone registered; the locked lineup cannot change', async () => {
    for (const tag of [T.leader, T.coLeader, T.coLeader2, T.member]) {
      expect((await clanCall(ctx.app, tokens[tag]!, 'POST', '/register')).statusCode).toBe(200);
    }
    const locked = await clanCall(ctx.app, tokens[T.coLeader]!, 'POST', '/clan/roster/confirm');
    expect(locked.statusCode).toBe(200);
    expect(locked.json().data.attributes.locked).toBe(true);
    expect(
      locked
        .json()
        .data.attributes.members.every(
          (m: { registrationStatus: string }) => m.registrationStatus === 'ready',
        ),
    ).toBe(true);
    expect(errorCode(await clanCall(ctx.app, tokens[T.coLeader]!, 'POST', '/clan/roster/confirm'))).toBe(
      'ROSTER_LOCKED',
    );
    expect(errorCode(await select(T.leader, members(T.coLeader, lineup)))).toBe('ROSTER_LOCKED');
    const platform = (
      await ctx.app.inject({ method: 'GET', url: `${API.tournaments}/rosters/${locked.json().data.id}` })
    ).json();
    expect(platform.data.attributes.confirmed_at).toBe(locked.json().data.attributes.confirmedAt);
  });

  it('serves the roster group code to members only (CHAT_GROUP_NOT_SET until the organizer sets the link)', async () => {
    const rosterId = (await clanCall(ctx.app, tokens[T.elder]!, 'GET', '/clan')).json().data.attributes.roster
      .id;
    const png = await ctx.app.inject({
      method: 'GET',
      url: `${API.clan}/wechatqrcode/by-roster/${rosterId}`,
      headers: bearer(tokens[T.elder]!),
    });
    // The PNG itself, once the event has a group link: chat-group-code.test.ts.
    expect(png.statusCode).toBe(404);
    expect(errorCode(png)).toBe('CHAT_GROUP_NOT_SET');
    const stranger = await ctx.app.inject({
      method: 'GET',
      url: `${API.clan}/wechatqrcode/by-roster/${rosterId}`,
      headers: bearer(tokens[SIM_PLAYER_TAGS.raidersLeader]!),
    });
    expect(stranger.statusCode).toBe(403);
    const bad = await ctx.app.inject({
      method: 'GET',
      url: `${API.clan}/wechatqrcode/by-roster/x`,
      headers: bearer(tokens[T.elder]!),
    });
    expect(bad.statusCode).toBe(400);
  });

  it('gives a one-time Discord link code', async () => {
    const response = await clanCall(ctx.app, tokens[T.member]!, 'POST', '/get-discord-token');
    expect(response.statusCode).toBe(200);
    expect(response.json().data.attributes.code).toMatch(/^[0-9A-F]{12}$/);
  });

  describe('permission table: disband (withdraw)', () => {
    it.each([
      ['co-leader captain', T.coLeader, 403, 'INSUFFICIENT_ROLE'],
      ['co-leader', T.coLeader2, 403, 'INSUFFICIENT_ROLE'],
      ['elder', T.elder, 403, 'INSUFFICIENT_ROLE'],
      ['member', T.member, 403, 'INSUFFICIENT_ROLE'],
      ['non-member', clanless, 401, 'NO_CLAN'],
    ])('%s (%s) → %i %s', async (_role, who, status, code) => {
      const response = await clanCall(ctx.app, tokens[who]!, 'POST', '/disband-clan', {
        clanTag: SIM_CLAN_TAGS.atlantaTitans,
      });
      expect(response.statusCode).toBe(status);
      expect(errorCode(response)).toBe(code);
    });

    it('leader: another clan tag is refused (WRONG_MEMBER)', async () => {
      const other = await clanCall(ctx.app, tokens[T.leader]!, 'POST', '/disband-clan', {
        clanTag: SIM_CLAN_TAGS.nordicRaiders,
      });
      expect(errorCode(other)).toBe('WRONG_MEMBER');
      expect(
        (await clanCall(ctx.app, tokens[T.leader]!, 'GET', '/clan')).json().data.attributes.roster,
      ).not.toBeNull();
    });

    it('leader: the own clan withdraws and the roster becomes "previous"', async () => {
      const rosterId = (await clanCall(ctx.app, tokens[T.leader]!, 'GET', '/clan')).json().data.attributes
        .roster.id;
      const response = await clanCall(ctx.app, tokens[T.leader]!, 'POST', '/disband-clan', {
        clanTag: SIM_CLAN_TAGS.atlantaTitans,
      });
      expect(response.statusCode).toBe(200);
      expect(
        (await clanCall(ctx.app, tokens[T.leader]!, 'GET', '/clan')).json().data.attributes.roster,
      ).toBeNull();
      const previous = await clanCall(ctx.app, tokens[T.member]!, 'GET', '/clan/previous');
      expect(previous.json().data.id).toBe(rosterId);
    });
  });

  it('refuses calls without or with a malformed token', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: `${API.clan}/clan` })).statusCode).toBe(401);
    expect(
      (await ctx.app.inject({ method: 'GET', url: `${API.clan}/clan`, headers: bearer('garbage') }))
        .statusCode,
    ).toBe(401);
  });
});
