import type {
  AttachmentDocument,
  AttachmentResource,
  DisputeAttributes,
  DisputeDocument,
  DisputeWindowMeta,
  SeriesDisputesDocument,
} from '@cwh/contract';
import { API } from '@cwh/contract/constants';
import { ApiError, bearerHeader, buildUrl, tenantHeaders } from '../../lib/api-client';
import { authApi } from '../session/session-api';
import { getSession } from '../session/session-store';

export type Dispute = DisputeAttributes & { id: string };
export interface SeriesDisputes {
  disputes: Dispute[];
  meta: DisputeWindowMeta;
}

const T = API.tournaments;

/** GET /match-series/{id}/disputes: the series' disputes (newest first) and the caller's window. */
export async function fetchSeriesDisputes(seriesId: string, signal?: AbortSignal): Promise<SeriesDisputes> {
  const document = await authApi.get<SeriesDisputesDocument>(
    `${T}/match-series/${encodeURIComponent(seriesId)}/disputes`,
    signal ? { signal } : {},
  );
  return { disputes: document.data.map((d) => ({ ...d.attributes, id: d.id })), meta: document.meta };
}

/** POST /match-series/{id}/disputes. */
export async function openDispute(
  seriesId: string,
  reason: string,
  attachmentIds: string[],
): Promise<Dispute> {
  const document = await authApi.post<DisputeDocument>(
    `${T}/match-series/${encodeURIComponent(seriesId)}/disputes`,
    { data: { type: 'disputes', attributes: { reason, attachmentIds } } },
  );
  return { ...document.data.attributes, id: document.data.id };
}

/** The bearer of a raw call: the signed-in user's token, or the one given (the console's). */
function bearer(token?: string | null): Record<string, string> {
  return bearerHeader(token ?? getSession().scToken?.value);
}

/** POST /match-series/{id}/attachments: the file's bytes as the body (the server sniffs and strips). */
export async function uploadScreenshot(seriesId: string, file: Blob): Promise<AttachmentResource> {
  const path = `${T}/match-series/${encodeURIComponent(seriesId)}/attachments`;
  return (await authApi.post<AttachmentDocument>(path, file)).data;
}

/**
 * The bytes of a screenshot as a data: URL: the call needs the bearer token, so an <img src> cannot
 * load it directly, and the page's content security policy allows data: images (not blob:).
 */
export async function screenshotDataUrl(url: string, token?: string | null, signal?: AbortSignal) {
  const response = await fetch(buildUrl(url), {
    headers: { ...tenantHeaders(), ...bearer(token) },
    ...(signal ? { signal } : {}),
  });
  if (!response.ok) throw new ApiError(response.status, 'GET', url, [], null);
  const blob = await response.blob();
  return new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(blob);
  });
}

/** The address of an attachment's bytes (as the server's attachment resource gives it). */
export const attachmentPath = (seriesId: string, attachmentId: string) =>
  `${T}/match-series/${seriesId}/attachments/${attachmentId}`;
