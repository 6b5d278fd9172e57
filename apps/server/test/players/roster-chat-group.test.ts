import { API } from '@cwh/contract';
import QRCode from 'qrcode';
import { beforeAll, describe, expect, it } from 'vitest';
import { SIM_CLAN_TAGS, simPlayers } from '../../src/game/index.js';
import { call } from '../admin/admin-fixtures.js';
import { bearer, describeEachDatabase, loginAsAdmin } from '../harness.js';
import { clanCall, createHubUser, errorCode, T, titans, topSegmentId } from './players-helpers.js';

/*
 * Each team's chat invite is its own (issue #10, #15: "per roster, where each team has a group"):
 * its captain sets the link on the roster (PATCH /rosters/{id} chatGroupUrl); the team's group code
 * encodes it and its members read it from the clan service, while another team keeps the event's
 * group. Only the roster's owner (captain) or an admin may set it; a refusal writes nothing.
 */

const EVENT_GROUP = 'https://weixin.qq.com/g/EventGroup000';
const TITANS_GROUP = 'https://discord.gg/atlanta-titans';
const raiders = simPlayers.filter((p) => p.clanTag === SIM_CLAN_TAGS.nordicRaiders && p.townHallLevel === 17);

describeEachDatabase('a team’s own chat group link', (ctx) => {
  const tokens: Record<string, string> = {};
  let admin = '';
  let titansRoster = '';
  let raidersRoster = '';
  const R = `${API.tournaments}/rosters`;
  const qr = (roster: string, token: string) =>
    ctx.app.inject({
      method: 'GET',
      url: `${API.clan}/wechatqrcode/by-roster/${roster}`,
      headers: bearer(token),
    });
  const encodes = async (roster: string, token: string, link: string) => {
    const response = await qr(roster, token);
    expect(response.statusCode, response.body).toBe(200);
    const expected = await QRCode.toBuffer(link, { type: 'png', width: 256, margin: 2 });
    return response.rawPayload.equals(expected);
  };
  /** The link as the team's members read it (GET /clan); the roster must be there. */
  const storedLink = async () => {
    const roster = (await clanCall(ctx.app, tokens[T.leader]!, 'GET', '/clan')).json().data.attributes.roster;
    expect(roster?.id).toBe(titansRoster);
    return roster.chatGroupUrl as string | null;
  };

  beforeAll(async () => {
    admin = (await loginAsAdmin(ctx.app)).token.value;
    for (const tag of [T.leader, T.member, raiders[0]!.tag])
      tokens[tag] = (await createHubUser(ctx.app, tag)).token;
    const segmentId = await topSegmentId(ctx.app);
    const created = await clanCall(ctx.app, tokens[T.leader]!, 'POST', '/members', {
      playerTag: T.leader,
      members: [...titans.slice(0, 4).map((p) => p.tag), T.member],
      segmentId,
    });
    expect(created.statusCode, created.body).toBe(200);
    titansRoster = created.json().data.id;
    const other = await clanCall(ctx.app, tokens[raiders[0]!.tag]!, 'POST', '/members', {
      playerTag: raiders[0]!.tag,
      members: raiders.slice(0, 5).map((p) => p.tag),
      segmentId,
    });
    expect(other.statusCode, other.body).toBe(200);
    raidersRoster = other.json().data.id;
    // The event's group, for every team without its own.
    const events = (await ctx.app.inject({ url: `${API.tournaments}/events` })).json().data as {
      id: string;
      attributes: Record<string, unknown>;
      relationships: { segments: { data: { id: string }[] } };
    }[];
    const event = events.find((e) => e.relationships.segments.data.some((s) => s.id === segmentId))!;
    const { name, status, date, competition, thLevels } = event.attributes;
    const put = await call(ctx.app, admin, 'PUT', `${API.tournaments}/events/${event.id}`, {
      name,
      status,
      date,
      competition,
      thLevels,
      chatGroupUrl: EVENT_GROUP,
    });
    expect(put.statusCode, put.body).toBe(200);
  });

  describe('who may set it (PATCH /rosters/{id} chatGroupUrl)', () => {
    it.each([
      ['anonymous', () => null, 401],
      ['a player of the team who is not its captain', () => tokens[T.member]!, 403],
      ["another clan's captain", () => tokens[raiders[0]!.tag]!, 403],
    ])('%s is refused and nothing is written', async (_who, token, status) => {
      const response = await call(ctx.app, token(), 'PATCH', `${R}/${titansRoster}`, {
        chatGroupUrl: 'https://discord.gg/not-theirs',
      });
      expect(response.statusCode).toBe(status);
      expect(await storedLink()).toBeNull();
    });

    it.each([
      ['a plain-http link', 'http://discord.gg/atlanta'],
      ['a script link', 'javascript:alert(1)'],
      ['no link at all', ''],
    ])('%s is refused (VALIDATION_FAILED) and nothing is written', async (_why, link) => {
      const response = await call(ctx.app, tokens[T.leader]!, 'PATCH', `${R}/${titansRoster}`, {
        chatGroupUrl: link,
      });
      expect(response.statusCode).toBe(400);
      expect(errorCode(response)).toBe('VALIDATION_FAILED');
      expect(await storedLink()).toBeNull();
    });

    it('an admin may set and clear it', async () => {
      const set = await call(ctx.app, admin, 'PATCH', `${R}/${raidersRoster}`, {
        chatGroupUrl: 'https://discord.gg/raiders',
      });
      expect(set.statusCode, set.body).toBe(200);
      expect(
        (await call(ctx.app, admin, 'PATCH', `${R}/${raidersRoster}`, { chatGroupUrl: null })).statusCode,
      ).toBe(200);
    });
  });

  it("the captain sets the team's own link: its code and its members see it, the other team keeps the event's", async () => {
    const response = await call(ctx.app, tokens[T.leader]!, 'PATCH', `${R}/${titansRoster}`, {
      chatGroupUrl: TITANS_GROUP,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(await storedLink()).toBe(TITANS_GROUP);
    expect(await encodes(titansRoster, tokens[T.leader]!, TITANS_GROUP)).toBe(true);
    // Not shared: the other team's code is still the event's group.
    expect(await encodes(raidersRoster, tokens[raiders[0]!.tag]!, EVENT_GROUP)).toBe(true);
    expect(await encodes(raidersRoster, tokens[raiders[0]!.tag]!, TITANS_GROUP)).toBe(false);
    // Nor can the other team read this team's code.
    expect((await qr(titansRoster, tokens[raiders[0]!.tag]!)).statusCode).toBe(403);
  });

  it('clearing it (null) falls back to the event’s group', async () => {
    const response = await call(ctx.app, tokens[T.leader]!, 'PATCH', `${R}/${titansRoster}`, {
      chatGroupUrl: null,
    });
    expect(response.statusCode).toBe(200);
    expect(await storedLink()).toBeNull();
    expect(await encodes(titansRoster, tokens[T.leader]!, EVENT_GROUP)).toBe(true);
  });
});
