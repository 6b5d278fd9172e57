import { describe, expect, it } from 'vitest';
import { allByKey, batchLoader, batchWriter, byKey, MAX_BATCH } from './batch-loader.js';

/** A loader that records each batch it was asked for and answers `key * 10`. */
function recording() {
  const batches: number[][] = [];
  const loader = batchLoader(async (keys: readonly number[]) => {
    batches.push([...keys]);
    return keys.map((k) => k * 10);
  });
  return { batches, loader };
}

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('batchLoader', () => {
  it('answers the loads of one event-loop turn with one batch, each its own value', async () => {
    const { batches, loader } = recording();
    const values = await Promise.all([loader.load(1), loader.load(2), loader.load(3)]);
    expect(values).toEqual([10, 20, 30]);
    expect(batches).toEqual([[1, 2, 3]]);
  });

  it('gathers loads made from different callbacks of the same turn (requests that arrived together)', async () => {
    const { batches, loader } = recording();
    // Two callbacks queued for the same check phase run one after the other, each with its own
    // promise jobs drained in between (as two socket reads of one poll phase do): DataLoader's
    // default schedule would make two batches of them. An immediate queued while the phase runs
    // (the batch's) waits for the next turn, so this holds however loaded the machine is (two
    // zero-delay timers did not: under load the second can fall due a turn later).
    const loads = await new Promise<Promise<number>[]>((resolve) => {
      const out: Promise<number>[] = [];
      setImmediate(() => out.push(loader.load(1)));
      setImmediate(() => {
        out.push(loader.load(2));
        resolve(out);
      });
    });
    expect(await Promise.all(loads)).toEqual([10, 20]);
    expect(batches).toEqual([[1, 2]]);
  });

  it('sends loads of later turns in later batches, and keeps nothing between them (no cache)', async () => {
    const { batches, loader } = recording();
    await loader.load(1);
    await nextTurn();
    await loader.load(1);
    expect(batches).toEqual([[1], [1]]);
  });

  it('passes repeated keys through and answers each', async () => {
    const { batches, loader } = recording();
    expect(await Promise.all([loader.load(4), loader.load(4)])).toEqual([40, 40]);
    expect(batches).toEqual([[4, 4]]);
  });

  it(`splits a turn of more than ${MAX_BATCH} loads`, async () => {
    const { batches, loader } = recording();
    const keys = Array.from({ length: MAX_BATCH + 1 }, (_, i) => i);
    expect(await Promise.all(keys.map((k) => loader.load(k)))).toEqual(keys.map((k) => k * 10));
    expect(batches.map((b) => b.length)).toEqual([MAX_BATCH, 1]);
  });

  it('fails every load of a batch that failed, and only the key answered with an Error', async () => {
    const failing = batchLoader(async (keys: readonly number[]) => {
      if (keys.includes(0)) throw new Error('database down');
      return keys.map((k) => (k < 0 ? new Error(`bad ${k}`) : k));
    });
    await expect(Promise.all([failing.load(0), failing.load(1)])).rejects.toThrow('database down');
    await nextTurn();
    const settled = await Promise.allSettled([failing.load(-1), failing.load(2)]);
    expect(settled[0]).toMatchObject({ status: 'rejected', reason: new Error('bad -1') });
    expect(settled[1]).toEqual({ status: 'fulfilled', value: 2 });
  });
});

describe('batchWriter', () => {
  it('writes the keys of one turn with one call; when it fails, each key alone, and only the refused one fails', async () => {
    const calls: string[] = [];
    const writer = batchWriter(
      async (keys: readonly number[]) => {
        calls.push(`many ${keys.join(',')}`);
        if (keys.includes(2)) throw new Error('refused: 2');
        return keys.map((k) => k * 10);
      },
      async (key) => {
        calls.push(`one ${key}`);
        if (key === 2) throw new Error('refused: 2');
        return key * 10;
      },
    );
    expect(await Promise.all([writer.load(1), writer.load(3)])).toEqual([10, 30]);
    await nextTurn();
    const settled = await Promise.allSettled([writer.load(1), writer.load(2), writer.load(3)]);
    expect(settled).toEqual([
      { status: 'fulfilled', value: 10 },
      { status: 'rejected', reason: new Error('refused: 2') },
      { status: 'fulfilled', value: 30 },
    ]);
    expect(calls).toEqual(['many 1,3', 'many 1,2,3', 'one 1', 'one 2', 'one 3']);
  });

  it('a lone key that fails is not tried twice', async () => {
    let tries = 0;
    const writer = batchWriter(
      async () => {
        tries++;
        throw new Error('database down');
      },
      async () => {
        tries++;
        return 0;
      },
    );
    await expect(writer.load(1)).rejects.toThrow('database down');
    expect(tries).toBe(1);
  });
});

describe('byKey', () => {
  it("answers each key's row in the keys' order, null for a key without one", () => {
    const rows = [
      { tag: '#B', n: 2 },
      { tag: '#A', n: 1 },
    ];
    expect(byKey(['#A', '#C', '#B', '#A'], rows, (r) => r.tag)).toEqual([rows[1], null, rows[0], rows[1]]);
  });
});

describe('allByKey', () => {
  it("answers each key's rows in the rows' order, none for a key without rows", () => {
    const rows = [
      { clan: '#A', tag: 1 },
      { clan: '#B', tag: 2 },
      { clan: '#A', tag: 3 },
    ];
    expect(allByKey(['#B', '#C', '#A', '#B'], rows, (r) => r.clan)).toEqual([
      [rows[1]],
      [],
      [rows[0], rows[2]],
      [rows[1]],
    ]);
  });
});
