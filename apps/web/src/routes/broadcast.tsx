import { type LoaderFunctionArgs, Outlet, useLoaderData } from 'react-router';
import { type BroadcastData, BroadcastPage } from '../features/brackets/broadcast-page';
import { findSegment, loadStage, standingsRows } from '../features/brackets/stage-data';
import { NotFoundPage } from '../features/errors/generic-error-page';
import type { RootData } from './root-loader';

export { BroadcastPage };

/** /broadcast/:segmentId: the stage, its series and (swiss) standings; reloaded every 15 s by the page. */
export async function broadcastLoader({ params, request }: LoaderFunctionArgs): Promise<BroadcastData> {
  const segmentId = params.segmentId ?? '';
  const search = new URL(request.url).searchParams;
  const [segment, stage] = await Promise.all([
    findSegment(segmentId),
    loadStage(segmentId, null, search, request.signal),
  ]);
  return { ...stage, segment, rows: standingsRows(search) };
}

/** Layout of the chrome-free pages: no header, footer, overlays or session wait; the language is the root loader's. */
export function BroadcastLayout() {
  const { notFound } = useLoaderData() as RootData;
  return notFound ? <NotFoundPage /> : <Outlet />;
}
