import { describe, expect, it } from 'vitest';
import { clanThLevel } from '../clan-th-level.js';
import { normalizeTag } from '../tags.js';
import {
  SIM_CLAN_TAGS,
  SIM_PLAYER_TAGS,
  simApiToken,
  simClans,
  simDataset,
  simPlayers,
} from './sim-dataset.js';

const membersOf = (clanTag: string) => simPlayers.filter((p) => p.clanTag === clanTag);
const clanOf = (clanTag: string) => simClans.find((c) => c.tag === clanTag)!;
const count = <T>(items: readonly T[], test: (item: T) => boolean) => items.filter(test).length;

describe('sim dataset integrity', () => {
  it('uses canonical, valid, unique tags', () => {
    const tags = [...simClans.map((c) => c.tag), ...simPlayers.map((p) => p.tag)];
    for (const tag of tags) expect(normalizeTag(tag)).toBe(tag);
    expect(new Set(tags).size).toBe(tags.length);
  });

  it('gives every player a token derived from the tag', () => {
    for (const p of simPlayers) expect(p.apiToken).toBe(`sim-token-${p.tag.slice(1)}`);
    expect(simApiToken('#2PP')).toBe('sim-token-2PP');
  });

  it('has consistent membership: known clans, a role exactly when in a clan, one leader per clan', () => {
    for (const p of simPlayers) {
      if (p.clanTag === null) expect(p.role).toBeNull();
      else {
        expect(simClans.some((c) => c.tag === p.clanTag)).toBe(true);
        expect(p.role).not.toBeNull();
      }
    }
    for (const clan of simClans) expect(count(membersOf(clan.tag), (p) => p.role === 'leader')).toBe(1);
  });

  it('exports the named tags that exist', () => {
    const all = new Set(simPlayers.map((p) => p.tag));
    for (const tag of Object.values(SIM_PLAYER_TAGS)) expect(all.has(tag)).toBe(true);
    expect(simDataset.clans).toBe(simClans);
  });
});

describe('sim dataset covers the spec rules', () => {
  it.each([SIM_CLAN_TAGS.atlantaTitans, SIM_CLAN_TAGS.nordicRaiders])(
    'championship clan %s: >= 8 members, all roles, mostly TH17 with one TH16',
    (tag) => {
      const members = membersOf(tag);
      expect(members.length).toBeGreaterThanOrEqual(8);
      expect(count(members, (p) => p.role === 'coLeader')).toBeGreaterThanOrEqual(1);
      expect(count(members, (p) => p.role === 'coLeader')).toBeLessThanOrEqual(2);
      expect(count(members, (p) => p.role === 'elder')).toBeGreaterThanOrEqual(1);
      expect(count(members, (p) => p.role === 'member')).toBeGreaterThanOrEqual(1);
      expect(count(members, (p) => p.townHallLevel === 16)).toBe(1);
      expect(clanThLevel(members)).toBe(17);
      expect(clanOf(tag)).toMatchObject({ warStatus: 'none', isWarLogPublic: true });
    },
  );

  it('has TH17 clans in a clan war, in a friendly war and with a private war log', () => {
    expect(clanOf(SIM_CLAN_TAGS.ironVanguard).warStatus).toBe('clanWar');
    expect(clanOf(SIM_CLAN_TAGS.friendlyFire).warStatus).toBe('friendlyWar');
    expect(clanOf(SIM_CLAN_TAGS.hiddenBlades).isWarLogPublic).toBe(false);
    for (const tag of [SIM_CLAN_TAGS.ironVanguard, SIM_CLAN_TAGS.friendlyFire, SIM_CLAN_TAGS.hiddenBlades]) {
      expect(clanThLevel(membersOf(tag))).toBe(17);
      expect(count(membersOf(tag), (p) => p.townHallLevel === 17)).toBeGreaterThanOrEqual(5);
    }
  });

  it.each([
    [SIM_CLAN_TAGS.fifteenForge, 15, 5],
    [SIM_CLAN_TAGS.twelveTowers, 12, 6],
    [SIM_CLAN_TAGS.nineLives, 9, 5],
  ])('town hall cup clan %s is TH%i with %i members at that level', (tag, level, atLevel) => {
    const members = membersOf(tag);
    expect(members.length).toBeGreaterThanOrEqual(6);
    expect(clanThLevel(members)).toBe(level);
    expect(count(members, (p) => p.townHallLevel === level)).toBe(atLevel);
  });

  it('has a clan too small to field a team', () => {
    expect(membersOf(SIM_CLAN_TAGS.loneWolves)).toHaveLength(4);
  });

  it('has clanless players and exactly one banned player', () => {
    expect(count(simPlayers, (p) => p.clanTag === null)).toBeGreaterThanOrEqual(3);
    expect(simPlayers.filter((p) => p.banned).map((p) => p.tag)).toEqual([SIM_PLAYER_TAGS.raidersBanned]);
  });
});
