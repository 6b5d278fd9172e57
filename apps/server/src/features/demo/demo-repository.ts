import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { rowsOf } from '../../db/rows.js';

/**
 * Read-only SQL of the demo driver: which teams the bots play, and what is waiting for them. The
 * driver writes nothing itself; every change goes through the hub's services (demo-driver.ts).
 */

/** The e-mail domain of the demo players the seed registers (seed/demo-ladder-seed.ts registerTeam). */
export const DEMO_EMAIL_DOMAIN = '@demo.clanwarhub.local';

export interface DemoRoster {
  id: string;
  tenant: string;
  ownerId: string;
  clanTag: string;
  name: string | null;
}

export interface DemoMatchUpSide {
  matchUpId: string;
  rosterId: string;
  ownerId: string;
}

export interface DemoSeries {
  id: string;
  tenant: string;
  date: Date;
  warId: string | null;
  /** A swiss or double-elimination series (match check-in); else a ladder series (Start War). */
  stage: boolean;
  /** The sides' rosters (null while a bracket waits for a team). */
  rosterIds: (string | null)[];
}

export interface DemoSwissStage {
  segmentId: string;
  tenant: string;
  rounds: number;
  maxRounds: number | null;
  unfinished: number;
}

const demoOwner = sql`(select u.id from users u where u.email like ${`%${DEMO_EMAIL_DOMAIN}`})`;

export function createDemoRepository(db: Db) {
  return {
    /**
     * Locked, live clan rosters whose captain is a demo player nobody signed in as: a person who
     * signs in as a demo captain (the simulator's player list) plays that team, not the bots.
     */
    async botRosters(): Promise<DemoRoster[]> {
      const result = await db.execute(sql`
        select r.id, r.tenant, r.owner_id as "ownerId", r.clan_tag as "clanTag", r.name
        from rosters r
        where r.owner_id in ${demoOwner}
          and r.withdrawn_at is null and r.confirmed_at is not null and r.clan_tag is not null
          and not exists (select 1 from auth_tokens t where t.user_id = r.owner_id)
          and not exists (
            select 1 from player_tokens p
            where p.user_id = r.owner_id
               or p.player_tag in (select a.player_tag from game_accounts a where a.user_id = r.owner_id)
          )
        order by r.name, r.id`);
      return rowsOf<DemoRoster>(result);
    },

    /** Rosters with a live queue entry (waiting, matched, accepted). */
    async queuedRosterIds(): Promise<Set<string>> {
      const result = await db.execute(
        sql`select roster_id as "rosterId" from queue_entries where ended_at is null`,
      );
      return new Set(rowsOf<{ rosterId: string }>(result).map((r) => r.rosterId));
    },

    /** Sides of match-ups awaiting confirmation that have not answered yet. */
    async pendingSides(): Promise<DemoMatchUpSide[]> {
      const result = await db.execute(sql`
        select s.match_up_id as "matchUpId", s.roster_id as "rosterId", s.owner_id as "ownerId"
        from match_up_sides s join match_ups m on m.id = s.match_up_id
        where m.status = 'awaiting_confirmation' and s.response = 'pending' and s.owner_id is not null`);
      return rowsOf<DemoMatchUpSide>(result);
    },

    /** Match series not finished (not deleted), with their sides and whether a stage owns them. */
    async openSeries(): Promise<DemoSeries[]> {
      const result = await db.execute(sql`
        select ms.id, ms.tenant, ms.date, ms.war_id as "warId",
          exists (select 1 from stage_match_series st where st.match_series_id = ms.id) as stage,
          coalesce(
            (select json_agg(c.roster_id order by c.position) from match_series_competitors c
             where c.match_series_id = ms.id),
            '[]'::json
          ) as "rosterIds"
        from match_series ms
        where ms.state <> 'finished' and ms.deleted_at is null and ms.bye = false
        order by ms.date`);
      return rowsOf<DemoSeries & { date: Date | string }>(result).map((row) => ({
        ...row,
        date: new Date(row.date),
        rosterIds: typeof row.rosterIds === 'string' ? JSON.parse(row.rosterIds) : row.rosterIds,
      }));
    },

    /** When each roster's last series finished (for the bots' rest between ladder wars). */
    async lastFinishedAt(): Promise<Map<string, Date>> {
      const result = await db.execute(sql`
        select c.roster_id as "rosterId", max(ms.finished_at) as "at"
        from match_series_competitors c join match_series ms on ms.id = c.match_series_id
        where ms.state = 'finished' and ms.finished_at is not null and c.roster_id is not null
        group by c.roster_id`);
      return new Map(
        rowsOf<{ rosterId: string; at: Date | string }>(result).map((r) => [r.rosterId, new Date(r.at)]),
      );
    },

    /** Swiss stages whose every team is a demo team: the demo organizer starts their rounds. */
    async demoSwissStages(): Promise<DemoSwissStage[]> {
      const result = await db.execute(sql`
        select s.segment_id as "segmentId", s.tenant,
          (select count(*)::int from competition_rounds r where r.stage_id = s.id) as rounds,
          (s.swiss_config -> 'format' ->> 'rounds')::int as "maxRounds",
          (select count(*)::int from stage_match_series st join match_series ms on ms.id = st.match_series_id
           where st.stage_id = s.id and ms.state <> 'finished' and ms.deleted_at is null) as unfinished
        from competition_stages s
        where s.format = 'swiss'
          and not exists (
            select 1 from jsonb_array_elements(s.teams) t
            join rosters r on r.id = (t ->> 'rosterId')::uuid
            where r.owner_id is null or r.owner_id not in ${demoOwner}
          )`);
      return rowsOf<DemoSwissStage>(result);
    },

    /** The running war's clans are free again only once it is finished: the live war ids. */
    async runningWarIds(): Promise<Set<string>> {
      const result = await db.execute(sql`select id from sim_wars where status = 'running'`);
      return new Set(rowsOf<{ id: string }>(result).map((r) => r.id));
    },
  };
}

export type DemoRepository = ReturnType<typeof createDemoRepository>;
