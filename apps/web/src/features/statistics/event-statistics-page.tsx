import type { AttackerRow, EventStatisticsAttributes } from '@cwh/contract';
import { useTranslation } from 'react-i18next';
import { Link, useLoaderData } from 'react-router';
import { useLocale, useLocalizedPath } from '../../i18n/use-locale';
import type { Loadable } from '../../lib/loadable';
import { PageShell } from '../shell/page-shell';
import { BarChart } from './charts';
import { formatNumber, formatRate } from './figures-format';
import {
  BackToLeaderboard,
  PlayerLink,
  StatsMissing,
  StatsSection,
  TeamLink,
  WarList,
} from './statistics-parts';
import './statistics.css';

export interface EventStatisticsData {
  /** The stages the page offers (the event's segments), and the chosen one (null: the whole event). */
  stages: { id: string; name: string }[];
  statistics: Loadable<EventStatisticsAttributes>;
}

function AttackerTable({
  rows,
  metric,
  testId,
}: {
  rows: readonly AttackerRow[];
  metric: 'threeStarRate' | 'destruction';
  testId: string;
}) {
  const { t } = useTranslation('statistics');
  const locale = useLocale();
  if (rows.length === 0) return <p className="muted">{t('empty.attackers')}</p>;
  return (
    <div className="stats-table-wrap">
      <table className="stats-table" data-testid={testId}>
        <thead>
          <tr>
            <th scope="col">{t('event.player')}</th>
            <th scope="col">
              {t(metric === 'threeStarRate' ? 'figures.threeStarRate' : 'figures.averageDestruction')}
            </th>
            <th scope="col">{t('figures.attacks')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.tag}>
              <th scope="row">
                <PlayerLink tag={row.tag} name={row.name} />
              </th>
              <td>
                {metric === 'threeStarRate'
                  ? formatRate(row.figures.threeStarRate, locale)
                  : `${formatNumber(row.figures.averageDestruction, locale, 1)} %`}
              </td>
              <td>{row.figures.attacks}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function StagePicker({ stages, current }: { stages: EventStatisticsData['stages']; current: string | null }) {
  const { t } = useTranslation('statistics');
  const localize = useLocalizedPath();
  const options = [{ id: null, name: t('event.wholeEvent') }, ...stages];
  return (
    <nav aria-label={t('event.stages')} className="stats-stages">
      {options.map((stage) => (
        <Link
          key={stage.id ?? 'all'}
          className={`stats-chip${stage.id === current ? ' stats-chip--active' : ''}`}
          aria-current={stage.id === current ? 'page' : undefined}
          to={localize(stage.id ? `/statistics?segment=${stage.id}` : '/statistics')}
        >
          {stage.name}
        </Link>
      ))}
    </nav>
  );
}

/** `/statistics[?segment=…]`: top attackers, most wars and closest wars of the event or a stage. */
export function EventStatisticsPage() {
  const { t } = useTranslation('statistics');
  const { stages, statistics: load } = useLoaderData() as EventStatisticsData;
  if (load.status !== 'ready')
    return (
      <StatsMissing
        name="statistics"
        title={t('event.eyebrow')}
        message={load.status === 'missing' ? t('event.missing') : t('loadFailed')}
      />
    );
  const stats = load.value;
  const top = stats.topAttackers;
  return (
    <PageShell
      name="statistics"
      title={stats.segment ? `${stats.event.name} — ${stats.segment.name}` : stats.event.name}
      eyebrow={t('event.eyebrow')}
    >
      <div className="stats-page" data-testid="event-statistics">
        <StagePicker stages={stages} current={stats.segment?.id ?? null} />
        <StatsSection id="event-top-stars" title={t('event.topStars')}>
          {top.stars.length === 0 ? (
            <p className="muted">{t('empty.attackers')}</p>
          ) : (
            <BarChart
              title={t('event.topStars')}
              description={t('event.topStarsDescription', {
                name: top.stars[0]!.name ?? top.stars[0]!.tag,
                stars: top.stars[0]!.figures.stars,
              })}
              data={top.stars.map((row) => ({
                key: row.tag,
                label: row.name ?? row.tag,
                value: row.figures.stars,
              }))}
              labelHeader={t('event.player')}
              valueHeader={t('figures.stars')}
              testId="event-top-stars"
            />
          )}
        </StatsSection>
        <StatsSection id="event-top-rate" title={t('event.topThreeStarRate')}>
          <p className="muted">{t('event.minAttacks', { count: stats.minAttacks })}</p>
          <AttackerTable rows={top.threeStarRate} metric="threeStarRate" testId="event-top-rate" />
        </StatsSection>
        <StatsSection id="event-top-destruction" title={t('event.topDestruction')}>
          <AttackerTable rows={top.destruction} metric="destruction" testId="event-top-destruction" />
        </StatsSection>
        <StatsSection id="event-most-wars" title={t('event.mostWars')}>
          {stats.mostWars.length === 0 ? (
            <p className="muted">{t('empty.wars')}</p>
          ) : (
            <ol className="stats-ranking" data-testid="event-most-wars">
              {stats.mostWars.map((row) => (
                <li key={row.rosterId}>
                  <TeamLink rosterId={row.rosterId} name={row.displayName} />{' '}
                  <span className="muted stats-ranking__figures">
                    {t('event.warsAndPoints', { wars: row.wars, points: row.points })}
                  </span>
                </li>
              ))}
            </ol>
          )}
        </StatsSection>
        <StatsSection id="event-closest" title={t('event.closestWars')}>
          <WarList wars={stats.closestWars} testId="event-closest" />
        </StatsSection>
        <BackToLeaderboard />
      </div>
    </PageShell>
  );
}
