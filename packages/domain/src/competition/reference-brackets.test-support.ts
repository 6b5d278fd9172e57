import { BracketsManager } from 'brackets-manager';
import { InMemoryDatabase } from 'brackets-memory-db';

/**
 * Test support (never imported by runtime code): a bracket of the widely used `brackets-manager`
 * library (in memory), driven match by match, so the table tests can compare our engines with it.
 * Matches are named like ours: 'U2-3' (upper/only bracket round 2 match 3), 'L1-1', 'GF1', 'GF2',
 * and in single elimination 'T-1' for the third-place match.
 */

export type ReferenceType = 'double_elimination' | 'single_elimination';

export interface ReferenceMatch {
  id: string;
  /** Roster names of both sides (null: unknown or a bye). */
  home: string | null;
  away: string | null;
  /** Status code of brackets-model: 0 locked, 1 waiting, 2 ready, 3 running, 4 completed, 5 archived. */
  status: number;
}

interface StoredMatch {
  id: number;
  group_id: number;
  round_id: number;
  number: number;
  status: number;
  opponent1: { id: number | null } | null;
  opponent2: { id: number | null } | null;
}

export class ReferenceBracket {
  private constructor(
    private readonly manager: BracketsManager,
    private readonly storage: InMemoryDatabase,
    private readonly stageId: number,
    private readonly type: ReferenceType,
  ) {}

  /** `names` in seed order; the field is padded with byes to the next power of two. */
  static async create(
    type: ReferenceType,
    names: readonly string[],
    options: { thirdPlace?: boolean } = {},
  ): Promise<ReferenceBracket> {
    const storage = new InMemoryDatabase();
    const manager = new BracketsManager(storage);
    let size = 2;
    while (size < names.length) size *= 2;
    const seeding = Array.from({ length: size }, (_, i) => names[i] ?? null);
    const stage = await manager.create.stage({
      tournamentId: 0,
      name: 'reference',
      type,
      seeding,
      settings: {
        size,
        seedOrdering: ['inner_outer'],
        grandFinal: 'double',
        consolationFinal: options.thirdPlace ?? false,
      },
    });
    return new ReferenceBracket(manager, storage, Number(stage.id), type);
  }

  private async names(): Promise<Map<number, string>> {
    const participants = (await this.storage.select('participant')) as { id: number; name: string }[];
    return new Map(participants.map((p) => [p.id, p.name]));
  }

  private readonly numbers = new Map<string, number>();

  /** Group and round numbers never change once the stage exists: read once. */
  private async numberOf(table: 'group' | 'round', id: number): Promise<number> {
    const key = `${table}#${id}`;
    if (!this.numbers.has(key)) {
      this.numbers.set(key, ((await this.storage.select(table, id)) as { number: number }).number);
    }
    return this.numbers.get(key)!;
  }

  private async idOf(match: StoredMatch): Promise<string> {
    const group = { number: await this.numberOf('group', match.group_id) };
    const round = { number: await this.numberOf('round', match.round_id) };
    if (this.type === 'single_elimination') {
      return group.number === 2 ? `T-${match.number}` : `U${round.number}-${match.number}`;
    }
    if (group.number === 3) return `GF${round.number}`;
    return `${group.number === 1 ? 'U' : 'L'}${round.number}-${match.number}`;
  }

  private async stored(): Promise<Map<string, StoredMatch>> {
    const matches = (await this.storage.select('match', {
      stage_id: this.stageId,
    })) as unknown as StoredMatch[];
    const byId = new Map<string, StoredMatch>();
    for (const match of matches) byId.set(await this.idOf(match), match);
    return byId;
  }

  private cachedNames: Map<number, string> | null = null;

  async matches(): Promise<ReferenceMatch[]> {
    this.cachedNames ??= await this.names();
    const names = this.cachedNames;
    const side = (o: { id: number | null } | null) => (o?.id == null ? null : (names.get(o.id) ?? null));
    return [...(await this.stored())].map(([id, m]) => ({
      id,
      home: side(m.opponent1),
      away: side(m.opponent2),
      status: m.status,
    }));
  }

  /** Records the winner (by name) of one of our match ids. */
  async win(matchId: string, winner: string): Promise<void> {
    const match = (await this.stored()).get(matchId);
    if (!match) throw new Error(`reference has no match ${matchId}`);
    const names = await this.names();
    const homeWins = names.get(match.opponent1?.id ?? -1) === winner;
    await this.manager.update.match({
      id: match.id,
      opponent1: { result: homeWins ? 'win' : 'loss' },
      opponent2: { result: homeWins ? 'loss' : 'win' },
    });
  }

  /**
   * Final standings: name → best place of its shared range (the library gives dense ranks 1, 2, 3,
   * 4, 5, 5, 6…; we say 1, 2, 3, 4, 5, 5, 7…, as the placement labels "5-6" do).
   */
  async standings(): Promise<Map<string, number>> {
    const items = await this.manager.get.finalStandings(this.stageId);
    const place = (rank: number) => 1 + items.filter((other) => other.rank < rank).length;
    return new Map(items.map((item) => [item.name, place(item.rank)]));
  }
}
