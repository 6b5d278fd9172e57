import type { RosterResource } from '@cwh/contract';
import { useTranslation } from 'react-i18next';
import { useLoaderData, useSearchParams } from 'react-router';
import { type StageData, stageChoices } from '../brackets/stage-data';
import { StagePicker, StageView } from '../brackets/stage-view';
import { CalendarLinks } from '../calendar/calendar-links';
import type { LadderSegment } from '../events/ladder-segment';
import { useEventName, useStageName } from '../events/stage-name';
import { type LeaderboardData, LeaderboardTable } from '../leaderboard/leaderboard-table';
import { MatchRow } from '../matches/match-row';
import type { MatchSeriesValue } from '../matches/match-series-api';
import { NoEventCard } from '../matches/no-event-card';
import { ParticipantList } from '../matches/participants';
import { Prizes } from '../matches/prizes';
import { PageShell } from '../shell/page-shell';
import { QueuePanel } from './queue-panel';

const TABS = ['matches', 'leaderboard', 'participants', 'prizes'] as const;
type Tab = (typeof TABS)[number];

export interface MatchLists {
  upcoming: MatchSeriesValue[];
  completed: MatchSeriesValue[];
}

/** What the competition route loads: the ladder segment and the open tab's data. */
export interface CompetitionData {
  tab: Tab;
  ladder: LadderSegment | null;
  matches?: MatchLists;
  board?: LeaderboardData;
  participants?: RosterResource[];
  /** A swiss or double-elimination stage shown instead of the ladder (`?stage=`, or the active one). */
  stage?: StageData;
}

/** The `?tab=` of the page: one of the tabs, else the first. */
export function competitionTab(value: string | null): Tab {
  return TABS.find((name) => name === value) ?? 'matches';
}

function SeriesList({ lists, which }: { lists: MatchLists; which: keyof MatchLists }) {
  const { t } = useTranslation('matches');
  const list = lists[which];
  if (list.length === 0)
    return <p className="muted">{t(which === 'upcoming' ? 'noUpcoming' : 'noCompleted')}</p>;
  return (
    <ul className="match-list">
      {list.map((series) => (
        <MatchRow key={series.id} series={series} />
      ))}
    </ul>
  );
}

function MatchListsView({ lists }: { lists: MatchLists }) {
  const { t } = useTranslation('matches');
  return (
    <>
      <section className="home__section" data-testid="upcoming-matches">
        <h2 className="section-title">{t('upcoming')}</h2>
        <SeriesList lists={lists} which="upcoming" />
      </section>
      <section className="home__section" data-testid="completed-matches">
        <h2 className="section-title">{t('completed')}</h2>
        <SeriesList lists={lists} which="completed" />
      </section>
    </>
  );
}

function TabContent({ data, value }: { data: CompetitionData; value: LadderSegment }) {
  if (data.tab === 'matches' && data.matches) return <MatchListsView lists={data.matches} />;
  if (data.tab === 'leaderboard' && data.board)
    return <LeaderboardTable board={data.board} competition={value.event.attributes.competition} />;
  if (data.tab === 'participants' && data.participants) return <ParticipantList teams={data.participants} />;
  return <Prizes prizes={value.event.attributes.prizes} />;
}

function Competition({ data }: { data: CompetitionData }) {
  const { t } = useTranslation('matches');
  const [, setSearch] = useSearchParams();
  const eventName = useEventName();
  const stageName = useStageName();
  const value = data.ladder;
  if (!value) return <NoEventCard />;
  // The tab is in the URL, so the route loads only its data and a link or reload keeps it.
  const open = (name: Tab) => setSearch({ tab: name }, { replace: true, preventScrollReset: true });
  if (data.stage)
    return (
      <>
        <p className="page__lead">
          {eventName(value.event)} · {stageName(value.segment)}
        </p>
        <CalendarLinks kind="event" id={value.event.id} />
        <StagePicker stages={stageChoices(value)} current={data.stage.segmentId} />
        <StageView data={data.stage} />
      </>
    );
  return (
    <>
      <p className="page__lead">
        {eventName(value.event)} · {stageName(value.segment)}
      </p>
      <CalendarLinks kind="event" id={value.event.id} />
      <StagePicker stages={stageChoices(value)} current={value.segment.id} />
      <div className="tabs__list competition-tabs" role="tablist">
        {TABS.map((name) => (
          <button
            key={name}
            type="button"
            role="tab"
            aria-selected={data.tab === name}
            className={data.tab === name ? 'tabs__link tabs__link--active' : 'tabs__link'}
            data-testid={`competition-tab-${name}`}
            onClick={() => open(name)}
          >
            {t(`tabs.${name}`)}
          </button>
        ))}
      </div>
      <TabContent data={data} value={value} />
    </>
  );
}

/** /competition: Queue button, matches, ladder leaderboard, participants and prizes. */
export function CompetitionPage() {
  const { t } = useTranslation('pages');
  const data = useLoaderData() as CompetitionData;
  return (
    <PageShell name="competition" title={t('competition.title')}>
      <QueuePanel />
      <Competition data={data} />
    </PageShell>
  );
}
