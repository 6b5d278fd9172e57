import type { NameTranslations } from '@cwh/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { rowsOf } from '../../db/rows.js';
import type { SegmentCheckinsConfig } from '../../db/schema/segments.js';
import { notFound } from '../../errors/domain-error.js';

/** A name and the organizer's translations of it. */
export interface Named {
  name: string;
  names: NameTranslations;
}

export interface FeedRoster {
  id: string;
  name: string | null;
  clanTag: string | null;
  event: Named & { id: string };
}

export interface FeedEvent extends Named {
  id: string;
}

/** What a feed entry's SEQUENCE, DTSTAMP and LAST-MODIFIED come from (migration 0031's triggers). */
export interface Revision {
  revision: number;
  createdAt: Date;
  rescheduledAt: Date | null;
}

/** One series as a feed shows it: its stage and its two sides (null: no roster yet, TBD). */
export interface FeedSeries extends Revision {
  id: string;
  date: Date;
  stage: Named;
  home: { id: string | null; name: string | null };
  away: { id: string | null; name: string | null };
}

export interface FeedStage extends Revision, Named {
  id: string;
  dateFrom: Date;
  dateTo: Date;
  checkins: SegmentCheckinsConfig;
}

/** Newest first, at most this many: a feed stays a small download however long a team plays. */
const MAX_SERIES = 500;

const SERIES_COLUMNS = sql`ms.id::text as id, ms.date, ms.created_at as "createdAt",
  ms.schedule_revision as revision, ms.rescheduled_at as "rescheduledAt",
  s.name as "stageName", s.name_translations as "stageNames",
  h.roster_id::text as "homeId", hr.name as "homeName", a.roster_id::text as "awayId", ar.name as "awayName"`;
const SIDES = sql`left join match_series_competitors h on h.match_series_id = ms.id and h.position = 0
  left join rosters hr on hr.id = h.roster_id
  left join match_series_competitors a on a.match_series_id = ms.id and a.position = 1
  left join rosters ar on ar.id = a.roster_id`;

interface SeriesRow extends Revision {
  id: string;
  date: Date;
  stageName: string;
  stageNames: NameTranslations;
  homeId: string | null;
  homeName: string | null;
  awayId: string | null;
  awayName: string | null;
}

const seriesOf = (r: SeriesRow): FeedSeries => ({
  id: r.id,
  date: new Date(r.date),
  revision: r.revision,
  createdAt: new Date(r.createdAt),
  rescheduledAt: r.rescheduledAt ? new Date(r.rescheduledAt) : null,
  stage: { name: r.stageName, names: r.stageNames ?? {} },
  home: { id: r.homeId, name: r.homeName },
  away: { id: r.awayId, name: r.awayName },
});

/** The reads of the calendar feeds: a roster's series, an event's stages and stage series. */
export function createCalendarRepository(db: Executor) {
  const rows = async <T>(query: SQL) => rowsOf<T>(await db.execute(query));
  return {
    async roster(tenant: string, id: string): Promise<FeedRoster> {
      const [row] = await rows<{
        id: string;
        name: string | null;
        clanTag: string | null;
        eventId: string;
        eventName: string;
        eventNames: NameTranslations;
      }>(sql`
        select r.id::text as id, r.name, r.clan_tag as "clanTag", e.id::text as "eventId",
          e.name as "eventName", e.name_translations as "eventNames"
        from rosters r join events e on e.id = r.event_id
        where r.tenant = ${tenant} and r.id = ${id}`);
      if (!row) throw notFound('roster', id);
      const event = { id: row.eventId, name: row.eventName, names: row.eventNames ?? {} };
      return { id: row.id, name: row.name, clanTag: row.clanTag, event };
    },

    /** Every series the roster plays (ladder, stages, finals), byes and deleted series left out. */
    async rosterSeries(rosterId: string): Promise<FeedSeries[]> {
      const found = await rows<SeriesRow>(sql`
        select ${SERIES_COLUMNS}
        from match_series_competitors c
        join match_series ms on ms.id = c.match_series_id
        join segments s on s.id = ms.segment_id
        ${SIDES}
        where c.roster_id = ${rosterId} and ms.deleted_at is null and not ms.bye
        order by ms.date desc, ms.id limit ${MAX_SERIES}`);
      return found.map(seriesOf);
    },

    async event(tenant: string, id: string): Promise<FeedEvent> {
      const [row] = await rows<{ id: string; name: string; names: NameTranslations }>(sql`
        select id::text as id, name, name_translations as names
        from events where tenant = ${tenant} and id = ${id}`);
      if (!row) throw notFound('event', id);
      return { ...row, names: row.names ?? {} };
    },

    /** The event's stages (test segments, spec 3's "[TEST]", left out), in date order. */
    async eventStages(eventId: string): Promise<FeedStage[]> {
      const found = await rows<
        Omit<FeedStage, 'names' | 'checkins'> & { names: NameTranslations; checkins: SegmentCheckinsConfig }
      >(sql`
        select id::text as id, name, name_translations as names, date_from as "dateFrom",
          date_to as "dateTo", checkins_config as checkins, schedule_revision as revision,
          created_at as "createdAt", rescheduled_at as "rescheduledAt"
        from segments
        where event_id = ${eventId} and position('[TEST]' in name) = 0
        order by date_from, id`);
      return found.map((r) => ({
        ...r,
        names: r.names ?? {},
        dateFrom: new Date(r.dateFrom),
        dateTo: new Date(r.dateTo),
        createdAt: new Date(r.createdAt),
        rescheduledAt: r.rescheduledAt ? new Date(r.rescheduledAt) : null,
      }));
    },

    /**
     * The event's scheduled matches: the series of its stages (swiss, brackets, finals). Ladder
     * series are made on demand by the matchmaker, by the thousand: they are in the teams' feeds.
     */
    async eventSeries(eventId: string): Promise<FeedSeries[]> {
      const found = await rows<SeriesRow>(sql`
        select ${SERIES_COLUMNS}
        from stage_match_series sms
        join match_series ms on ms.id = sms.match_series_id
        join segments s on s.id = ms.segment_id
        ${SIDES}
        where ms.event_id = ${eventId} and ms.deleted_at is null and not ms.bye
        order by ms.date desc, ms.id limit ${MAX_SERIES}`);
      return found.map(seriesOf);
    },
  };
}

export type CalendarRepository = ReturnType<typeof createCalendarRepository>;
