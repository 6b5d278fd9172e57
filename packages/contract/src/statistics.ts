import { gameTag } from './game-tags.js';
import { document, requestBody, resource } from './jsonapi.js';
import { resourceId } from './params.js';
import * as z from './safe-zod.js';

/**
 * Profiles, records and statistics (issue #38) under /api/tournaments/1.0, kept incrementally from
 * the recorded results (docs/api/statistics.md):
 * - GET /player-profiles/{tag} (public, cached; 404 when the player hid it)
 * - GET /player-profiles/{tag}/full (the player or staff: also a hidden profile; not cached)
 * - PATCH /player-profiles/{tag}/privacy (the player, support or admin)
 * - GET /rosters/{id}/statistics (a team's record, points history, line-ups, head-to-head, placements)
 * - GET /events/{id}/statistics[?filter[segment]=…] (top attackers, most wars, closest wars)
 */

/** Counters and the rates derived from them; rates are null before the first attack. */
export const playerFigures = z.object({
  wars: z.number().int(),
  attacks: z.number().int(),
  stars: z.number().int(),
  threeStars: z.number().int(),
  starsPerAttack: z.number().nullable(),
  /** Percent, two decimals. */
  averageDestruction: z.number().nullable(),
  /** 0–1, four decimals. */
  threeStarRate: z.number().nullable(),
});
export type PlayerFiguresValue = z.infer<typeof playerFigures>;

const named = z.object({ id: z.string(), name: z.string() });
export const placementValue = z.object({
  segment: named,
  event: named,
  roster: z.object({ id: z.string(), displayName: z.string() }),
  rank: z.number().int(),
  /** The stage's date range ended (the placement is final). */
  final: z.boolean(),
});
export type PlacementValue = z.infer<typeof placementValue>;

const sideSummary = z.object({
  rosterId: z.string(),
  displayName: z.string(),
  stars: z.number().int(),
  destruction: z.number().nullable(),
  forfeit: z.boolean(),
});
/** One finished series as the statistics counted it. */
export const warSummary = z.object({
  matchSeriesId: z.string(),
  segmentId: z.string(),
  finishedAt: z.iso.datetime({ offset: true }),
  home: sideSummary,
  away: sideSummary,
  /** 'home' | 'away' | 'draw' | 'none' (a double forfeit). */
  winner: z.enum(['home', 'away', 'draw', 'none']),
});
export type WarSummary = z.infer<typeof warSummary>;

export const playerProfileAttributes = z.object({
  tag: z.string(),
  name: z.string().nullable(),
  townHallLevel: z.number().int().nullable(),
  clanTag: z.string().nullable(),
  currentTeam: z.object({ rosterId: z.string(), displayName: z.string() }).nullable(),
  /** Only in the player's and staff's answer; the public never sees a hidden profile. */
  profileHidden: z.boolean(),
  overall: playerFigures,
  byEvent: z.array(z.object({ event: named, figures: playerFigures })),
  byStage: z.array(z.object({ event: named, segment: named, figures: playerFigures })),
  recentWars: z.array(warSummary),
  placements: z.array(placementValue),
});
export type PlayerProfileAttributes = z.infer<typeof playerProfileAttributes>;
export const playerProfileResource = resource('player-profiles', playerProfileAttributes);
export const playerProfileDocument = document(playerProfileResource);
export type PlayerProfileDocument = z.infer<typeof playerProfileDocument>;
export const playerTagParams = z.object({ tag: gameTag });

export const profilePrivacyBody = requestBody(z.object({ profileHidden: z.boolean() }));
export type ProfilePrivacyBody = z.infer<typeof profilePrivacyBody>;
export const profilePrivacyDocument = document(
  resource('player-privacy', z.object({ tag: z.string(), profileHidden: z.boolean() })),
);
export type ProfilePrivacyDocument = z.infer<typeof profilePrivacyDocument>;

export const teamRecord = z.object({
  wars: z.number().int(),
  wins: z.number().int(),
  losses: z.number().int(),
  draws: z.number().int(),
  forfeits: z.number().int(),
  points: z.number().int(),
  starsFor: z.number().int(),
  starsAgainst: z.number().int(),
});
export type TeamRecordValue = z.infer<typeof teamRecord>;

export const teamStatisticsAttributes = z.object({
  roster: z.object({ id: z.string(), displayName: z.string(), clanTag: z.string().nullable() }),
  event: named,
  record: teamRecord,
  byStage: z.array(z.object({ segment: named, record: teamRecord })),
  pointsHistory: z.array(
    z.object({
      matchSeriesId: z.string(),
      finishedAt: z.iso.datetime({ offset: true }),
      points: z.number().int(),
      total: z.number().int(),
    }),
  ),
  /** Each distinct line-up the team played with (tags in attack order), most used first. */
  lineups: z.array(
    z.object({
      players: z.array(z.object({ tag: z.string(), name: z.string().nullable() })),
      wars: z.number().int(),
    }),
  ),
  headToHead: z.array(
    z.object({
      opponent: z.object({ rosterId: z.string(), displayName: z.string() }),
      wars: z.number().int(),
      wins: z.number().int(),
      losses: z.number().int(),
      draws: z.number().int(),
    }),
  ),
  placements: z.array(placementValue),
  recentWars: z.array(warSummary),
});
export type TeamStatisticsAttributes = z.infer<typeof teamStatisticsAttributes>;
export const teamStatisticsDocument = document(resource('team-statistics', teamStatisticsAttributes));
export type TeamStatisticsDocument = z.infer<typeof teamStatisticsDocument>;

export const attackerRow = z.object({
  tag: z.string(),
  name: z.string().nullable(),
  figures: playerFigures,
});
export type AttackerRow = z.infer<typeof attackerRow>;
export const eventStatisticsAttributes = z.object({
  event: named,
  /** null: the whole championship; else the stage. */
  segment: named.nullable(),
  topAttackers: z.object({
    stars: z.array(attackerRow),
    threeStarRate: z.array(attackerRow),
    destruction: z.array(attackerRow),
  }),
  /** Rates rank only players with at least this many attacks. */
  minAttacks: z.number().int(),
  mostWars: z.array(
    z.object({
      rosterId: z.string(),
      displayName: z.string(),
      wars: z.number().int(),
      points: z.number().int(),
    }),
  ),
  closestWars: z.array(warSummary),
});
export type EventStatisticsAttributes = z.infer<typeof eventStatisticsAttributes>;
export const eventStatisticsDocument = document(resource('event-statistics', eventStatisticsAttributes));
export type EventStatisticsDocument = z.infer<typeof eventStatisticsDocument>;
export const eventStatisticsQuery = z.object({ 'filter[segment]': resourceId.optional() });
export type EventStatisticsQuery = z.infer<typeof eventStatisticsQuery>;
