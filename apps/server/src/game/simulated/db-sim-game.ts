import type { Db, Executor } from '../../db/client.js';
import type {
  CreatedWar,
  CreateWarRequest,
  GameAdapter,
  GameClan,
  GamePlayer,
  TokenVerification,
  Unsubscribe,
  WarResult,
  WarResultListener,
  WarStatus,
} from '../game-adapter.js';
import { toGameClan } from '../game-clan.js';
import { parseTag } from '../tags.js';
import { createWarResultListeners } from '../war-result-listeners.js';
import { createSimGameRepository, type SimPlayerRow } from './sim-game-repository.js';
import {
  assertLineupMember,
  clanNotFound,
  forfeitResult,
  noRunningWar,
  simWarStatus,
  toSimGamePlayer,
  verifySimToken,
  warDeepLink,
} from './sim-game-rules.js';
import { simulateWar, toWarResult } from './sim-war.js';

function normalised(tag: string): string | null {
  const parsed = parseTag(tag);
  return parsed.ok ? parsed.tag : null;
}

/**
 * The simulated game over its own tables (sim_clans, sim_players, sim_wars): what the simulator
 * API changes is what every hub instance reads, and it survives restarts. Behaves like
 * InMemorySimGame. War results are delivered to the listeners of the instance that finishes the war.
 */
export class DbSimGame implements GameAdapter {
  readonly kind = 'simulated' as const;
  readonly capabilities = { createWar: true, warResults: true };
  readonly repository;
  private readonly listeners = createWarResultListeners();

  constructor(
    readonly db: Db,
    private readonly now: () => Date = () => new Date(),
  ) {
    this.repository = createSimGameRepository(db);
  }

  async verifyPlayerToken(playerTag: string, apiToken: string): Promise<TokenVerification> {
    return verifySimToken(await this.findPlayer(playerTag), playerTag, apiToken);
  }

  async getPlayer(tag: string): Promise<GamePlayer | null> {
    const player = await this.findPlayer(tag);
    if (!player) return null;
    const clan = player.clanTag ? await this.repository.findClan(player.clanTag) : null;
    return toSimGamePlayer(player, clan, player.role ?? 'member');
  }

  async getClan(tag: string): Promise<GameClan | null> {
    const key = normalised(tag);
    if (!key) return null;
    const clan = await this.repository.findClan(key);
    if (!clan) return null;
    const members = (await this.repository.clanMembers(clan.tag)).map((p) => ({
      tag: p.tag,
      name: p.name,
      role: p.role ?? 'member',
      townHallLevel: p.townHallLevel,
    }));
    return toGameClan(clan, members);
  }

  async getWarStatus(clanTag: string): Promise<WarStatus> {
    const key = normalised(clanTag);
    return simWarStatus(key ? await this.repository.findClan(key) : null, clanTag);
  }

  async createWar(request: CreateWarRequest): Promise<CreatedWar> {
    return this.db.transaction(async (tx) => {
      const repo = createSimGameRepository(tx);
      const home = await this.lineup(request.home.clanTag, request.home.playerTags, repo);
      const away = await this.lineup(request.away.clanTag, request.away.playerTags, repo);
      const war = await repo.insertWar({
        matchSeriesId: request.matchSeriesId,
        lineups: {
          home: { clanTag: home.clanTag, playerTags: home.players.map((p) => p.tag) },
          away: { clanTag: away.clanTag, playerTags: away.players.map((p) => p.tag) },
        },
      });
      await repo.updateClan(home.clanTag, { warStatus: 'clanWar' });
      await repo.updateClan(away.clanTag, { warStatus: 'clanWar' });
      return { warId: war.id, deepLink: warDeepLink(war.id) };
    });
  }

  /** The repository on a transaction, for callers that combine several changes atomically. */
  repositoryFor(tx: Executor) {
    return createSimGameRepository(tx);
  }

  onWarResult(listener: WarResultListener): Unsubscribe {
    return this.listeners.subscribe(listener);
  }

  /** Ends a running war (deterministic result, or a forfeit), frees both clans and emits the result. */
  async finishWar(warId: string, options: { forfeit?: 'home' | 'away' } = {}): Promise<WarResult> {
    const result = await this.db.transaction(async (tx) => {
      const repo = createSimGameRepository(tx);
      const war = await repo.findWar(warId, tx);
      if (war?.status !== 'running' || !war) throw noRunningWar(warId);
      const ids = { warId, matchSeriesId: war.matchSeriesId };
      let outcome: WarResult;
      if (options.forfeit) {
        outcome = forfeitResult(ids, options.forfeit);
      } else {
        const load = async (tags: string[]) =>
          Promise.all(tags.map(async (tag) => (await repo.findPlayer(tag)) ?? { tag, townHallLevel: 1 }));
        const played = simulateWar({
          home: await load(war.lineups.home.playerTags),
          away: await load(war.lineups.away.playerTags),
          seed: `${war.matchSeriesId}/${warId}`,
        });
        outcome = toWarResult(played, ids);
      }
      const claimed = await repo.finishWar(warId, { ...outcome }, this.now());
      if (!claimed) throw noRunningWar(warId);
      await repo.updateClan(war.homeClanTag, { warStatus: 'none' });
      await repo.updateClan(war.awayClanTag, { warStatus: 'none' });
      return outcome;
    });
    await this.listeners.emit(result);
    return result;
  }

  private async findPlayer(tag: string): Promise<SimPlayerRow | null> {
    const key = normalised(tag);
    return key ? this.repository.findPlayer(key) : null;
  }

  private async lineup(
    clanTag: string,
    playerTags: string[],
    repo: ReturnType<typeof createSimGameRepository>,
  ) {
    const key = normalised(clanTag);
    const clan = key ? await repo.findClan(key) : null;
    if (!clan) throw clanNotFound(clanTag);
    const players = [];
    for (const tag of playerTags) {
      const playerKey = normalised(tag);
      players.push(assertLineupMember(playerKey ? await repo.findPlayer(playerKey) : null, tag, clan.tag));
    }
    return { clanTag: clan.tag, players };
  }
}
