import type {
  ClanRosterDocument,
  ClanRosterValue,
  RosterInvitationListDocument,
  RosterInvitationResource,
} from '@cwh/contract';
import { API } from '@cwh/contract/constants';
import { buildUrl, tenantHeaders } from '../../lib/api-client';
import { authApi, authHeaders } from '../session/session-api';

/** Clan-service calls of team building (docs/design/players-and-teams.md). */

/** The `clan-rosters` resource as the roster value the team pages use. */
const unwrap = ({ data }: ClanRosterDocument): ClanRosterValue => ({ id: data.id, ...data.attributes });

export async function saveSelection(captainTag: string, members: string[], segmentId: string) {
  const document = await authApi.post<ClanRosterDocument>(`${API.clan}/members`, {
    data: { attributes: { playerTag: captainTag, members, segmentId } },
  });
  return unwrap(document);
}

export async function changeCaptain(playerTag: string) {
  const document = await authApi.post<ClanRosterDocument>(`${API.clan}/captain`, {
    data: { attributes: { playerTag } },
  });
  return unwrap(document);
}

export async function registerForTeam() {
  const document = await authApi.post<ClanRosterDocument>(`${API.clan}/register`, {
    data: { attributes: {} },
  });
  return unwrap(document);
}

export async function lockRoster() {
  const document = await authApi.post<ClanRosterDocument>(`${API.clan}/clan/roster/confirm`);
  return unwrap(document);
}

export async function withdrawTeam(clanTag: string) {
  await authApi.post(`${API.clan}/disband-clan`, { data: { attributes: { clanTag } } });
}

/** A selected member (not the captain) leaves the team before it is locked. */
export async function leaveTeam(rosterId: string) {
  await authApi.post(`${API.tournaments}/rosters/${encodeURIComponent(rosterId)}/leave`);
}

export async function kickPlayer(rosterId: string, playerTag: string) {
  await authApi.delete(
    `${API.tournaments}/rosters/${encodeURIComponent(rosterId)}/relationships/players/${encodeURIComponent(playerTag)}`,
  );
}

/**
 * The roster's messaging-app group QR code image (fetched here, not by an <img>: it needs the
 * bearer token); null while the organizer has not set the event's group up (CHAT_GROUP_NOT_SET).
 */
export async function fetchWechatQrCode(rosterId: string, signal?: AbortSignal): Promise<Blob | null> {
  const response = await fetch(
    buildUrl(`${API.clan}/wechatqrcode/by-roster/${encodeURIComponent(rosterId)}`),
    {
      headers: { ...tenantHeaders(), ...authHeaders(), accept: 'image/png' },
      ...(signal ? { signal } : {}),
    },
  );
  if (response.status === 404) {
    const body = (await response.json().catch(() => null)) as { errors?: { code?: string }[] } | null;
    if (body?.errors?.[0]?.code === 'CHAT_GROUP_NOT_SET') return null;
  }
  if (!response.ok) throw new Error(`QR code: ${response.status}`);
  return response.blob();
}

/** The signed-in player's open invitations to rosters that are not a clan's. */
export async function fetchRosterInvitations(signal?: AbortSignal): Promise<RosterInvitationResource[]> {
  const document = await authApi.get<RosterInvitationListDocument>(
    `${API.tournaments}/rosters/invitations`,
    signal ? { signal } : {},
  );
  return document.data;
}

/** Accepts (joins the roster) or declines an invitation. */
export async function answerRosterInvitation(id: string, answer: 'accept' | 'decline') {
  await authApi.post(`${API.tournaments}/rosters/invitations/${encodeURIComponent(id)}/${answer}`);
}
