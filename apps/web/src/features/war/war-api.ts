import type { CreateWarDocument, SimWarDocument, SimWarResource } from '@cwh/contract';
import { API } from '@cwh/contract/constants';
import { api } from '../../lib/api-client';
import { authApi } from '../session/session-api';

/** POST /create-war {matchSeriesId} → the war deep link (a hub URL with the simulated game). */
export async function createWarLink(matchSeriesId: string): Promise<string> {
  const document = await authApi.post<CreateWarDocument>(`${API.war}/create-war`, {
    data: { attributes: { matchSeriesId } },
  });
  return document.data.attributes.link;
}

export const SIMULATOR_WARS_API = '/api/simulator/1.0/wars';
export type SimWar = SimWarResource['attributes'] & { id: string };
export type SimWarSideName = 'home' | 'away';

const unwrap = ({ data }: SimWarDocument): SimWar => ({ ...data.attributes, id: data.id });
const warPath = (warId: string) => `${SIMULATOR_WARS_API}/${encodeURIComponent(warId)}`;

export async function fetchSimWar(warId: string, signal?: AbortSignal): Promise<SimWar> {
  return unwrap(await api.get<SimWarDocument>(warPath(warId), signal ? { signal } : {}));
}

export async function playSimWar(warId: string): Promise<SimWar> {
  return unwrap(await api.post<SimWarDocument>(`${warPath(warId)}/play`));
}

export async function forfeitSimWar(warId: string, side: SimWarSideName): Promise<SimWar> {
  return unwrap(
    await api.post<SimWarDocument>(`${warPath(warId)}/forfeit`, { data: { attributes: { side } } }),
  );
}
