import { type ComponentType, useEffect, useState } from 'react';
import { getSession, subscribeSession, useSession } from '../features/session/session-store';
import { loadNamespaces } from '../i18n/i18n';
import { OVERLAY_NAMESPACES } from '../i18n/namespaces';
import { handleChunkLoadError } from '../lib/chunk-reload';
import { reportError } from '../lib/error-reporter';

/**
 * The realtime overlays (queue, match found, select five, start war, check-ins) only act for a
 * signed-in player, so they are not in the first chunk (issue 11): their chunk and their texts in the
 * page's language are fetched as soon as a session is signed in (the initial load, or a later
 * sign-in), well before a match-found notice can arrive, and the host mounts once both are in (no
 * raw keys). Once mounted it stays, as the eager host did.
 */
let loading: Promise<ComponentType> | null = null;
let loaded: ComponentType | null = null;

export function loadOverlays(): Promise<ComponentType> {
  loading ??= Promise.all([import('./overlay-host'), loadNamespaces(OVERLAY_NAMESPACES)]).then(
    ([module]) => {
      loaded = module.OverlayHost;
      return loaded;
    },
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

function failed(error: unknown): void {
  if (!handleChunkLoadError(error)) void reportError(error);
}

/** main.tsx: starts fetching the overlays the moment a session is signed in, before the layout renders. */
export function prefetchOverlaysOnSignIn(): () => void {
  const check = () => {
    if (!loaded && getSession().status === 'signedIn') loadOverlays().catch(failed);
  };
  check();
  return subscribeSession(check);
}

export function LazyOverlayHost() {
  const signedIn = useSession().status === 'signedIn';
  const [Host, setHost] = useState<ComponentType | null>(() => loaded);
  useEffect(() => {
    if (Host || !signedIn) return;
    let live = true;
    loadOverlays().then((component) => {
      if (live) setHost(() => component);
    }, failed);
    return () => {
      live = false;
    };
  }, [Host, signedIn]);
  return Host ? <Host /> : null;
}
