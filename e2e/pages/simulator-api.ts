/** The simulator API (`/api/simulator/1.0`), used by the specs to change the simulated game. */
export class SimulatorApi {
  constructor(private readonly baseURL: string) {}

  private async patch(path: string, attributes: Record<string, unknown>): Promise<void> {
    const response = await fetch(`${this.baseURL}/api/simulator/1.0${path}`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/vnd.api+json', accept: 'application/vnd.api+json' },
      body: JSON.stringify({ data: { attributes } }),
    });
    if (!response.ok) throw new Error(`simulator PATCH ${path}: ${response.status} ${await response.text()}`);
  }

  /** Moves a player to a clan (with a role), or out of any clan with null. */
  setClan(playerTag: string, clanTag: string | null, role?: 'leader' | 'coLeader' | 'elder' | 'member') {
    return this.patch(`/players/${playerTag.replace('#', '')}`, { clanTag, ...(role ? { role } : {}) });
  }
}
