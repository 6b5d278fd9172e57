import type {
  DemoBotRefusalListDocument,
  DemoBotRefusalResource,
  SimClanDocument,
  SimClanListDocument,
  SimClanResource,
  SimPlayerDocument,
  SimPlayerListDocument,
  SimPlayerResource,
} from '@cwh/contract';
import { SIMULATOR_API } from '@cwh/contract/constants';
import { useEffect, useState } from 'react';
import { ApiError, api } from '../../lib/api-client';

export type SimPlayer = SimPlayerResource['attributes'];
export type SimClan = SimClanResource['attributes'];

const bare = (tag: string) => encodeURIComponent(tag.replace(/^#/, ''));

export async function listSimPlayers(): Promise<SimPlayer[]> {
  const document = await api.get<SimPlayerListDocument>(`${SIMULATOR_API}/players`);
  return document.data.map((player) => player.attributes);
}

export type DemoRefusal = DemoBotRefusalResource['attributes'];

/** Demo teams the demo bots could not queue (empty when the bots are off or all is well). */
export async function listDemoRefusals(): Promise<DemoRefusal[]> {
  const document = await api.get<DemoBotRefusalListDocument>(`${SIMULATOR_API}/demo-bots/refusals`);
  return document.data.map((refusal) => refusal.attributes);
}

export async function listSimClans(): Promise<SimClan[]> {
  const document = await api.get<SimClanListDocument>(`${SIMULATOR_API}/clans`);
  return document.data.map((clan) => clan.attributes);
}

export async function patchSimPlayer(
  tag: string,
  attributes: Partial<{ role: SimPlayer['role']; townHallLevel: number; clanTag: string | null }>,
): Promise<SimPlayer> {
  const document = await api.patch<SimPlayerDocument>(`${SIMULATOR_API}/players/${bare(tag)}`, {
    data: { attributes },
  });
  return document.data.attributes;
}

export async function patchSimClan(
  tag: string,
  attributes: Partial<{ warStatus: SimClan['warStatus']; isWarLogPublic: boolean }>,
): Promise<SimClan> {
  const document = await api.patch<SimClanDocument>(`${SIMULATOR_API}/clans/${bare(tag)}`, {
    data: { attributes },
  });
  return document.data.attributes;
}

export type SimulatorState =
  | { status: 'loading' }
  | { status: 'off' }
  | { status: 'error' }
  | { status: 'on'; players: SimPlayer[] };

/** Whether the server runs the simulated game: its simulator API answers 404 when it does not. */
export function useSimulatedPlayers(): SimulatorState {
  const [state, setState] = useState<SimulatorState>({ status: 'loading' });
  useEffect(() => {
    let live = true;
    listSimPlayers()
      .then((players) => live && setState({ status: 'on', players }))
      .catch((error) => {
        if (!live) return;
        setState(error instanceof ApiError && error.status === 404 ? { status: 'off' } : { status: 'error' });
      });
    return () => {
      live = false;
    };
  }, []);
  return state;
}
