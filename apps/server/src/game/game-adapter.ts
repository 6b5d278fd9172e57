/**
 * The only way the hub talks to the game. Two implementations sit behind it: the simulated game
 * (embedded default, also the only one that can create wars and report results) and the official
 * Clash of Clans API client (read-only: token verification, players, clans, current war).
 *
 * All tags returned are normalised ('#' + uppercase, see tags.ts). Tags passed in may be in any
 * form a player would type; implementations normalise them.
 */

export type ClanRole = 'leader' | 'coLeader' | 'elder' | 'member';

export type WarStatus = 'clanWar' | 'friendlyWar' | 'none';

export type TokenVerification = { status: 'ok' | 'invalid' };

export interface GamePlayer {
  tag: string;
  name: string;
  townHallLevel: number;
  clan: { tag: string; name: string } | null;
  /** null when the player has no clan. */
  role: ClanRole | null;
  /** Banned from the championship by the game (spec error 31); the official API never reports it. */
  banned: boolean;
}

export interface GameClanMember {
  tag: string;
  name: string;
  role: ClanRole;
  townHallLevel: number;
}

export interface GameClan {
  tag: string;
  name: string;
  clanLevel: number;
  isWarLogPublic: boolean;
  /** The clan's town hall level for the hub, see clanThLevel() for the rule. */
  thLevel: number;
  members: GameClanMember[];
}

export interface WarSide {
  clanTag: string;
  /** The 5 players of the line-up, in attack order. */
  playerTags: string[];
}

export interface CreateWarRequest {
  matchSeriesId: string;
  home: WarSide;
  away: WarSide;
}

export interface CreatedWar {
  warId: string;
  /** Opens the game's war screen (spec: "start war through a deep link into the game"). */
  deepLink: string;
}

/** One attack of a war as the game reports it; `side` is the attacker's. */
export interface WarAttackReport {
  order: number;
  side: 'home' | 'away';
  attackerTag: string;
  defenderTag: string;
  stars: number;
  destruction: number;
}

export interface WarResult {
  warId: string;
  matchSeriesId: string;
  stars: { home: number; away: number };
  destruction?: { home: number; away: number };
  /** The attacks in attack order, when the game reports them (the simulated game does). */
  attacks?: WarAttackReport[];
  /** The side that forfeited; the other side wins regardless of stars. */
  forfeit?: 'home' | 'away';
}

/** Listeners may be async; the adapter awaits them so a result is not lost while being saved. */
export type WarResultListener = (result: WarResult) => void | Promise<void>;

export type Unsubscribe = () => void;

/** Lets the hub decide up front instead of catching not_supported at match time. */
export interface GameCapabilities {
  createWar: boolean;
  warResults: boolean;
}

export interface GameAdapter {
  readonly kind: 'simulated' | 'official';
  readonly capabilities: GameCapabilities;

  /** Checks the one-time API token a player copies from the game settings. Throws not_found for an unknown tag. */
  verifyPlayerToken(playerTag: string, apiToken: string): Promise<TokenVerification>;

  /** null when the game does not know the tag (including malformed tags). */
  getPlayer(tag: string): Promise<GamePlayer | null>;

  /** null when the game does not know the tag (including malformed tags). */
  getClan(tag: string): Promise<GameClan | null>;

  /** Throws not_found for an unknown clan and war_log_private when the game will not tell. */
  getWarStatus(clanTag: string): Promise<WarStatus>;

  /** Throws not_supported on implementations without capabilities.createWar. */
  createWar(request: CreateWarRequest): Promise<CreatedWar>;

  /** Throws not_supported on implementations without capabilities.warResults. */
  onWarResult(listener: WarResultListener): Unsubscribe;

  /**
   * The attacks of a finished war the game created (empty while it runs or when unknown). Absent on
   * the official game, whose attacks the hub reads with the war (match_series.war_report).
   */
  warAttacks?(warId: string): Promise<WarAttackReport[]>;
}
