import { LadderApi } from './ladder-api.js';

/** API set-up for rosters that are not a clan's: an owner, a roster, invitations. */
export class RosterApi extends LadderApi {
  /** Simulated TH17 players (not banned), those without a clan first, as the simulator lists them. */
  async th17Players(): Promise<string[]> {
    const document = await this.call<{
      data: {
        attributes: { tag: string; clanTag: string | null; townHallLevel: number; banned?: boolean };
      }[];
    }>('GET', '/api/simulator/1.0/players');
    return document.data
      .map((item) => item.attributes)
      .filter((p) => p.townHallLevel === 17 && !p.banned)
      .sort((a, b) => Number(a.clanTag !== null) - Number(b.clanTag !== null))
      .map((p) => p.tag);
  }

  /** The player's hub account (POST /api/clan/1.0/user); returns their player token. */
  async hubUser(tag: string): Promise<string> {
    const token = await this.playerToken(tag);
    const id = tag.replace('#', '').toLowerCase();
    await this.call(
      'POST',
      '/api/clan/1.0/user',
      {
        data: {
          attributes: {
            firstName: 'Owner',
            lastName: id,
            username: `o-${id}`,
            email: `${id}@rosters.test`,
            dateOfBirth: '1995-05-05',
          },
        },
      },
      token,
    );
    return this.playerToken(tag);
  }

  async createRoster(ownerToken: string, name: string, segmentId: string): Promise<string> {
    const created = await this.call<{ data: { id: string } }>(
      'POST',
      '/api/tournaments/1.0/rosters',
      { data: { attributes: { name, segmentId } } },
      ownerToken,
    );
    return created.data.id;
  }

  async invite(ownerToken: string, rosterId: string, tags: string[]): Promise<void> {
    await this.call(
      'POST',
      `/api/tournaments/1.0/rosters/${rosterId}/relationships/players`,
      { data: tags.map((id) => ({ type: 'players', id })) },
      ownerToken,
    );
  }

  async rosterPlayers(rosterId: string): Promise<string[]> {
    const roster = await this.call<{ data: { attributes: { players: { tag: string }[] } } }>(
      'GET',
      `/api/tournaments/1.0/rosters/${rosterId}`,
    );
    return roster.data.attributes.players.map((p) => p.tag);
  }
}
