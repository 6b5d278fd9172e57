import { isTestSegment } from '@cwh/domain';
import { useTranslation } from 'react-i18next';
import { Link, useLoaderData } from 'react-router';
import { useLocale, useLocalizedPath } from '../../i18n/use-locale';
import { formatDateTime } from '../../lib/dates';
import type { LadderSegment } from '../events/ladder-segment';
import { useEventName, useStageName } from '../events/stage-name';
import { timingOf } from '../events/timing';
import { PageShell } from '../shell/page-shell';
import { MatchRow } from './match-row';
import type { MatchSeriesValue } from './match-series-api';
import { NoEventCard } from './no-event-card';

/** Matches each list of the schedule shows; "View All" (`?all=upcoming|completed`) shows up to ALL. */
export const SCHEDULE_LIST_SIZE = 5;
export const SCHEDULE_ALL_SIZE = 100;
export const SCHEDULE_LISTS = ['upcoming', 'completed'] as const;
export type ScheduleList = (typeof SCHEDULE_LISTS)[number];

export const scheduleList = (value: string | null): ScheduleList | null =>
  SCHEDULE_LISTS.find((list) => list === value) ?? null;

/** The event's match series: upcoming (soonest first) and completed (latest first). */
export interface ScheduleMatches {
  upcoming: MatchSeriesValue[];
  completed: MatchSeriesValue[];
  /** The list opened in full (View All), else null: each list is cut to SCHEDULE_LIST_SIZE. */
  all: ScheduleList | null;
}

/** What the schedule route loads: the ladder segment, whose event's segments the page lists, and its matches. */
export interface LadderData {
  ladder: LadderSegment | null;
  matches?: ScheduleMatches;
}

function MatchList({ list, matches }: { list: ScheduleList; matches: ScheduleMatches }) {
  const { t } = useTranslation('matches');
  const common = useTranslation('common').t;
  const localize = useLocalizedPath();
  const series = matches[list];
  const cut = matches.all !== list && series.length > SCHEDULE_LIST_SIZE;
  const shown = matches.all === list ? series : series.slice(0, SCHEDULE_LIST_SIZE);
  return (
    <section className="home__section" data-testid={`schedule-${list}`}>
      <h2 className="section-title">{t(list)}</h2>
      {shown.length === 0 ? (
        <p className="muted">{t(list === 'upcoming' ? 'noUpcoming' : 'noCompleted')}</p>
      ) : (
        <ul className="match-list">
          {shown.map((row) => (
            <MatchRow key={row.id} series={row} />
          ))}
        </ul>
      )}
      {cut ? (
        <Link
          className="button button--ghost"
          to={`${localize('/schedule')}?all=${list}`}
          data-testid="view-all"
        >
          {common('actions.viewAll')}
        </Link>
      ) : null}
    </section>
  );
}

export function Schedule({ ladder, matches }: LadderData) {
  const { t } = useTranslation('matches');
  const locale = useLocale();
  const value = ladder;
  const stageName = useStageName();
  const eventName = useEventName();
  const now = new Date();
  // Test segments ("[TEST]") are the organizers' sandbox: never on a public page.
  const segments = value
    ? [...value.all.filter((segment) => !isTestSegment(segment.attributes))].sort(
        (a, b) =>
          Date.parse(a.attributes.date.from) - Date.parse(b.attributes.date.from) ||
          a.attributes.level - b.attributes.level,
      )
    : [];
  return (
    <>
      {!value ? (
        <NoEventCard />
      ) : (
        <>
          <p className="page__lead">{eventName(value.event)}</p>
          {matches ? (
            matches.all ? (
              <MatchList list={matches.all} matches={matches} />
            ) : (
              <>
                <MatchList list="upcoming" matches={matches} />
                <MatchList list="completed" matches={matches} />
              </>
            )
          ) : null}
          <ol className="schedule" data-testid="schedule">
            {segments.map((segment) => {
              const status = timingOf(segment.attributes.date, now);
              return (
                <li
                  key={segment.id}
                  className={`schedule__item schedule__item--level${segment.attributes.level} schedule__item--${status}`}
                  data-testid="schedule-segment"
                >
                  <div className="schedule__head">
                    <span className="schedule__name">{stageName(segment)}</span>
                    <span className={`badge badge--${status}`}>{t(`phase.${status}`)}</span>
                  </div>
                  <p className="muted schedule__dates">
                    {formatDateTime(segment.attributes.date.from, locale)} –{' '}
                    {formatDateTime(segment.attributes.date.to, locale)}
                  </p>
                </li>
              );
            })}
          </ol>
        </>
      )}
    </>
  );
}

/**
 * /schedule: the event's upcoming and recent matches with their times, then every segment with its
 * dates, in the viewer's locale and time zone; View All opens a whole list.
 */
export function SchedulePage() {
  const { t } = useTranslation('pages');
  const data = useLoaderData() as LadderData;
  return (
    <PageShell name="schedule" title={t('schedule.title')}>
      <Schedule {...data} />
    </PageShell>
  );
}
