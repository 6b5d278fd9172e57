// The game adapter's public surface for the rest of the server; import from here, not from the files.
export { clanThLevel } from './clan-th-level.js';
export type {
  ClanRole,
  CreatedWar,
  CreateWarRequest,
  GameAdapter,
  GameCapabilities,
  GameClan,
  GameClanMember,
  GamePlayer,
  TokenVerification,
  Unsubscribe,
  WarAttackReport,
  WarResult,
  WarResultListener,
  WarSide,
  WarStatus,
} from './game-adapter.js';
export {
  GameAdapterError,
  type GameAdapterErrorDetails,
  type GameAdapterErrorKind,
  isGameAdapterError,
} from './game-adapter-error.js';
export {
  CocApiClient,
  type CocApiClientConfig,
  DEFAULT_COC_API_BASE_URL,
} from './official/coc-api-client.js';
export { assertPlayerToken } from './player-token.js';
export { InMemorySimGame } from './simulated/in-memory-sim-game.js';
export {
  SIM_CLAN_TAGS,
  SIM_PLAYER_TAGS,
  type SimClan,
  type SimDataset,
  type SimPlayer,
  simApiToken,
  simClans,
  simDataset,
  simPlayers,
} from './simulated/sim-dataset.js';
export {
  AWAY_ATTACK_MINUTES_LEFT,
  decideWinner,
  HOME_ATTACK_MINUTES_LEFT,
  LINEUP_SIZE,
  type SimAttack,
  type SimLineupPlayer,
  type SimWarInput,
  type SimWarOutcome,
  simulateWar,
  toWarResult,
} from './simulated/sim-war.js';
export {
  encodeTag,
  InvalidTagError,
  isValidTag,
  normalizeTag,
  parseTag,
  TAG_ALPHABET,
  tagBody,
} from './tags.js';
export { createWarResultListeners, type WarResultListeners } from './war-result-listeners.js';
