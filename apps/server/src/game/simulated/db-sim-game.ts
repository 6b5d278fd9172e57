import type { Db, Executor } from '../../db/client.js';
import { runInUnitOfWork, SYSTEM_ACTOR } from '../../db/unit-of-work.js';
import { DomainError } from '../../errors/domain-error.js';
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
import { createSimGameRepository, type SimPlayerPatch, type SimPlayerRow } from './sim-game-repository.js';
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

export interface ResultDeliveryOptions {
  /** A finished war's result is left to the in-process delivery this long before redelivery may take it. */
  graceMs: number;
  /** Retry delay after the n-th delivery attempt: min(max, base · 2^n). Also the claim of the instance delivering. */
  backoffBaseMs: number;
  backoffMaxMs: number;
  /** Wars claimed per redelivery run. */
  batchSize: number;
}

export const DEFAULT_RESULT_DELIVERY: ResultDeliveryOptions = {
  graceMs: 2_000,
  backoffBaseMs: 10_000,
  backoffMaxMs: 300_000,
  batchSize: 20,
};

/** What one redelivery run did. */
export interface RedeliveryReport {
  /** Wars claimed and emitted. */
  claimed: number;
  /** Of those, recorded by every listener and marked delivered. */
  delivered: number;
  /** Listener failures per war (left in the outbox, retried after the backoff). */
  failures: { warId: string; errors: unknown[] }[];
}

/**
 * The simulated game over its own tables (sim_clans, sim_players, sim_wars): what the simulator
 * API changes is what every hub instance reads, and it survives restarts. Behaves like
 * InMemorySimGame.
 *
 * War results are delivered at least once, like a real game's webhook with retries: a finished war
 * is its own outbox row (`delivered_at` null). The instance that finishes the war emits the result
 * to its listeners right after the commit and marks it delivered when all of them succeeded;
 * `redeliverResults()` (run periodically on every instance) re-emits whatever is still undelivered
 * after a short grace (a crash, a failing listener, a database hiccup). Listeners must therefore be
 * idempotent.
 */
export class DbSimGame implements GameAdapter {
  readonly kind = 'simulated' as const;
  readonly capabilities = { createWar: true, warResults: true };
  readonly repository;
  private readonly listeners = createWarResultListeners();
  private readonly delivery: ResultDeliveryOptions;

  constructor(
    readonly db: Db,
    private readonly now: () => Date,
    delivery: Partial<ResultDeliveryOptions> = {},
  ) {
    this.repository = createSimGameRepository(db);
    this.delivery = { ...DEFAULT_RESULT_DELIVERY, ...delivery };
  }

  /** The simulated game's writes run as one unit of work each (db/unit-of-work.ts). */
  private get unit() {
    return { db: this.db, now: this.now };
  }

  /** The simulator console's player edit: the player and the clan it moves to must exist. */
  async updatePlayer(tag: string, patch: SimPlayerPatch): Promise<SimPlayerRow | null> {
    const repo = this.repository;
    return runInUnitOfWork(this.unit, SYSTEM_ACTOR, async (tx) => {
      if (!(await repo.findPlayer(tag, tx))) throw new DomainError('NOT_FOUND', `No simulated player ${tag}`);
      if (patch.clanTag && !(await repo.findClan(patch.clanTag, tx))) {
        throw new DomainError('VALIDATION_FAILED', `No simulated clan ${patch.clanTag}`, {
          source: { pointer: '/data/attributes/clanTag' },
        });
      }
      return repo.updatePlayer(tag, patch, tx);
    });
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
    const repo = this.repository;
    return runInUnitOfWork(this.unit, SYSTEM_ACTOR, async (tx) => {
      const home = await this.lineup(request.home.clanTag, request.home.playerTags, tx);
      const away = await this.lineup(request.away.clanTag, request.away.playerTags, tx);
      const war = await repo.insertWar(
        {
          matchSeriesId: request.matchSeriesId,
          lineups: {
            home: { clanTag: home.clanTag, playerTags: home.players.map((p) => p.tag) },
            away: { clanTag: away.clanTag, playerTags: away.players.map((p) => p.tag) },
          },
        },
        tx,
      );
      await repo.updateClan(home.clanTag, { warStatus: 'clanWar' }, tx);
      await repo.updateClan(away.clanTag, { warStatus: 'clanWar' }, tx);
      return { warId: war.id, deepLink: warDeepLink(war.id) };
    });
  }

  onWarResult(listener: WarResultListener): Unsubscribe {
    return this.listeners.subscribe(listener);
  }

