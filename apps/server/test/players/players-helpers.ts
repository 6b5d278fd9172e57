import { API, SIMULATOR_API } from '@cwh/contract';
import type { FastifyInstance } from 'fastify';
import { SIM_CLAN_TAGS, simApiToken, simPlayers } from '../../src/game/index.js';
import { bearer, jsonApiBody, jsonApiRequest } from '../harness.js';

export const titans = simPlayers.filter((p) => p.clanTag === SIM_CLAN_TAGS.atlantaTitans);
export const T = {
  leader: titans[0]!.tag,
  coLeader: titans[1]!.tag,
  coLeader2: titans[2]!.tag,
  elder: titans[3]!.tag,
  elder2: titans[4]!.tag,
  member: titans[5]!.tag,
  member2: titans[6]!.tag,
  th16: titans[7]!.tag,
  member3: titans[8]!.tag,
  member4: titans[9]!.tag,
};
export const clanless = simPlayers.find((p) => p.clanTag === null && p.townHallLevel === 17)!.tag;

/** POST /game-user; answers the status, the body and the player token (from meta or errors[0].meta). */
export async function gameUser(app: FastifyInstance, tag: string, apiToken = simApiToken(tag)) {
  const response = await app.inject(
    jsonApiRequest({
      method: 'POST',
      url: `${API.hub}/game-user`,
      payload: jsonApiBody({ apiToken, playerTag: tag }),
    }),
  );
  const body = response.json();
  const meta = response.statusCode === 200 ? body.meta : body.errors?.[0]?.meta;
  return { status: response.statusCode, body, meta, token: meta?.token?.value as string | undefined };
}

export async function playerToken(app: FastifyInstance, tag: string): Promise<string> {
  const { token, status, body } = await gameUser(app, tag);
  if (!token) throw new Error(`no token for ${tag}: ${status} ${JSON.stringify(body)}`);
  return token;
}

/** Creates the hub user of a player (POST /api/clan/1.0/user). */
export async function createHubUser(app: FastifyInstance, tag: string) {
  const token = await playerToken(app, tag);
  const body = tag.replace('#', '').toLowerCase();
  const response = await app.inject(
    jsonApiRequest({
      method: 'POST',
      url: `${API.clan}/user`,
      headers: bearer(token),
      payload: jsonApiBody({
        firstName: 'P',
        lastName: body,
        username: `p${body}`,
        email: `${body}@example.com`,
      }),
    }),
  );
  if (response.statusCode !== 200) throw new Error(`user ${tag}: ${response.body}`);
  return { token: await playerToken(app, tag), userId: response.json().data.id as string };
}

export async function clanCall(
  app: FastifyInstance,
  token: string,
  method: 'GET' | 'POST',
  path: string,
  attributes?: Record<string, unknown>,
) {
  const url = `${API.clan}${path}`;
  if (!attributes) return app.inject({ method, url, headers: bearer(token) });
  return app.inject(
    jsonApiRequest({ method, url, headers: bearer(token), payload: jsonApiBody(attributes) }),
  );
}

export async function simPatchPlayer(app: FastifyInstance, tag: string, attributes: Record<string, unknown>) {
  const response = await app.inject(
    jsonApiRequest({
      method: 'PATCH',
      url: `${SIMULATOR_API}/players/${encodeURIComponent(tag)}`,
      payload: { data: { attributes } },
    }),
  );
  if (response.statusCode !== 200) throw new Error(`sim patch ${tag}: ${response.body}`);
  return response.json();
}

export async function simPatchClan(app: FastifyInstance, tag: string, attributes: Record<string, unknown>) {
  const response = await app.inject(
    jsonApiRequest({
      method: 'PATCH',
      url: `${SIMULATOR_API}/clans/${encodeURIComponent(tag)}`,
      payload: { data: { attributes } },
    }),
  );
  if (response.statusCode !== 200) throw new Error(`sim clan patch ${tag}: ${response.body}`);
  return response.json();
}

/** The level-0 segment id of the championship (TH17) or a cup level. */
export async function topSegmentId(app: FastifyInstance, name = 'Championship TH17'): Promise<string> {
  const events = (
    await app.inject({ method: 'GET', url: `${API.tournaments}/events?filter[status]=active` })
  ).json().data;
  for (const event of events as { id: string }[]) {
    const segments = (
      await app.inject({
        method: 'GET',
        url: `${API.tournaments}/events/${event.id}/segments?filter[level]=0`,
      })
    ).json().data as { id: string; attributes: { name: string } }[];
    const found = segments.find((s) => s.attributes.name === name);
    if (found) return found.id;
  }
  throw new Error(`no segment ${name}`);
}

export const errorCode = (response: { json(): { errors?: { code: string }[] } }) =>
  response.json().errors?.[0]?.code;
export const errorDetail = (response: { json(): { errors?: { detail?: string }[] } }) =>
  response.json().errors?.[0]?.detail;
