import { useEffect } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { handleChunkLoadError } from '../../lib/chunk-reload';
import { reportError } from '../../lib/error-reporter';
import { PageLoader } from '../shell/page-loader';
import { GenericErrorPage } from './generic-error-page';

/** Router errorElement: reloads for a missing chunk (once a minute), reports the rest, shows the error. */
export function RouteErrorPage() {
  const error = useRouteError();
  const isResponse = isRouteErrorResponse(error);
  const reloading = !isResponse && handleChunkLoadErrorOnce(error);

  useEffect(() => {
    if (!isResponse && !reloading) void reportError(error, { source: 'router' });
  }, [error, isResponse, reloading]);

  if (reloading) return <PageLoader />;
  if (isResponse) {
    return (
      <GenericErrorPage status={error.status} message={error.status === 404 ? undefined : error.statusText} />
    );
  }
  return <GenericErrorPage message={error instanceof Error ? error.message : undefined} />;
}

const handled = new WeakSet<object>();
function handleChunkLoadErrorOnce(error: unknown): boolean {
  if (typeof error === 'object' && error !== null) {
    if (handled.has(error)) return true;
    if (handleChunkLoadError(error)) {
      handled.add(error);
      return true;
    }
    return false;
  }
  return handleChunkLoadError(error);
}
