import { API } from '@cwh/contract';
import QRCode from 'qrcode';
import { beforeAll, expect, it } from 'vitest';
import { call } from '../admin/admin-fixtures.js';
import { bearer, describeEachDatabase, loginAsAdmin } from '../harness.js';
import { clanCall, createHubUser, errorCode, T, titans, topSegmentId } from './players-helpers.js';

/*
 * The team's messaging-app group QR code encodes the group link the organizer set on the event
 * (issue #15: never a made-up address). Without one the code is refused with CHAT_GROUP_NOT_SET,
 * and the page says the group is not set up yet.
 */

const GROUP = 'https://weixin.qq.com/g/AbCdEf0123456789';

describeEachDatabase('chat group code: the organizer sets the group link on the event', (ctx) => {
  const tokens: Record<string, string> = {};
  let admin = '';
  let eventId = '';
  let qrUrl = '';

  const putEvent = async (chatGroupUrl: string | null) => {
    const event = (
      await ctx.app.inject({ method: 'GET', url: `${API.tournaments}/events/${eventId}` })
    ).json().data.attributes;
    const { name, status, date, competition, thLevels } = event;
    return call(ctx.app, admin, 'PUT', `${API.tournaments}/events/${eventId}`, {
      name,
      status,
      date,
      competition,
      thLevels,
      chatGroupUrl,
    });
  };

  beforeAll(async () => {
    admin = (await loginAsAdmin(ctx.app)).token.value;
    tokens[T.leader] = (await createHubUser(ctx.app, T.leader)).token;
    const segmentId = await topSegmentId(ctx.app);
    const events = (await ctx.app.inject({ method: 'GET', url: `${API.tournaments}/events` })).json()
      .data as {
      id: string;
      relationships: { segments: { data: { id: string }[] } };
    }[];
    eventId = events.find((event) => event.relationships.segments.data.some((s) => s.id === segmentId))!.id;
    const created = await clanCall(ctx.app, tokens[T.leader]!, 'POST', '/members', {
      playerTag: T.leader,
      members: titans.slice(0, 5).map((p) => p.tag),
      segmentId,
    });
    expect(created.statusCode, created.body).toBe(200);
    qrUrl = `${API.clan}/wechatqrcode/by-roster/${created.json().data.id}`;
  });

  it('without a group link on the event, the code is refused: the group is not set up yet', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: qrUrl, headers: bearer(tokens[T.leader]!) });
    expect(response.statusCode).toBe(404);
    expect(errorCode(response)).toBe('CHAT_GROUP_NOT_SET');
  });

  it("the organizer's link is what the code encodes; only the organizer's documents show it", async () => {
    const put = await putEvent(GROUP);
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json().data.attributes.chatGroupUrl).toBe(GROUP);
    const open = (
      await ctx.app.inject({ method: 'GET', url: `${API.tournaments}/events/${eventId}` })
    ).json();
    expect(open.data.attributes.chatGroupUrl).toBeUndefined();

    const response = await ctx.app.inject({ method: 'GET', url: qrUrl, headers: bearer(tokens[T.leader]!) });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/png');
    const expected = await QRCode.toBuffer(GROUP, { type: 'png', width: 256, margin: 2 });
    expect(response.rawPayload.equals(expected)).toBe(true);
  });

  it('removing the link (null) brings back CHAT_GROUP_NOT_SET', async () => {
    expect((await putEvent(null)).statusCode).toBe(200);
    const response = await ctx.app.inject({ method: 'GET', url: qrUrl, headers: bearer(tokens[T.leader]!) });
    expect(errorCode(response)).toBe('CHAT_GROUP_NOT_SET');
  });
});
