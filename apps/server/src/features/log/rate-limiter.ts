/**
 * Fixed-window counter per key, in process memory. Good enough to stop one browser loop from
 * flooding the log table; with several instances each one counts on its own.
 */
export function createRateLimiter(limit: number, windowMs: number, now: () => number = Date.now) {
  const windows = new Map<string, { start: number; count: number }>();

  function sweep(at: number) {
    for (const [key, window] of windows) if (at - window.start >= windowMs) windows.delete(key);
  }

  return {
    /** Counts one hit; false when the key is over its limit for the current window. */
    take(key: string): boolean {
      const at = now();
      // Bounded memory: expired windows go once the map grows large.
      if (windows.size > 10_000) sweep(at);
      const window = windows.get(key);
      if (!window || at - window.start >= windowMs) {
        windows.set(key, { start: at, count: 1 });
        return true;
      }
      window.count += 1;
      return window.count <= limit;
    },
  };
}
