import type { EventResource, SegmentResource } from '@cwh/contract';
import { useTranslation } from 'react-i18next';
import { Link, useLoaderData } from 'react-router';
import { useLocalizedPath } from '../../i18n/use-locale';
import type { Loadable } from '../../lib/loadable';
import { DoubleEliminationBracket } from '../brackets/double-elimination-bracket';
import { type LeaderboardData, LeaderboardTable } from '../leaderboard/leaderboard-table';
import type { MatchSeriesValue } from '../matches/match-series-api';
import { PageShell } from '../shell/page-shell';
import {
  type BracketInfo,
  CUP_LEVELS,
  CUP_TABS,
  type CupLevel,
  type CupTab,
  championOf,
  finalistsOf,
} from './finals-model';
import { ChampionBanner, FinalistList, FinalsMatchRow } from './finals-ui';

export interface CupFinalsView {
  /** Null until the finals stage is seeded. */
  info: BracketInfo | null;
  series: MatchSeriesValue[];
}

export interface CupPageView {
  event: EventResource;
  ladder: SegmentResource | null;
  finals: SegmentResource | null;
  /** The open tab's data only. */
  board?: LeaderboardData | null;
  finalsStage?: Loadable<CupFinalsView>;
}

export interface CupPageData {
  level: CupLevel;
  tab: CupTab;
  /** `ready` with null: no town hall cup at this level. */
  cup: Loadable<CupPageView | null>;
}

function LevelNav({ level, tab }: { level: CupLevel; tab: CupTab }) {
  const { t } = useTranslation('finals');
  const localize = useLocalizedPath();
  return (
    <nav aria-label={t('cup.levels')}>
      <ul className="finals-nav">
        {CUP_LEVELS.map((each) => (
          <li key={each}>
            <Link
              to={localize(`/town-hall-cup/${each}?tab=${tab}`)}
              aria-current={each === level ? 'page' : undefined}
              data-testid="cup-level-link"
            >
              {t('cup.level', { level: each })}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function Tabs({ level, tab }: { level: CupLevel; tab: CupTab }) {
  const { t } = useTranslation('finals');
  const localize = useLocalizedPath();
  return (
    <div className="finals-tabs" role="tablist">
      {CUP_TABS.map((name) => (
        <Link
          key={name}
          role="tab"
          aria-selected={tab === name}
          className={tab === name ? 'finals-tab finals-tab--active' : 'finals-tab'}
          to={localize(`/town-hall-cup/${level}?tab=${name}`)}
          replace
          preventScrollReset
          data-testid={`cup-tab-${name}`}
        >
          {t(`cup.tabs.${name}`)}
        </Link>
      ))}
    </div>
  );
}

function CupFinals({ stage, eventName }: { stage: Loadable<CupFinalsView> | undefined; eventName: string }) {
  const { t } = useTranslation('finals');
  if (!stage || stage.status === 'error')
    return (
      <div className="card state-card state-card--error" role="alert">
        <p>{t('error')}</p>
      </div>
    );
  if (stage.status === 'missing' || !stage.value.info)
    return (
      <p className="muted" data-testid="cup-finals-not-drawn">
        {t('cup.notDrawn')}
      </p>
    );
  const { info, series } = stage.value;
  const finalists = finalistsOf(info, series);
  const champion = championOf(info, finalists);
  const seeds = new Map(info.teams.map((team) => [team.rosterId, team.seed]));
  return (
    <>
      <ChampionBanner champion={champion} eventName={eventName} />
      <section className="home__section">
        <h2 className="section-title">{t('finalists.title')}</h2>
        <FinalistList finalists={finalists} championId={champion?.rosterId ?? null} />
      </section>
      <section className="home__section finals-bracket" data-testid="cup-finals-bracket">
        <h2 className="section-title">{t('bracket')}</h2>
        {info.format === 'double_elimination' ? (
          <DoubleEliminationBracket series={series} seeds={seeds} headingLevel={3} />
        ) : (
          <ol className="finals-schedule">
            {series.map((item) => (
              <FinalsMatchRow
                key={item.id}
                series={item}
                label={t('round.swiss', { round: item.roundNumber ?? 1 })}
              />
            ))}
          </ol>
        )}
      </section>
    </>
  );
}

function Cup({ data, view }: { data: CupPageData; view: CupPageView }) {
  const { t } = useTranslation('finals');
  return (
    <>
      <p className="page__lead">{view.event.attributes.name}</p>
      <Tabs level={data.level} tab={data.tab} />
      {data.tab === 'ladder' ? (
        view.board ? (
          <LeaderboardTable board={view.board} competition="townHallCup" />
        ) : (
          <p className="muted">{t('cup.noLadder')}</p>
        )
      ) : view.finals ? (
        <CupFinals stage={view.finalsStage} eventName={view.event.attributes.name} />
      ) : (
        <p className="muted">{t('cup.noFinals')}</p>
      )}
    </>
  );
}

/** /town-hall-cup/{9|12|15}: the level's Ladder and Finals (spec 1, spec 2 "Town Hall Cup pages"). */
export function TownHallCupPage() {
  const { t } = useTranslation('finals');
  const data = useLoaderData() as CupPageData;
  const { cup } = data;
  return (
    <PageShell name="town-hall-cup" title={t('cup.title', { level: data.level })} eyebrow={t('cup.eyebrow')}>
      <LevelNav level={data.level} tab={data.tab} />
      {cup.status === 'ready' && cup.value ? (
        <Cup data={data} view={cup.value} />
      ) : cup.status === 'error' ? (
        <div className="card state-card state-card--error" role="alert" data-testid="cup-error">
          <p>{t('error')}</p>
        </div>
      ) : (
        <div className="card state-card" data-testid="cup-missing">
          <p>{t('cup.missing', { level: data.level })}</p>
        </div>
      )}
    </PageShell>
  );
}
