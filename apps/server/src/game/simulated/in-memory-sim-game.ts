import type {
  CreatedWar,
  CreateWarRequest,
  GameAdapter,
  GameClan,
  GamePlayer,
  TokenVerification,
  Unsubscribe,
  WarAttackReport,
  WarResult,
  WarResultListener,
  WarStatus,
} from '../game-adapter.js';
import { toGameClan } from '../game-clan.js';
import { parseTag } from '../tags.js';
import { createWarResultListeners } from '../war-result-listeners.js';
import { type SimDataset, type SimPlayer, simDataset } from './sim-dataset.js';
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
import { type SimWarOutcome, simulateWar, toWarResult } from './sim-war.js';

interface PendingWar {
  request: CreateWarRequest;
  home: SimPlayer[];
  away: SimPlayer[];
}

/**
 * The simulated game held in memory, for unit tests of hub features and as the reference
 * behaviour for the database-backed simulated game. Wars do not end on a timer: finishWar() ends
 * one, so tests decide when results arrive.
 */
export class InMemorySimGame implements GameAdapter {
  readonly kind = 'simulated' as const;
  readonly capabilities = { createWar: true, warResults: true };

  private readonly data: { clans: SimDataset['clans'][number][]; players: SimPlayer[] };
  private readonly wars = new Map<string, PendingWar>();
  private readonly finished = new Map<string, WarAttackReport[]>();
  private readonly listeners = createWarResultListeners();
  private warCount = 0;

  constructor(dataset: SimDataset = simDataset) {
    // A private copy: war status changes must not leak into the shared seed data.
    this.data = structuredClone({ clans: [...dataset.clans], players: [...dataset.players] });
  }

  async verifyPlayerToken(playerTag: string, apiToken: string): Promise<TokenVerification> {
    return verifySimToken(this.findPlayer(playerTag), playerTag, apiToken);
  }

  async getPlayer(tag: string): Promise<GamePlayer | null> {
    const player = this.findPlayer(tag);
    if (!player) return null;
    const clan = player.clanTag ? this.findClan(player.clanTag) : undefined;
    return toSimGamePlayer(player, clan, player.role);
  }

  async getClan(tag: string): Promise<GameClan | null> {
    const clan = this.findClan(tag);
    if (!clan) return null;
    const members = this.data.players
      .filter((p) => p.clanTag === clan.tag)
      .map((p) => ({ tag: p.tag, name: p.name, role: p.role ?? 'member', townHallLevel: p.townHallLevel }));
    return toGameClan(clan, members);
  }

  async getWarStatus(clanTag: string): Promise<WarStatus> {
    return simWarStatus(this.findClan(clanTag), clanTag);
  }

  async createWar(request: CreateWarRequest): Promise<CreatedWar> {
    const home = this.lineup(request.home.clanTag, request.home.playerTags);
    const away = this.lineup(request.away.clanTag, request.away.playerTags);
    this.warCount++;
    const warId = `sim-war-${this.warCount}`;
    this.wars.set(warId, { request, home, away });
    this.setWarStatus(request.home.clanTag, 'clanWar');
    this.setWarStatus(request.away.clanTag, 'clanWar');
    return { warId, deepLink: warDeepLink(warId) };
  }

  onWarResult(listener: WarResultListener): Unsubscribe {
    return this.listeners.subscribe(listener);
  }

  async warAttacks(warId: string): Promise<WarAttackReport[]> {
    return this.finished.get(warId) ?? [];
  }

  /**
   * Plays the war out (seeded by its ids, so replaying gives the same result), frees both clans
   * and delivers the result to every subscriber. A forfeit skips the simulation.
   */
  async finishWar(warId: string, options: { forfeit?: 'home' | 'away' } = {}): Promise<WarResult> {
    const war = this.wars.get(warId);
    if (!war) throw noRunningWar(warId);
    this.wars.delete(warId);
    this.setWarStatus(war.request.home.clanTag, 'none');
    this.setWarStatus(war.request.away.clanTag, 'none');
    const ids = { warId, matchSeriesId: war.request.matchSeriesId };
    const result: WarResult = options.forfeit
      ? forfeitResult(ids, options.forfeit)
      : toWarResult(this.play(warId, war), ids);
    this.finished.set(warId, result.attacks ?? []);
    await this.listeners.emit(result);
    return result;
  }

  private play(warId: string, war: PendingWar): SimWarOutcome {
    return simulateWar({ home: war.home, away: war.away, seed: `${war.request.matchSeriesId}/${warId}` });
  }

  private lineup(clanTag: string, playerTags: string[]): SimPlayer[] {
    const clan = this.findClan(clanTag);
    if (!clan) throw clanNotFound(clanTag);
    return playerTags.map((tag) => assertLineupMember(this.findPlayer(tag), tag, clan.tag));
  }

  private setWarStatus(clanTag: string, status: WarStatus): void {
    const clan = this.findClan(clanTag);
    if (clan) clan.warStatus = status;
  }

  private findPlayer(tag: string): SimPlayer | undefined {
    const parsed = parseTag(tag);
    return parsed.ok ? this.data.players.find((p) => p.tag === parsed.tag) : undefined;
  }

  private findClan(tag: string) {
    const parsed = parseTag(tag);
    return parsed.ok ? this.data.clans.find((c) => c.tag === parsed.tag) : undefined;
  }
}
