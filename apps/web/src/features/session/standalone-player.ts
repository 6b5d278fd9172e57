/** Standalone sign-in: the player chosen on the Verify page, kept so a reload signs in again. */
export const STANDALONE_PLAYER_KEY = 'cwh.player';

export interface StoredPlayer {
  playerTag: string;
  apiToken: string;
}

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

export function readStoredPlayer(): StoredPlayer | null {
  const raw = storage()?.getItem(STANDALONE_PLAYER_KEY);
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<StoredPlayer>;
    if (typeof value.playerTag === 'string' && typeof value.apiToken === 'string') {
      return { playerTag: value.playerTag, apiToken: value.apiToken };
    }
  } catch {
    // fall through: a broken entry counts as nobody
  }
  return null;
}

export function storePlayer(player: StoredPlayer): void {
  storage()?.setItem(STANDALONE_PLAYER_KEY, JSON.stringify(player));
}

export function forgetPlayer(): void {
  storage()?.removeItem(STANDALONE_PLAYER_KEY);
}
