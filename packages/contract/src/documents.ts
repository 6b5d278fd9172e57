// Types only: one named type per request and response document of the contract, so callers
// (the web, the server's handlers and tests) name a document instead of re-declaring its shape.
// Modules that already export a document's type keep it there; this file fills in the rest.
import type { z } from 'zod';
import type { loginBody, refreshBody, sessionDocument, userDocument } from './auth.js';
import type {
  allowedChangesDocument,
  captainBody,
  clanCheckDocument,
  clanQuery,
  clanUserDocument,
  disbandBody,
  disbandDocument,
  previousRosterDocument,
  registerBody,
} from './clan.js';
import type { eventDocument, eventListDocument, eventListQuery } from './events.js';
import type { healthResponse, readyResponse } from './health.js';
import type { pageQuery } from './jsonapi.js';
import type { logReceiptDocument } from './log.js';
import type {
  checkinDocument,
  checkinListDocument,
  checkinListQuery,
  createCheckinBody,
  matchSeriesDocument,
  matchSeriesListDocument,
  matchSeriesListQuery,
} from './match-series.js';
import type { matchUpDocument, matchUpListDocument, matchUpListQuery } from './match-ups.js';
import type {
  discordAccessTokenQuery,
  discordAuthorizationUrlDocument,
  discordAuthorizationUrlQuery,
} from './oauth.js';
import type { queueEntryDocument } from './queue.js';
import type {
  addPlayersBody,
  createRosterBody,
  joiningKeyDocument,
  joinRosterBody,
  rosterDocument,
  rosterListDocument,
  rosterListQuery,
  updateRosterBody,
} from './rosters.js';
import type {
  gameDocument,
  gameListDocument,
  gameListQuery,
  segmentDocument,
  segmentListDocument,
  segmentListQuery,
  segmentTypeListDocument,
  segmentTypeListQuery,
} from './segments.js';
import type {
  simClanDocument,
  simClanListDocument,
  simPlayerDocument,
  simPlayerListDocument,
  simPlayerListQuery,
} from './simulator.js';
import type {
  leaderboardDocument,
  leaderboardEntriesQuery,
  leaderboardListDocument,
  leaderboardListQuery,
  recalculateDocument,
  standingListDocument,
  standingListQuery,
} from './standings.js';
import type {
  createWarBody,
  selectedPlayersBody,
  selectedPlayersDocument,
  simWarDocument,
  simWarForfeitBody,
  warStatusDocument,
} from './war.js';

export type LoginBody = z.infer<typeof loginBody>;
export type RefreshBody = z.infer<typeof refreshBody>;
export type SessionDocument = z.infer<typeof sessionDocument>;
export type UserDocument = z.infer<typeof userDocument>;
export type ClanUserDocument = z.infer<typeof clanUserDocument>;
export type RegisterBody = z.infer<typeof registerBody>;
export type ClanQuery = z.infer<typeof clanQuery>;
export type PreviousRosterDocument = z.infer<typeof previousRosterDocument>;
export type CaptainBody = z.infer<typeof captainBody>;
export type ClanCheckDocument = z.infer<typeof clanCheckDocument>;
export type AllowedChangesDocument = z.infer<typeof allowedChangesDocument>;
export type DisbandBody = z.infer<typeof disbandBody>;
export type DisbandDocument = z.infer<typeof disbandDocument>;
export type EventDocument = z.infer<typeof eventDocument>;
export type EventListDocument = z.infer<typeof eventListDocument>;
export type EventListQuery = z.infer<typeof eventListQuery>;
export type HealthResponse = z.infer<typeof healthResponse>;
export type ReadyResponse = z.infer<typeof readyResponse>;
export type PageQuery = z.infer<typeof pageQuery>;
export type LogReceiptDocument = z.infer<typeof logReceiptDocument>;
export type MatchSeriesDocument = z.infer<typeof matchSeriesDocument>;
export type MatchSeriesListDocument = z.infer<typeof matchSeriesListDocument>;
export type MatchSeriesListQuery = z.infer<typeof matchSeriesListQuery>;
export type CheckinListDocument = z.infer<typeof checkinListDocument>;
export type CheckinDocument = z.infer<typeof checkinDocument>;
export type CheckinListQuery = z.infer<typeof checkinListQuery>;
export type CreateCheckinBody = z.infer<typeof createCheckinBody>;
export type MatchUpDocument = z.infer<typeof matchUpDocument>;
export type MatchUpListDocument = z.infer<typeof matchUpListDocument>;
export type MatchUpListQuery = z.infer<typeof matchUpListQuery>;
export type DiscordAuthorizationUrlQuery = z.infer<typeof discordAuthorizationUrlQuery>;
export type DiscordAuthorizationUrlDocument = z.infer<typeof discordAuthorizationUrlDocument>;
export type DiscordAccessTokenQuery = z.infer<typeof discordAccessTokenQuery>;
export type QueueEntryDocument = z.infer<typeof queueEntryDocument>;
export type RosterDocument = z.infer<typeof rosterDocument>;
export type RosterListDocument = z.infer<typeof rosterListDocument>;
export type RosterListQuery = z.infer<typeof rosterListQuery>;
export type CreateRosterBody = z.infer<typeof createRosterBody>;
export type UpdateRosterBody = z.infer<typeof updateRosterBody>;
export type JoiningKeyDocument = z.infer<typeof joiningKeyDocument>;
export type JoinRosterBody = z.infer<typeof joinRosterBody>;
export type AddPlayersBody = z.infer<typeof addPlayersBody>;
export type SegmentDocument = z.infer<typeof segmentDocument>;
export type SegmentListDocument = z.infer<typeof segmentListDocument>;
export type SegmentListQuery = z.infer<typeof segmentListQuery>;
export type SegmentTypeListDocument = z.infer<typeof segmentTypeListDocument>;
export type SegmentTypeListQuery = z.infer<typeof segmentTypeListQuery>;
export type GameDocument = z.infer<typeof gameDocument>;
export type GameListDocument = z.infer<typeof gameListDocument>;
export type GameListQuery = z.infer<typeof gameListQuery>;
export type SimPlayerDocument = z.infer<typeof simPlayerDocument>;
export type SimPlayerListDocument = z.infer<typeof simPlayerListDocument>;
export type SimPlayerListQuery = z.infer<typeof simPlayerListQuery>;
export type SimClanDocument = z.infer<typeof simClanDocument>;
export type SimClanListDocument = z.infer<typeof simClanListDocument>;
export type StandingListDocument = z.infer<typeof standingListDocument>;
export type StandingListQuery = z.infer<typeof standingListQuery>;
export type RecalculateDocument = z.infer<typeof recalculateDocument>;
export type LeaderboardListDocument = z.infer<typeof leaderboardListDocument>;
export type LeaderboardDocument = z.infer<typeof leaderboardDocument>;
export type LeaderboardListQuery = z.infer<typeof leaderboardListQuery>;
export type LeaderboardEntriesQuery = z.infer<typeof leaderboardEntriesQuery>;
export type CreateWarBody = z.infer<typeof createWarBody>;
export type WarStatusDocument = z.infer<typeof warStatusDocument>;
export type SelectedPlayersBody = z.infer<typeof selectedPlayersBody>;
export type SelectedPlayersDocument = z.infer<typeof selectedPlayersDocument>;
export type SimWarDocument = z.infer<typeof simWarDocument>;
export type SimWarForfeitBody = z.infer<typeof simWarForfeitBody>;
