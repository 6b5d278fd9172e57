import { CHUNK_RELOAD_MIN_INTERVAL_MS } from '@cwh/domain';

const STORAGE_KEY = 'cwh:chunk-reload-at';

const CHUNK_ERROR_PATTERNS = [
  /Failed to fetch dynamically imported module/i,
  /error loading dynamically imported module/i,
  /Importing a module script failed/i,
  /Unable to preload CSS/i,
  /ChunkLoadError/i,
];

/** True for the error a browser raises when a lazily imported chunk cannot be loaded (e.g. after a deploy). */
export function isChunkLoadError(error: unknown): boolean {
  const text = error instanceof Error ? `${error.name} ${error.message}` : String(error);
  return CHUNK_ERROR_PATTERNS.some((pattern) => pattern.test(text));
}

/**
 * Reloads the page to pick up the new chunks, at most once per minute so a chunk that is really
 * gone does not put the page in a reload loop. Returns whether a reload was started.
 */
export function reloadOncePerMinute(
  storage: Pick<Storage, 'getItem' | 'setItem'> = sessionStorage,
  reload: () => void = () => window.location.reload(),
  now: number = Date.now(),
): boolean {
  const last = Number(storage.getItem(STORAGE_KEY) ?? 0);
  if (Number.isFinite(last) && last > 0 && now - last < CHUNK_RELOAD_MIN_INTERVAL_MS) return false;
  storage.setItem(STORAGE_KEY, String(now));
  reload();
  return true;
}

/** Reloads for a chunk-load error (guarded); returns true when a reload was started. */
export function handleChunkLoadError(error: unknown): boolean {
  return isChunkLoadError(error) && reloadOncePerMinute();
}
