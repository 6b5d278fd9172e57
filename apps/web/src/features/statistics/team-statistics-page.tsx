import type { TeamStatisticsAttributes } from '@cwh/contract';
import { useTranslation } from 'react-i18next';
import { Link, useLoaderData } from 'react-router';
import { HTML_LANG } from '../../i18n/locale';
import { useLocale, useLocalizedPath } from '../../i18n/use-locale';
import type { Loadable } from '../../lib/loadable';
import { teamPanelPath } from '../matches/team-link';
import { PageShell } from '../shell/page-shell';
import { LineChart } from './charts';
import { recordText } from './figures-format';
import {
  BackToLeaderboard,
  PlacementList,
  PlayerLink,
  StatsMissing,
  StatsSection,
  TeamLink,
  WarList,
} from './statistics-parts';
import './statistics.css';

export interface TeamStatisticsData {
  team: Loadable<TeamStatisticsAttributes>;
}

const RECORD_KEYS = ['wins', 'losses', 'draws', 'forfeits', 'points'] as const;

function Record({ team }: { team: TeamStatisticsAttributes }) {
  const { t } = useTranslation('statistics');
  return (
    <dl className="stats-figures" data-testid="team-record">
      {RECORD_KEYS.map((key) => (
        <div key={key} className="stats-figures__item">
          <dt>{t(`record.${key}`)}</dt>
          <dd data-testid={`team-record-${key}`}>{team.record[key]}</dd>
        </div>
      ))}
    </dl>
  );
}

function PointsHistory({ team }: { team: TeamStatisticsAttributes }) {
  const { t } = useTranslation('statistics');
  const locale = useLocale();
  const steps = team.pointsHistory;
  if (steps.length === 0) return <p className="muted">{t('empty.wars')}</p>;
  const date = new Intl.DateTimeFormat(HTML_LANG[locale], {
    month: 'short',
    day: 'numeric',
  });
  const data = steps.map((s, i) => ({
    key: s.matchSeriesId,
    label: `${i + 1}. ${date.format(new Date(s.finishedAt))}`,
    value: s.total,
  }));
  return (
    <LineChart
      title={t('team.pointsChart')}
      description={t('team.pointsChartDescription', { wars: steps.length, points: steps.at(-1)!.total })}
      data={data}
      labelHeader={t('team.war')}
      valueHeader={t('record.points')}
      testId="team-points-chart"
    />
  );
}

function Lineups({ team }: { team: TeamStatisticsAttributes }) {
  const { t } = useTranslation('statistics');
  if (team.lineups.length === 0) return <p className="muted">{t('empty.lineups')}</p>;
  return (
    <ol className="stats-lineups" data-testid="team-lineups">
      {team.lineups.map((lineup) => (
        <li key={lineup.players.map((p) => p.tag).join(',')}>
          <span className="muted">{t('team.lineupWars', { count: lineup.wars })}</span>
          <ul className="stats-lineups__players">
            {lineup.players.map((player) => (
              <li key={player.tag}>
                <PlayerLink tag={player.tag} name={player.name} />
              </li>
            ))}
          </ul>
        </li>
      ))}
    </ol>
  );
}

function HeadToHead({ team }: { team: TeamStatisticsAttributes }) {
  const { t } = useTranslation('statistics');
  if (team.headToHead.length === 0) return <p className="muted">{t('empty.wars')}</p>;
  return (
    <div className="stats-table-wrap">
      <table className="stats-table" data-testid="team-head-to-head">
        <thead>
          <tr>
            <th scope="col">{t('team.opponent')}</th>
            <th scope="col">{t('team.wars')}</th>
            <th scope="col">{t('team.record')}</th>
          </tr>
        </thead>
        <tbody>
          {team.headToHead.map((row) => (
            <tr key={row.opponent.rosterId}>
              <th scope="row">
                <TeamLink rosterId={row.opponent.rosterId} name={row.opponent.displayName} />
              </th>
              <td>{row.wars}</td>
              <td>{recordText(row)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** `/team/{rosterId}`: record, points history, line-ups, head-to-head, placements, last wars (public). */
export function TeamStatisticsPage() {
  const { t } = useTranslation('statistics');
  const { team: load } = useLoaderData() as TeamStatisticsData;
  const localize = useLocalizedPath();
  if (load.status !== 'ready')
    return (
      <StatsMissing
        name="team"
        title={t('team.recordTitle')}
        message={load.status === 'missing' ? t('team.missing') : t('loadFailed')}
      />
    );
  const team = load.value;
  return (
    <PageShell name="team" title={team.roster.displayName} eyebrow={team.event.name}>
      <div className="stats-page" data-testid="team-statistics" data-roster-id={team.roster.id}>
        <p className="muted" data-testid="team-summary">
          {t('team.summary', { record: recordText(team.record), wars: team.record.wars })}
          {' · '}
          <Link to={localize('/statistics')} data-testid="team-event-statistics">
            {t('event.eyebrow')}
          </Link>
          {' · '}
          <Link to={localize(teamPanelPath(team.roster.id))} data-testid="team-panel-link">
            {t('team.panel')}
          </Link>
        </p>
        <StatsSection id="team-record-title" title={t('team.recordTitle')}>
          <Record team={team} />
        </StatsSection>
        <StatsSection id="team-points-title" title={t('team.pointsChart')}>
          <PointsHistory team={team} />
        </StatsSection>
        <StatsSection id="team-lineups-title" title={t('team.lineups')}>
          <Lineups team={team} />
        </StatsSection>
        <StatsSection id="team-h2h-title" title={t('team.headToHead')}>
          <HeadToHead team={team} />
        </StatsSection>
        <StatsSection id="team-placements-title" title={t('placements')}>
          <PlacementList placements={team.placements} testId="team-placements" />
        </StatsSection>
        <StatsSection id="team-wars-title" title={t('team.recentWars')}>
          <WarList wars={team.recentWars} rosterId={team.roster.id} testId="team-wars" />
        </StatsSection>
        <BackToLeaderboard />
      </div>
    </PageShell>
  );
}
