import type { MatchSeriesReviewReason } from '@cwh/contract';
import { STARS_PERIOD } from '@cwh/domain';
import { isoSeconds } from '../../http/jsonapi.js';
import type {
  CompetitorRow,
  MatchSeriesRow,
  MatchUpRow,
  MatchUpSideRow,
  QueueEntryRow,
  RosterRow,
} from './ladder-repository.js';
import { officialWarAttributes } from './match-series/official-war-mapper.js';

const iso = (date: Date) => isoSeconds(date);
const isoOrNull = (date: Date | null) => (date ? isoSeconds(date) : null);

/** Display name of a roster (spec 3): its name, else 'TBD'. */
export const rosterDisplayName = (roster: Pick<RosterRow, 'name'> | null | undefined) =>
  roster?.name?.trim() || 'TBD';

/** GET /queue/{rosterId}/status: the entry and, while it waits, its rematch rule (contract queue.ts). */
export interface QueueRematchValue {
  opponent: { id: string; name: string | null };
  graceMs: number;
  notBefore: Date | null;
}
export type QueueStatusEntry = QueueEntryRow & { rematch?: QueueRematchValue | null };

export function queueEntryResource(entry: QueueStatusEntry) {
  const { rematch } = entry;
  return {
    id: entry.id,
    type: 'queue-entries' as const,
    attributes: {
      status: entry.status,
      rosterId: entry.rosterId,
      segmentId: entry.segmentId,
      thLevel: entry.thLevel,
      joinedAt: iso(entry.joinedAt),
      endedAt: isoOrNull(entry.endedAt),
      playerTags: entry.playerTags,
      matchUpId: entry.matchUpId,
      matchSeriesId: entry.matchSeriesId,
      ...(rematch === undefined
        ? {}
        : {
            rematch: rematch && {
              opponent: rematch.opponent,
              graceMs: rematch.graceMs,
              // To the millisecond: the countdown ends when the pair is allowed, not a second early.
              notBefore: rematch.notBefore?.toISOString() ?? null,
            },
          }),
    },
  };
}

export function matchUpResource(
  matchUp: MatchUpRow,
  sides: MatchUpSideRow[],
  rosters: Map<string, RosterRow>,
) {
  const createdAt = iso(matchUp.createdAt);
  const expiresAt = iso(matchUp.expiresAt);
  return {
    id: matchUp.id,
    type: 'match-ups' as const,
    attributes: {
      status: matchUp.status,
      createdAt,
      expiresAt,
      endedAt: isoOrNull(matchUp.endedAt),
      segmentId: matchUp.segmentId,
      thLevel: matchUp.thLevel,
      sides: sides
        .filter((s) => s.matchUpId === matchUp.id)
        .sort((a) => (a.side === 'home' ? -1 : 1))
        .map((s) => ({
          side: s.side,
          roster: { id: s.rosterId, name: rosterDisplayName(rosters.get(s.rosterId)) },
          ownerId: s.ownerId,
          response: s.response,
        })),
      matchSeriesId: matchUp.matchSeriesId,
    },
  };
}

export function matchSeriesResource(
  series: MatchSeriesRow,
  competitors: CompetitorRow[],
  rosters: Map<string, RosterRow>,
  now: Date,
) {
  const own = competitors
    .filter((c) => c.matchSeriesId === series.id)
    .sort((a, b) => a.position - b.position);
  const mapped = own.map((c) => {
    const roster = c.rosterId ? rosters.get(c.rosterId) : undefined;
    return {
      id: c.id,
      side: c.position === 0 ? ('home' as const) : ('away' as const),
      roster: c.rosterId
        ? {
            id: c.rosterId,
            name: roster?.name ?? null,
            displayName: rosterDisplayName(roster),
            ownerId: roster?.ownerId ?? null,
          }
        : null,
      displayName: c.rosterId ? rosterDisplayName(roster) : 'TBD',
      placement: c.placement,
      result: {
        score: c.score,
        forfeit: c.forfeit,
        ...(c.destruction != null ? { destruction: c.destruction } : {}),
      },
    };
  });
  const warReady = series.warId && !series.warId.startsWith('pending:') && series.warLink;
  return {
    id: series.id,
    type: 'match-series' as const,
    attributes: {
      date: iso(series.date),
      createdAt: iso(series.createdAt),
      state: series.state,
      competitors: mapped,
      matches: [
        {
          // A ladder series is one war: its match shares the series id.
          id: series.id,
          periods:
            series.state === 'finished'
              ? [
                  {
                    name: STARS_PERIOD,
                    competitors: own.map((c) => ({ id: c.id, result: { score: c.score } })),
                  },
                ]
              : [],
        },
      ],
      timeDiffInMinutes: Math.round((series.date.getTime() - now.getTime()) / 60_000),
      bye: series.bye,
      roundNumber: series.roundNumber,
      bracket: series.bracket,
      group: series.groupName,
      segment: { id: series.segmentId },
      event: { id: series.eventId },
      matchUp: series.matchUpId ? { id: series.matchUpId } : null,
      war: warReady ? { id: series.warId!, link: series.warLink! } : null,
      finishedAt: isoOrNull(series.finishedAt),
      officialWar: officialWarAttributes(series),
      reviewReason: (series.reviewReason as MatchSeriesReviewReason | null) ?? null,
      disputed: series.disputedAt != null,
    },
  };
}
