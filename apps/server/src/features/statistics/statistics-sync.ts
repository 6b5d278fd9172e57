import { emptyTotals, type SeriesFacts, updateTotals, warMargin } from '@cwh/domain';
import type { Db, Executor } from '../../db/client.js';
import { createStatisticsWriteRepository } from './statistics-write-repository.js';

const repo = createStatisticsWriteRepository();

/**
 * Brings the statistics of these series up to what the hub recorded, inside the transaction that
 * recorded it (a result, a correction, a forfeit, a cleared or reset result): the facts each series
 * was counted with are taken back and its facts now are added (domain `updateTotals`), so the
 * totals always equal a full recomputation. Touches only the rows of those series' players and
 * rosters; never reads another war. Idempotent: a series already counted as it is changes nothing.
 */
export async function syncSeriesStatistics(ids: readonly string[], tx: Executor): Promise<void> {
  const unique = [...new Set(ids)].sort();
  if (unique.length === 0) return;
  // The series rows first (the result writers' order): two syncs of one series never both add it.
  await repo.lockSeriesRows(unique, tx);
  const stored = await repo.storedFacts(unique, tx);
  const current = await repo.currentFacts(unique, tx);
  for (const id of unique) {
    const before = stored.get(id) ?? null;
    const now = current.get(id) ?? null;
    if (canonical(before?.facts ?? null) === canonical(now?.facts ?? null)) continue;
    const tenant = (now ?? before)!.tenant;
    await repo.addTotals(tenant, updateTotals(emptyTotals(), before?.facts ?? null, now?.facts ?? null), tx);
    await repo.saveSeries(id, now, now ? warMargin(now.facts) : null, tx);
  }
}

/** JSON with sorted keys: stored facts come back from jsonb with its own key order. */
function canonical(value: SeriesFacts | null): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => a.localeCompare(b)))
      : v,
  );
}

/** After a stage reset: takes back the counted series of the stage that were reopened or removed. */
export async function syncStaleStageStatistics(segmentId: string, tx: Executor): Promise<void> {
  await syncSeriesStatistics(await repo.stale(segmentId, tx), tx);
}

/**
 * Counts finished series no hook saw (seeds write results directly; results recorded before this
 * feature existed), up to `batch`, one short transaction each that skips a series another
 * transaction holds (its writer counts it); returns how many it counted. Run by the sweeper.
 */
export async function countUncountedSeries(db: Db, batch: number): Promise<number> {
  const ids = await repo.uncounted(batch, db);
  let counted = 0;
  for (const id of ids) {
    const done = await db.transaction(async (tx) => {
      if (!(await repo.lockSeries(id, tx))) return false;
      await syncSeriesStatistics([id], tx);
      return true;
    });
    if (done) counted += 1;
  }
  return counted;
}