  /** The attacks kept with the finished war's result (none for a forfeit or a running war). */
  async warAttacks(warId: string): Promise<WarAttackReport[]> {
    const war = await this.repository.findWar(warId);
    if (war?.status !== 'finished') return [];
    const attacks = (war.result as { attacks?: unknown } | null)?.attacks;
    return Array.isArray(attacks) ? (attacks as WarAttackReport[]) : [];
  }

  /**
   * Ends a running war (deterministic result, or a forfeit), frees both clans, commits, then emits
   * the result to this instance's listeners and marks it delivered when they all recorded it.
   * Otherwise (listener failure, no listener, crash before this point) the redelivery job emits it.
   */
  async finishWar(warId: string, options: { forfeit?: 'home' | 'away' } = {}): Promise<WarResult> {
    const repo = this.repository;
    const result = await runInUnitOfWork(this.unit, SYSTEM_ACTOR, async (tx) => {
      const war = await repo.findWar(warId, tx);
      if (war?.status !== 'running' || !war) throw noRunningWar(warId);
      const ids = { warId, matchSeriesId: war.matchSeriesId };
      let outcome: WarResult;
      if (options.forfeit) {
        outcome = forfeitResult(ids, options.forfeit);
      } else {
        const load = async (tags: string[]) =>
          Promise.all(tags.map(async (tag) => (await repo.findPlayer(tag, tx)) ?? { tag, townHallLevel: 1 }));
        const played = simulateWar({
          home: await load(war.lineups.home.playerTags),
          away: await load(war.lineups.away.playerTags),
          seed: `${war.matchSeriesId}/${warId}`,
        });
        outcome = toWarResult(played, ids);
      }
      const at = this.now();
      const claimed = await repo.finishWar(
        warId,
        { ...outcome },
        at,
        tx,
        new Date(at.getTime() + this.delivery.graceMs),
      );
      if (!claimed) throw noRunningWar(warId);
      await repo.updateClan(war.homeClanTag, { warStatus: 'none' }, tx);
      await repo.updateClan(war.awayClanTag, { warStatus: 'none' }, tx);
      return outcome;
    });
    // The war is finished in the game whatever happens next; a failed delivery is the outbox's to retry.
    await this.deliver(result).catch(() => false);
    return result;
  }

  /**
   * Emits a result to the listeners; marks it delivered when there is at least one listener and
   * none failed. Returns the listeners' failures (empty = delivered).
   */
  private async deliver(result: WarResult): Promise<unknown[]> {
    if (this.listeners.size === 0) return [new Error('no listener for war results')];
    const failures = await this.listeners.emit(result);
    if (failures.length === 0) await this.repository.markWarDelivered(result.warId, this.now());
    return failures;
  }

  /**
   * The redelivery job (every instance, periodically): claims finished wars whose result is still
   * undelivered after the grace (`FOR UPDATE SKIP LOCKED`, so instances take different wars), re-emits
   * each to the listeners and marks it delivered when they all succeeded. A war whose listeners fail
   * is retried after a growing backoff, never in a tight loop. Without listeners it does nothing.
   */
  async redeliverResults(): Promise<RedeliveryReport> {
    const report: RedeliveryReport = { claimed: 0, delivered: 0, failures: [] };
    if (this.listeners.size === 0) return report;
    const wars = await this.repository.claimUndeliveredWars(this.now(), {
      limit: this.delivery.batchSize,
      backoffBaseMs: this.delivery.backoffBaseMs,
      backoffMaxMs: this.delivery.backoffMaxMs,
    });
    report.claimed = wars.length;
    for (const war of wars) {
      const stored = (war.result ?? {}) as Omit<WarResult, 'warId' | 'matchSeriesId'>;
      const result: WarResult = { ...stored, warId: war.id, matchSeriesId: war.matchSeriesId };
      try {
        const failures = await this.deliver(result);
        if (failures.length === 0) report.delivered++;
        else report.failures.push({ warId: war.id, errors: failures });
      } catch (error) {
        report.failures.push({ warId: war.id, errors: [error] });
      }
    }
    return report;
  }

  private async findPlayer(tag: string): Promise<SimPlayerRow | null> {
    const key = normalised(tag);
    return key ? this.repository.findPlayer(key) : null;
  }

  private async lineup(clanTag: string, playerTags: string[], tx: Executor) {
    const repo = this.repository;
    const key = normalised(clanTag);
    const clan = key ? await repo.findClan(key, tx) : null;
    if (!clan) throw clanNotFound(clanTag);
    const players = [];
    for (const tag of playerTags) {
      const playerKey = normalised(tag);
      players.push(
        assertLineupMember(playerKey ? await repo.findPlayer(playerKey, tx) : null, tag, clan.tag),
      );
    }
    return { clanTag: clan.tag, players };
  }
}
