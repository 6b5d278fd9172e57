import { sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { SIM_CLAN_TAGS, simPlayers } from '../../src/game/index.js';
import { describeEachDatabase } from '../harness.js';
import { clanCall, createHubUser, errorCode, simPatchPlayer, topSegmentId } from './players-helpers.js';

const raiders = simPlayers.filter((p) => p.clanTag === SIM_CLAN_TAGS.nordicRaiders).map((p) => p.tag);
const [erik, sofia, mika, ingrid, lars] = raiders as [string, string, string, string, string];
const forge = simPlayers
  .filter((p) => p.clanTag === SIM_CLAN_TAGS.fifteenForge && p.townHallLevel === 15)
  .map((p) => p.tag);

describeEachDatabase('team lifecycle', (ctx) => {
  const tokens: Record<string, string> = {};
  let segmentId = '';
  const clan = async (who: string) =>
    (await clanCall(ctx.app, tokens[who]!, 'GET', '/clan')).json().data.attributes;
  const member = (roster: { members: { tag: string; registrationStatus: string }[] }, tag: string) =>
    roster.members.find((m) => m.tag === tag);

  beforeAll(async () => {
    segmentId = await topSegmentId(ctx.app);
    for (const tag of [erik, sofia, mika, ingrid, lars, ...forge])
      tokens[tag] = (await createHubUser(ctx.app, tag)).token;
    const selected = await clanCall(ctx.app, tokens[erik]!, 'POST', '/members', {
      playerTag: sofia,
      members: [erik, sofia, mika, ingrid, lars],
      segmentId,
    });
    expect(selected.statusCode).toBe(200);
    for (const tag of [erik, sofia, mika, ingrid, lars]) {
      expect((await clanCall(ctx.app, tokens[tag]!, 'POST', '/register')).statusCode).toBe(200);
    }
  });

  it('before the lock a member who leaves is deselected; the lock is refused until the leader reselects', async () => {
    await simPatchPlayer(ctx.app, lars, { clanTag: null });
    let roster = (await clan(erik)).roster;
    expect(roster.members).toHaveLength(4);
    expect(member(roster, lars)).toBeUndefined();
    const refused = await clanCall(ctx.app, tokens[sofia]!, 'POST', '/clan/roster/confirm');
    expect(refused.statusCode).toBe(400);
    expect(errorCode(refused)).toBe('INCOMPLETE_ROSTER');

    // Coming back is not enough: the leader must reselect.
    await simPatchPlayer(ctx.app, lars, { clanTag: SIM_CLAN_TAGS.nordicRaiders });
    roster = (await clan(erik)).roster;
    expect(member(roster, lars)).toBeUndefined();
    expect(errorCode(await clanCall(ctx.app, tokens[sofia]!, 'POST', '/clan/roster/confirm'))).toBe(
      'INCOMPLETE_ROSTER',
    );

    const reselected = await clanCall(ctx.app, tokens[erik]!, 'POST', '/members', {
      playerTag: sofia,
      members: [erik, sofia, mika, ingrid, lars],
      segmentId,
    });
    expect(reselected.statusCode).toBe(200);
    // Reselecting the same lineup is not a change, and the earlier registration is kept.
    expect(reselected.json().data.attributes.changes.used).toBe(0);
    expect(member(reselected.json().data.attributes, lars)?.registrationStatus).toBe('ready');
    const locked = await clanCall(ctx.app, tokens[sofia]!, 'POST', '/clan/roster/confirm');
    expect(locked.statusCode).toBe(200);
  });

  it('after the lock members may leave and rejoin without reselection', async () => {
    await simPatchPlayer(ctx.app, lars, { clanTag: null });
    let roster = (await clan(erik)).roster;
    expect(member(roster, lars)).toMatchObject({ inClan: false, registrationStatus: 'notReady' });
    const missing = await clanCall(ctx.app, tokens[sofia]!, 'GET', '/check-selected-players');
    expect(errorCode(missing)).toBe('MEMBERS_MISSING');
    expect(errorCode(await clanCall(ctx.app, tokens[sofia]!, 'GET', '/check-clan'))).toBe('MEMBERS_MISSING');

    await simPatchPlayer(ctx.app, lars, { clanTag: SIM_CLAN_TAGS.nordicRaiders });
    roster = (await clan(erik)).roster;
    expect(member(roster, lars)).toMatchObject({ inClan: true, registrationStatus: 'ready' });
    expect(roster.locked).toBe(true);
    expect((await clanCall(ctx.app, tokens[sofia]!, 'GET', '/check-selected-players')).statusCode).toBe(200);
  });

  it('a team not locked when registration closed cannot lock (SEGMENT_REGISTRATION_CLOSED) nor compete', async () => {
    const [ana, tariq] = forge as [string, string];
    const cupSegment = await topSegmentId(ctx.app, 'Town Hall Cup TH15');
    const selected = await clanCall(ctx.app, tokens[ana]!, 'POST', '/members', {
      playerTag: tariq,
      members: forge,
      segmentId: cupSegment,
    });
    expect(selected.statusCode).toBe(200);
    for (const tag of forge)
      expect((await clanCall(ctx.app, tokens[tag]!, 'POST', '/register')).statusCode).toBe(200);

    const closed = [
      {
        name: 'Registration',
        type: 'open',
        date: { from: '2026-01-01T00:00:00Z', to: '2026-03-01T00:00:00Z' },
      },
    ];
    await ctx.database.db.execute(
      sql`update segments set registration_phases = ${JSON.stringify(closed)}::jsonb where id = ${cupSegment}`,
    );
    const refused = await clanCall(ctx.app, tokens[tariq]!, 'POST', '/clan/roster/confirm');
    expect(refused.statusCode).toBe(400);
    expect(errorCode(refused)).toBe('SEGMENT_REGISTRATION_CLOSED');
    const roster = (await clan(ana)).roster;
    expect(roster).toMatchObject({ registrationStatus: 'after', canCompete: false, locked: false });
    const reselect = await clanCall(ctx.app, tokens[ana]!, 'POST', '/members', {
      playerTag: tariq,
      members: forge,
      segmentId: cupSegment,
    });
    expect(errorCode(reselect)).toBe('SEGMENT_REGISTRATION_CLOSED');
  });
});
