import { gameTag } from './game-tags.js';
import { requestBody, resource } from './jsonapi.js';
import { resourceId } from './params.js';
import * as z from './safe-zod.js';
import { warStatus } from './simulator.js';

/**
 * War service `/api/war/1.0` (docs/api/ladder.md) and the simulated war endpoints under
 * `/api/simulator/1.0/wars` (GAME_MODE=simulated only).
 */

/** POST /create-war: the roster owner of either side (or an admin); idempotent per match series. */
export const createWarBody = requestBody(z.object({ matchSeriesId: resourceId }));
export const warAttributes = z.object({
  warId: z.string(),
  matchSeriesId: z.string(),
  /** Deep link into the game; with the simulated game a relative hub URL `/simulator/war/{warId}`. */
  link: z.string(),
});
/** The spec's `data.link` is `data.attributes.link` (JSON:API resource objects have no other members). */
export const createWarDocument = z.object({ data: resource('wars', warAttributes) });
export type CreateWarDocument = z.infer<typeof createWarDocument>;

export const clanTagParams = z.object({ tag: gameTag });

/** GET /clan/{tag}/war-status: `data.attributes.clanInWar` (clan war or friendly war). */
export const warStatusDocument = z.object({
  data: resource(
    'war-statuses',
    z.object({ clanTag: z.string(), clanInWar: z.boolean(), status: warStatus }),
  ),
});

/** POST /clan/{tag}/selected-players: the 5 players for the clan's next match (captain only). */
export const selectedPlayersBody = requestBody(z.object({ playerTags: z.array(gameTag).length(5) }));
export const selectedPlayersDocument = z.object({
  data: z.object({
    id: z.string(),
    type: z.literal('selected-players'),
    attributes: z.object({
      clanTag: z.string(),
      rosterId: z.string(),
      playerTags: z.array(z.string()),
      players: z.array(z.object({ tag: z.string(), name: z.string(), townHallLevel: z.number().int() })),
      updatedAt: z.iso.datetime({ offset: true }).nullable(),
    }),
  }),
});

// Simulated wars (the small game-client page /simulator/war/{warId})

export const simWarParams = z.object({ warId: z.string().min(1).max(100) });
export const simWarSide = z.enum(['home', 'away']);

export const simWarPlayer = z.object({
  tag: z.string(),
  name: z.string(),
  townHallLevel: z.number().int(),
  /** 1-based line-up position. */
  position: z.number().int(),
  /** Minutes left on the battle clock when this player attacks (spec 9 day-two order). */
  attackMinutesLeft: z.number().int(),
});
export const simWarLineup = z.object({
  clanTag: z.string(),
  clanName: z.string(),
  rosterId: z.string().nullable(),
  players: z.array(simWarPlayer),
});
export const simAttack = z.object({
  order: z.number().int(),
  side: simWarSide,
  position: z.number().int(),
  minutesLeft: z.number().int(),
  attackerTag: z.string(),
  defenderTag: z.string(),
  /** Present once the war is played. */
  stars: z.number().int().optional(),
  destruction: z.number().optional(),
});
export const simWarResult = z.object({
  stars: z.object({ home: z.number(), away: z.number() }),
  destruction: z.object({ home: z.number(), away: z.number() }).nullable(),
  winner: z.enum(['home', 'away', 'draw']),
  forfeit: simWarSide.nullable(),
});
export const simWarResource = z.object({
  id: z.string(),
  type: z.literal('sim-wars'),
  attributes: z.object({
    matchSeriesId: z.string(),
    status: z.enum(['running', 'finished']),
    createdAt: z.iso.datetime({ offset: true }),
    finishedAt: z.iso.datetime({ offset: true }).nullable(),
    home: simWarLineup,
    away: simWarLineup,
    /** The 10 attacks in time order; with stars/destruction once played. */
    attackOrder: z.array(simAttack),
    result: simWarResult.nullable(),
  }),
});
export type SimWarResource = z.infer<typeof simWarResource>;
export const simWarDocument = z.object({ data: simWarResource });
/** POST /wars/{warId}/forfeit: the side that forfeits. */
export const simWarForfeitBody = requestBody(z.object({ side: simWarSide }));
