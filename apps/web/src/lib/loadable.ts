import { ApiError } from './api-client';

/** What a route loader's request came to: the value, a 404, or any other failure. */
export type Loadable<T> =
  | { status: 'ready'; value: T }
  | { status: 'missing' }
  | { status: 'error'; error: unknown };

export const ready = <T>(value: T): Loadable<T> => ({ status: 'ready', value });

/**
 * Settles a request into a Loadable. Loaders hand these promises to the page unawaited (the page
 * frame shows at once, a Suspense fallback stands in for the data), so they must never reject: a
 * rejection nobody awaits, after the visitor left the page, would reach the global error reporter.
 */
export function settle<T>(request: Promise<T>): Promise<Loadable<T>> {
  return request.then(ready, (error: unknown) =>
    error instanceof ApiError && error.status === 404 ? { status: 'missing' } : { status: 'error', error },
  );
}

/** The value of a ready Loadable, else the fallback (the pages that show failures as "nothing"). */
export function valueOr<T, F>(loadable: Loadable<T>, fallback: F): T | F {
  return loadable.status === 'ready' ? loadable.value : fallback;
}

const keys = new WeakMap<object, number>();
let lastKey = 0;

/**
 * A key per promise, for a Suspense boundary that should show its fallback again whenever the
 * loader hands it a new promise (a retry), instead of keeping the old content while it loads.
 */
export function keyOf(promise: object): number {
  let key = keys.get(promise);
  if (key === undefined) {
    lastKey += 1;
    key = lastKey;
    keys.set(promise, key);
  }
  return key;
}
