import { describe, expect, it } from 'vitest';
import { clanThLevel } from '../clan-th-level.js';
import { normalizeTag } from '../tags.js';
import { simClans, simPlayers } from './sim-dataset.js';
import { simDemoLadderClans, simDemoLadderDataset, simDemoLadderPlayers } from './sim-demo-ladder-dataset.js';

describe('demo ladder sim dataset', () => {
  it('uses canonical tags unique across both datasets, and tokens derived from the tag', () => {
    const tags = [
      ...simClans.map((c) => c.tag),
      ...simPlayers.map((p) => p.tag),
      ...simDemoLadderClans.map((c) => c.tag),
      ...simDemoLadderPlayers.map((p) => p.tag),
    ];
    for (const tag of tags) expect(normalizeTag(tag)).toBe(tag);
    expect(new Set(tags).size).toBe(tags.length);
    for (const p of simDemoLadderPlayers) expect(p.apiToken).toBe(`sim-token-${p.tag.slice(1)}`);
    const names = [...simClans, ...simDemoLadderClans].map((c) => c.name);
    expect(new Set(names).size).toBe(names.length);
  });

  it('has twelve TH17 clans able to play: 5+ TH17 members, a leader and a co-leader, no war, public log', () => {
    expect(simDemoLadderClans).toHaveLength(12);
    expect(simDemoLadderDataset.clans).toBe(simDemoLadderClans);
    for (const clan of simDemoLadderClans) {
      const members = simDemoLadderPlayers.filter((p) => p.clanTag === clan.tag);
      expect(members.filter((p) => p.townHallLevel === 17).length).toBeGreaterThanOrEqual(5);
      expect(clanThLevel(members)).toBe(17);
      expect(members.filter((p) => p.role === 'leader')).toHaveLength(1);
      expect(members.some((p) => p.role === 'coLeader')).toBe(true);
      expect(members.every((p) => !p.banned)).toBe(true);
      expect(clan).toMatchObject({ warStatus: 'none', isWarLogPublic: true });
    }
  });
});
