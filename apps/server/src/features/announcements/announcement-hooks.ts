import type { Executor } from '../../db/client.js';
import { type AnnouncementQueue, queueAnnouncement } from './announcement-queue.js';
import { createAnnouncementsRepository } from './announcements-repository.js';

/** The stages whose results are announced one by one: the finals (monthly, championship, finals). */
const FINALS = new Set(['MF', 'CF', 'FINALS']);

/**
 * The announcements' hooks, called by the services that make the change, in its transaction
 * (docs/api/announcements.md): each is a no-op for an event without a webhook.
 */

/** A stage's bracket was created: the stage starts. */
export async function announceStageStarted(
  queue: AnnouncementQueue,
  tx: Executor,
  input: { eventId: string; segmentId: string; teams: number; at: Date },
): Promise<void> {
  await queueAnnouncement(
    queue,
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

/** A finished series of a finals stage (a first result or a correction), its winner's side if any. */
export async function announceSeriesResult(
  queue: AnnouncementQueue,
  tx: Executor,
  input: {
    series: { id: string; segmentId: string };
    score: { homeStars: number; awayStars: number };
    winner: 'home' | 'away' | null;
    at: Date;
  },
): Promise<void> {
  const repo = createAnnouncementsRepository(queue.db);
  const segment = await repo.segmentOf(input.series.segmentId, 'en', tx);
  if (!segment || !FINALS.has(segment.stageCode)) return;
  await queueAnnouncement(
    queue,
    tx,
    {
      eventId: segment.eventId,
      kind: 'finalsResult',
      params: async (locale) => {
        const [homeId, awayId] = await repo.competitorRosterIds(input.series.id, tx);
        const names = await repo.rosterNames(
          [homeId, awayId].filter((id) => id !== null),
          tx,
        );
        const name = (id: string | null) => (id ? (names.get(id) ?? '') : '');
        return {
          event: await repo.eventName(segment.eventId, locale, tx),
          stage: (await repo.segmentOf(input.series.segmentId, locale, tx))?.name ?? '',
          home: name(homeId),
          away: name(awayId),
          homeStars: input.score.homeStars,
          awayStars: input.score.awayStars,
          winner: input.winner === 'home' ? name(homeId) : input.winner === 'away' ? name(awayId) : '',
        };
      },
    },
    input.at,
  );
}

/** A stage was decided: the teams that advance (in rank order). */
export async function announceAdvancement(
  queue: AnnouncementQueue,
  tx: Executor,
  input: { eventId: string; segmentId: string; qualifiedRosterIds: readonly string[]; at: Date },
): Promise<void> {
  await queueAnnouncement(
    queue,
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
