import { describe, expect, it } from 'vitest';
import type { WarResult } from '../game-adapter.js';
import { GameAdapterError } from '../game-adapter-error.js';
import { InMemorySimGame } from './in-memory-sim-game.js';
import { SIM_CLAN_TAGS, SIM_PLAYER_TAGS, simApiToken, simPlayers } from './sim-dataset.js';

const firstFive = (clanTag: string) =>
  simPlayers
    .filter((p) => p.clanTag === clanTag && p.townHallLevel === 17 && !p.banned)
    .slice(0, 5)
    .map((p) => p.tag);

const warRequest = {
  matchSeriesId: 'series-1',
  home: { clanTag: SIM_CLAN_TAGS.atlantaTitans, playerTags: firstFive(SIM_CLAN_TAGS.atlantaTitans) },
  away: { clanTag: SIM_CLAN_TAGS.nordicRaiders, playerTags: firstFive(SIM_CLAN_TAGS.nordicRaiders) },
};

describe('InMemorySimGame', () => {
  it('verifies tokens', async () => {
    const game = new InMemorySimGame();
    const tag = SIM_PLAYER_TAGS.titansLeader;
    await expect(game.verifyPlayerToken(tag.toLowerCase(), simApiToken(tag))).resolves.toEqual({
      status: 'ok',
    });
    await expect(game.verifyPlayerToken(tag, 'wrong')).resolves.toEqual({ status: 'invalid' });
    await expect(game.verifyPlayerToken('#2222222', 'x')).rejects.toMatchObject({ kind: 'not_found' });
  });

  it('returns players, including banned and clanless ones', async () => {
    const game = new InMemorySimGame();
    await expect(game.getPlayer(SIM_PLAYER_TAGS.raidersBanned)).resolves.toMatchObject({
      banned: true,
      role: 'member',
      clan: { tag: SIM_CLAN_TAGS.nordicRaiders, name: 'Nordic Raiders' },
    });
    await expect(game.getPlayer(SIM_PLAYER_TAGS.clanlessTh14)).resolves.toMatchObject({
      clan: null,
      role: null,
    });
    await expect(game.getPlayer('nope')).resolves.toBeNull();
  });

  it('returns clans with their derived level', async () => {
    const game = new InMemorySimGame();
    const clan = await game.getClan(SIM_CLAN_TAGS.fifteenForge);
    expect(clan).toMatchObject({ thLevel: 15, isWarLogPublic: true });
    expect(clan?.members).toHaveLength(6);
    await expect(game.getClan('#2222222')).resolves.toBeNull();
  });

  it('reports war status like the official API, private log included', async () => {
    const game = new InMemorySimGame();
    await expect(game.getWarStatus(SIM_CLAN_TAGS.ironVanguard)).resolves.toBe('clanWar');
    await expect(game.getWarStatus(SIM_CLAN_TAGS.friendlyFire)).resolves.toBe('friendlyWar');
    await expect(game.getWarStatus(SIM_CLAN_TAGS.atlantaTitans)).resolves.toBe('none');
    await expect(game.getWarStatus(SIM_CLAN_TAGS.hiddenBlades)).rejects.toMatchObject({
      kind: 'war_log_private',
    });
  });

  it('creates a war, puts both clans in it, and delivers a deterministic result', async () => {
    const game = new InMemorySimGame();
    const received: WarResult[] = [];
    game.onWarResult(async (result) => {
      received.push(result);
    });

    const war = await game.createWar(warRequest);
    expect(war.deepLink).toContain(war.warId);
    await expect(game.getWarStatus(SIM_CLAN_TAGS.atlantaTitans)).resolves.toBe('clanWar');

    const result = await game.finishWar(war.warId);
    expect(received).toEqual([result]);
    expect(result.matchSeriesId).toBe('series-1');
    expect(result.destruction).toBeDefined();
    await expect(game.getWarStatus(SIM_CLAN_TAGS.nordicRaiders)).resolves.toBe('none');

    const replay = new InMemorySimGame();
    const again = await replay.createWar(warRequest);
    await expect(replay.finishWar(again.warId)).resolves.toEqual(result);
  });

  it('records forfeits without playing', async () => {
    const game = new InMemorySimGame();
    const war = await game.createWar(warRequest);
    await expect(game.finishWar(war.warId, { forfeit: 'away' })).resolves.toMatchObject({ forfeit: 'away' });
    await expect(game.finishWar(war.warId)).rejects.toBeInstanceOf(GameAdapterError);
  });

  it('refuses players who are not in the clan', async () => {
    const game = new InMemorySimGame();
    const bad = {
      ...warRequest,
      away: { ...warRequest.away, playerTags: firstFive(SIM_CLAN_TAGS.ironVanguard) },
    };
    await expect(game.createWar(bad)).rejects.toMatchObject({ kind: 'not_found' });
  });

  it('keeps its own copy of the dataset', async () => {
    const a = new InMemorySimGame();
    await a.createWar(warRequest);
    await expect(new InMemorySimGame().getWarStatus(SIM_CLAN_TAGS.atlantaTitans)).resolves.toBe('none');
  });
});
