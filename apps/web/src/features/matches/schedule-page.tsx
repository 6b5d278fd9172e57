import { useTranslation } from 'react-i18next';
import { useLocale } from '../../i18n/use-locale';
import { formatDateTime } from '../../lib/dates';
import { useLadderSegment } from '../events/ladder-segment';
import { useSession } from '../session/session-store';
import { LoadingCard } from '../shell/page-loader';
import { PageShell } from '../shell/page-shell';
import { NoEventCard } from './no-event-card';

/** /schedule: every segment of the event with its dates, in the viewer's time zone. */
export function SchedulePage() {
  const { t } = useTranslation(['matches', 'pages']);
  const locale = useLocale();
  const session = useSession();
  const ladder = useLadderSegment(session.activeEventId, session.activeSegmentId);
  const value = ladder.status === 'ready' ? ladder.value : null;
  const now = Date.now();
  const segments = value
    ? [...value.all].sort(
        (a, b) =>
          Date.parse(a.attributes.date.from) - Date.parse(b.attributes.date.from) ||
          a.attributes.level - b.attributes.level,
      )
    : [];
  return (
    <PageShell name="schedule" title={t('pages:schedule.title')}>
      {ladder.status === 'loading' ? (
        <LoadingCard />
      ) : !value ? (
        <NoEventCard />
      ) : (
        <>
          <p className="page__lead">{value.event.attributes.name}</p>
          <ol className="schedule" data-testid="schedule">
            {segments.map((segment) => {
              const from = Date.parse(segment.attributes.date.from);
              const to = Date.parse(segment.attributes.date.to);
              const status = now < from ? 'upcoming' : now > to ? 'finished' : 'live';
              return (
                <li
                  key={segment.id}
                  className={`schedule__item schedule__item--level${segment.attributes.level} schedule__item--${status}`}
                  data-testid="schedule-segment"
                >
                  <div className="schedule__head">
                    <span className="schedule__name">{segment.attributes.name}</span>
                    <span className={`badge badge--${status}`}>{t(`matches:phase.${status}`)}</span>
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
    </PageShell>
  );
}
