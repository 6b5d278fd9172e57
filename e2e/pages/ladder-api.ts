/**
 * API set-up for the ladder journey: two simulated clans get a locked roster of 5 TH17 players
 * through the same clan-service calls the hub makes (each player with their own token).
 */
const JSONAPI = 'application/vnd.api+json';
export const simToken = (tag: string) => `sim-token-${tag.replace('#', '')}`;

interface SimPlayer {
  tag: string;
  name: string;
  townHallLevel: number;
  role: string | null;
}

export interface LockedTeam {
  clanTag: string;
  captainTag: string;
  playerTags: string[];
  rosterId: string;
}

export class LadderApi {
  constructor(private readonly baseURL: string) {}

  protected async call<T>(method: string, path: string, body?: unknown, bearer?: string): Promise<T> {
    const response = await fetch(`${this.baseURL}${path}`, {
      method,
      headers: {
        accept: JSONAPI,
        ...(body === undefined ? {} : { 'content-type': JSONAPI }),
        ...(bearer ? { authorization: `Bearer ${bearer}` } : {}),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text}`);
    return (text ? JSON.parse(text) : null) as T;
  }

  /** The player token of a simulated player (game-user lookup; works registered or not). */
  async playerToken(tag: string): Promise<string> {
    const response = await fetch(`${this.baseURL}/api/hub/1.0/game-user`, {
      method: 'POST',
      headers: { accept: JSONAPI, 'content-type': JSONAPI },
      body: JSON.stringify({ data: { attributes: { apiToken: simToken(tag), playerTag: tag } } }),
    });
    const body = (await response.json()) as {
      meta?: { token?: { value: string } };
      errors?: { meta?: { token?: { value: string } } }[];
    };
    const value = body.meta?.token?.value ?? body.errors?.[0]?.meta?.token?.value;
    if (!value) throw new Error(`no player token for ${tag}: ${response.status} ${JSON.stringify(body)}`);
    return value;
  }

  async clanPlayers(clanTag: string): Promise<SimPlayer[]> {
    const document = await this.call<{ data: { attributes: SimPlayer }[] }>(
      'GET',
      `/api/simulator/1.0/players?filter[clan]=${encodeURIComponent(clanTag)}`,
    );
    return document.data.map((item) => item.attributes);
  }

  /** Takes a simulated clan out of its clan war / friendly war so it can queue. */
  async endWar(clanTag: string): Promise<void> {
    await this.call('PATCH', `/api/simulator/1.0/clans/${clanTag.replace('#', '')}`, {
      data: { attributes: { warStatus: 'none' } },
    });
  }

  /** The level-0 championship stage the TH17 teams register for. */
  async championshipStageId(): Promise<string> {
    const events = await this.call<{
      data: { id: string; attributes: { competition: string; status: string } }[];
    }>('GET', '/api/tournaments/1.0/events');
    const event = events.data.find(
      (e) => e.attributes.competition === 'championship' && e.attributes.status === 'active',
    );
    if (!event) throw new Error('no active championship event');
    const segments = await this.call<{
      data: { id: string; attributes: { configuration: { thLevel: number } } }[];
    }>('GET', `/api/tournaments/1.0/events/${event.id}/segments?filter[level]=0&sort=date.from`);
    const stage = segments.data.find((s) => s.attributes.configuration.thLevel === 17) ?? segments.data[0];
    if (!stage) throw new Error('no championship stage');
    return stage.id;
  }

  /** Leader picks 5 TH17 players (leader = captain), all 5 register, the captain locks. */
  async lockTeam(clanTag: string, stageId: string): Promise<LockedTeam> {
    const players = await this.clanPlayers(clanTag);
    const leader = players.find((p) => p.role === 'leader');
    if (!leader) throw new Error(`no leader in ${clanTag}`);
    const others = players.filter((p) => p.tag !== leader.tag && p.townHallLevel === leader.townHallLevel);
    const team = [leader, ...others.slice(0, 4)].map((p) => p.tag);
    const leaderToken = await this.playerToken(leader.tag);
    await this.call(
      'POST',
      '/api/clan/1.0/members',
      { data: { attributes: { playerTag: leader.tag, members: team, segmentId: stageId } } },
      leaderToken,
    );
    for (const tag of team) {
      const token = tag === leader.tag ? leaderToken : await this.playerToken(tag);
      const id = tag.replace('#', '').toLowerCase();
      await this.call(
        'POST',
        '/api/clan/1.0/user',
        {
          data: {
            attributes: {
              firstName: 'Player',
              lastName: id,
              username: `p-${id}`,
              email: `${id}@ladder.test`,
              dateOfBirth: '1995-05-05',
            },
          },
        },
        token,
      );
      await this.call('POST', '/api/clan/1.0/register', { data: { attributes: {} } }, token);
    }
    const locked = await this.call<{ data: { id: string } }>(
      'POST',
      '/api/clan/1.0/clan/roster/confirm',
      { data: { attributes: {} } },
      leaderToken,
    );
    return { clanTag, captainTag: leader.tag, playerTags: team, rosterId: locked.data.id };
  }
}
