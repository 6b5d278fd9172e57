import { ApiError } from './api-client';

/** What a route loader's request came to: the value, a 404, or any other failure. */
export type Loadable<T> =
  | { status: 'ready'; value: T }
  | { status: 'missing' }
  | { status: 'error'; error: unknown };

export const ready = <T>(value: T): Loadable<T> => ({ status: 'ready', value });

/**
 * Settles a request into a Loadable, for loaders: a page shows its own "not found" and "could not
 * load" states inside its frame, where a rejected loader would replace the page with the route's
 * error page.
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
