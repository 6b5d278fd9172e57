import { isTestSegment } from '@cwh/domain';
import { useTranslation } from 'react-i18next';
import { useLoaderData } from 'react-router';
import { useLocale } from '../../i18n/use-locale';
import { formatDateTime } from '../../lib/dates';
import type { LadderSegment } from '../events/ladder-segment';
import { useEventName, useStageName } from '../events/stage-name';
import { timingOf } from '../events/timing';
import { PageShell } from '../shell/page-shell';
import { NoEventCard } from './no-event-card';

/** What the schedule route loads: the ladder segment, whose event's segments the page lists. */
export interface LadderData {
  ladder: LadderSegment | null;
}

export function Schedule({ ladder }: LadderData) {
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

/** /schedule: every segment of the event with its dates, in the viewer's time zone. */
export function SchedulePage() {
  const { t } = useTranslation('pages');
  const { ladder } = useLoaderData() as LadderData;
  return (
    <PageShell name="schedule" title={t('schedule.title')}>
      <Schedule ladder={ladder} />
    </PageShell>
  );
}
