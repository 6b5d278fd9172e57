import type { Db, Executor } from '../../db/client.js';
import { queueAnnouncement } from './announcement-queue.js';
import { createAnnouncementsRepository } from './announcements-repository.js';

/** The stages whose results are announced one by one: the finals (monthly, championship, finals). */
const FINALS = new Set(['MF', 'CF', 'FINALS']);

/**
 * The announcements' hooks, called by the services that make the change, in its transaction
 * (docs/api/announcements.md): each is a no-op for an event without a webhook.
 */

/** A stage's bracket was created: the stage starts. */
export async function announceStageStarted(
  db: Db,
  tx: Executor,
  input: { eventId: string; segmentId: string; teams: number; at: Date },
): Promise<void> {
  await queueAnnouncement(
    db,
    tx,
    {
      eventId: input.eventId,
      kind: 'stageStarted',
      params: async (locale, repo) => ({
        event: await repo.eventName(input.eventId, locale, tx),
        stage: (await repo.segmentOf(input.segmentId, locale, tx))?.name ?? '',
        teams: input.teams,
      }),
    },
    input.at,
  );
}

/** A finished series of a finals stage (a first result or a correction). */
export async function announceSeriesResult(
  db: Db,
  tx: Executor,
  input: {
    segmentId: string;
    home: { rosterId: string; stars: number };
    away: { rosterId: string; stars: number };
    winnerRosterId: string | null;
    at: Date;
  },
): Promise<void> {
  const segment = await createAnnouncementsRepository(db).segmentOf(input.segmentId, 'en', tx);
  if (!segment || !FINALS.has(segment.stageCode)) return;
  await queueAnnouncement(
    db,
    tx,
    {
      eventId: segment.eventId,
      kind: 'finalsResult',
      params: async (locale, repo) => {
        const names = await repo.rosterNames([input.home.rosterId, input.away.rosterId], tx);
        return {
          event: await repo.eventName(segment.eventId, locale, tx),
          stage: (await repo.segmentOf(input.segmentId, locale, tx))?.name ?? '',
          home: names.get(input.home.rosterId) ?? '',
          away: names.get(input.away.rosterId) ?? '',
          homeStars: input.home.stars,
          awayStars: input.away.stars,
          winner: input.winnerRosterId ? (names.get(input.winnerRosterId) ?? '') : '',
        };
      },
    },
    input.at,
  );
}

/** A stage was decided: the teams that advance (in rank order). */
export async function announceAdvancement(
  db: Db,
  tx: Executor,
  input: { eventId: string; segmentId: string; qualifiedRosterIds: readonly string[]; at: Date },
): Promise<void> {
  await queueAnnouncement(
    db,
    tx,
    {
      eventId: input.eventId,
      kind: 'advancement',
      params: async (locale, repo) => {
        const names = await repo.rosterNames(input.qualifiedRosterIds, tx);
        return {
          event: await repo.eventName(input.eventId, locale, tx),
          stage: (await repo.segmentOf(input.segmentId, locale, tx))?.name ?? '',
          teams: input.qualifiedRosterIds.map((id) => names.get(id) ?? id),
        };
      },
    },
    input.at,
  );
}
