import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLadderSegment } from '../events/ladder-segment';
import { LeaderboardTable } from '../leaderboard/leaderboard-table';
import { MatchRow } from '../matches/match-row';
import { fetchMatchSeriesList, type MatchSeriesValue } from '../matches/match-series-api';
import { NoEventCard } from '../matches/no-event-card';
import { ParticipantList } from '../matches/participants';
import { Prizes } from '../matches/prizes';
import { useSession } from '../session/session-store';
import { LoadingCard } from '../shell/page-loader';
import { PageShell } from '../shell/page-shell';
import { QueuePanel } from './queue-panel';

const TABS = ['matches', 'leaderboard', 'participants', 'prizes'] as const;
type Tab = (typeof TABS)[number];

function MatchLists({
  eventId,
  segmentId,
  rosterId,
}: {
  eventId: string;
  segmentId: string;
  rosterId: string | null;
}) {
  const { t } = useTranslation('matches');
  const [lists, setLists] = useState<{ upcoming: MatchSeriesValue[]; completed: MatchSeriesValue[] } | null>(
    null,
  );
  useEffect(() => {
    const controller = new AbortController();
    const base = { eventId, segmentId, rosterId };
    Promise.all([
      fetchMatchSeriesList({ ...base, state: 'upcoming', sort: 'date' }, controller.signal),
      fetchMatchSeriesList({ ...base, state: 'finished', sort: '-date' }, controller.signal),
    ]).then(
      ([upcoming, completed]) => setLists({ upcoming, completed }),
      () => !controller.signal.aborted && setLists({ upcoming: [], completed: [] }),
    );
    return () => controller.abort();
  }, [eventId, segmentId, rosterId]);
  if (!lists)
    return (
      <div className="skeleton-list" aria-hidden="true">
        <span />
        <span />
      </div>
    );
  return (
    <>
      <section className="home__section" data-testid="upcoming-matches">
        <h2 className="section-title">{t('upcoming')}</h2>
        {lists.upcoming.length === 0 ? (
          <p className="muted">{t('noUpcoming')}</p>
        ) : (
          <ul className="match-list">
            {lists.upcoming.map((series) => (
              <MatchRow key={series.id} series={series} />
            ))}
          </ul>
        )}
      </section>
      <section className="home__section" data-testid="completed-matches">
        <h2 className="section-title">{t('completed')}</h2>
        {lists.completed.length === 0 ? (
          <p className="muted">{t('noCompleted')}</p>
        ) : (
          <ul className="match-list">
            {lists.completed.map((series) => (
              <MatchRow key={series.id} series={series} />
            ))}
          </ul>
        )}
      </section>
    </>
  );
}

/** /competition: Queue button, matches, ladder leaderboard, participants and prizes. */
export function CompetitionPage() {
  const { t } = useTranslation(['matches', 'pages']);
  const session = useSession();
  const ladder = useLadderSegment(session.activeEventId, session.activeSegmentId);
  const [tab, setTab] = useState<Tab>('matches');
  const value = ladder.status === 'ready' ? ladder.value : null;
  const rosterId = session.roster?.id ?? null;

  return (
    <PageShell name="competition" title={t('pages:competition.title')}>
      <QueuePanel />
      {ladder.status === 'loading' ? (
        <LoadingCard />
      ) : !value ? (
        <NoEventCard />
      ) : (
        <>
          <p className="page__lead">
            {value.event.attributes.name} · {value.segment.attributes.name}
          </p>
          <div className="tabs__list competition-tabs" role="tablist">
            {TABS.map((name) => (
              <button
                key={name}
                type="button"
                role="tab"
                aria-selected={tab === name}
                className={tab === name ? 'tabs__link tabs__link--active' : 'tabs__link'}
                data-testid={`competition-tab-${name}`}
                onClick={() => setTab(name)}
              >
                {t(`matches:tabs.${name}`)}
              </button>
            ))}
          </div>
          {tab === 'matches' ? (
            <MatchLists eventId={value.event.id} segmentId={value.segment.id} rosterId={rosterId} />
          ) : tab === 'leaderboard' ? (
            <LeaderboardTable segmentId={value.segment.id} competition={value.event.attributes.competition} />
          ) : tab === 'participants' ? (
            <ParticipantList segmentId={value.stage?.id ?? value.segment.id} />
          ) : (
            <Prizes />
          )}
        </>
      )}
    </PageShell>
  );
}
