import { useMemo, useSyncExternalStore } from 'react';

/**
 * The one clock of the web for countdowns and "time left" texts: a single interval for the whole
 * page, at the shortest period any mounted component asks for, stopped while none listens. Each
 * period has its own time (`now`), moved on only when that period has passed, so a component that
 * counts minutes is not re-rendered every second because another one counts seconds.
 */
interface Period {
  listeners: Set<() => void>;
  now: number;
}

const periods = new Map<number, Period>();
let timer: ReturnType<typeof setInterval> | null = null;
let timerMs = 0;

function periodOf(ms: number): Period {
  let period = periods.get(ms);
  if (!period) {
    period = { listeners: new Set(), now: Date.now() };
    periods.set(ms, period);
  }
  return period;
}

function notify(period: Period, now: number) {
  period.now = now;
  for (const listener of period.listeners) listener();
}

/** One tick: every period that has passed (within half a tick, timers are not exact) moves on. */
function tick() {
  const now = Date.now();
  for (const [ms, period] of periods) {
    if (period.listeners.size > 0 && now - period.now >= ms - timerMs / 2) notify(period, now);
  }
}

/** The interval runs at the shortest period listened to, or not at all. */
function reschedule() {
  const listened = [...periods].filter(([, p]) => p.listeners.size > 0).map(([ms]) => ms);
  const next = listened.length > 0 ? Math.min(...listened) : 0;
  if (next === timerMs) return;
  if (timer) clearInterval(timer);
  timer = next > 0 ? setInterval(tick, next) : null;
  timerMs = next;
}

/**
 * Listens to the clock every `ms`. A new listener reads the time of now, not of the last tick:
 * its period's time is refreshed (and its other listeners told) as it joins.
 */
export function subscribeTicker(ms: number, listener: () => void): () => void {
  const period = periodOf(ms);
  period.listeners.add(listener);
  notify(period, Date.now());
  reschedule();
  return () => {
    period.listeners.delete(listener);
    reschedule();
  };
}

/** How many intervals run (0 or 1): for tests. */
export const tickerRunning = () => (timer ? 1 : 0);

const idle = () => () => {};

/**
 * The current time in milliseconds, moved on every `ms` while `enabled` (the shared ticker); while
 * not enabled nothing ticks and the time of this render is returned.
 */
export function useNowMs(ms: number, enabled = true): number {
  const ticked = useSyncExternalStore(
    useMemo(() => (enabled ? (listener: () => void) => subscribeTicker(ms, listener) : idle), [ms, enabled]),
    () => periodOf(ms).now,
    () => periodOf(ms).now,
  );
  return enabled ? ticked : Date.now();
}

/** The current time as a Date, moved on every `ms` (the shared ticker). */
export function useNow(ms: number): Date {
  const now = useNowMs(ms);
  return useMemo(() => new Date(now), [now]);
}
