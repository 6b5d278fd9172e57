import { competitorResultLabel } from '@cwh/domain';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLocale, useLocalizedPath } from '../../i18n/use-locale';
import { formatDateTime } from '../../lib/dates';
import type { MatchSeriesValue } from '../matches/match-series-api';
import { TeamLink } from '../matches/team-link';
import { teamName } from '../matches/team-name';
import { type AttackOrderRow, attackOrderRows, type Finalist, type FinalsMatch } from './finals-model';
import '../matches/match-detail.css';
import './finals.css';
import { shownState, stateBadge } from '../matches/series-outcome';

/** The winner's congratulation banner (spec 2); nothing until the champion is known. */
export function ChampionBanner({ champion, eventName }: { champion: Finalist | null; eventName: string }) {
  const { t } = useTranslation('finals');
  if (!champion) return null;
  return (
    <div className="card finals-banner" role="status" data-testid="champion-banner">
      <svg className="finals-banner__trophy" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <path
          fill="currentColor"
          d="M7 2h10v2h4v3a5 5 0 0 1-4.6 5A5 5 0 0 1 13 15.9V19h4v3H7v-3h4v-3.1A5 5 0 0 1 7.6 12 5 5 0 0 1 3 7V4h4V2Zm0 4H5v1a3 3 0 0 0 2 2.8V6Zm10 0v3.8A3 3 0 0 0 19 7V6h-2Z"
        />
      </svg>
      <div>
        <p className="finals-banner__title">{t('banner.title')}</p>
        <p className="finals-banner__text" data-testid="champion-name">
          {t('banner.text', { team: teamName(champion.name, t('common:tbd')), event: eventName })}
        </p>
      </div>
    </div>
  );
}

export function FinalistList({
  finalists,
  championId,
}: {
  finalists: Finalist[];
  championId: string | null;
}) {
  const { t } = useTranslation('finals');
  if (finalists.length === 0) return <p className="muted">{t('finalists.none')}</p>;
  return (
    <ol className="finalists" data-testid="finalists">
      {finalists.map((team) => (
        <li key={team.rosterId} className="finalists__item" data-testid="finalist">
          <span className="finalists__seed">{t('finalists.seed', { seed: team.seed })}</span>
          <TeamLink rosterId={team.rosterId} className="finalists__name">
            {teamName(team.name, t('common:tbd'))}
          </TeamLink>
          {team.rosterId === championId ? (
            <span className="badge badge--advance">{t('finalists.champion')}</span>
          ) : null}
        </li>
      ))}
    </ol>
  );
}

/** "Upper bracket, round 2", "Lower bracket, round 4", "Grand final", "Grand final reset". */
export function useRoundLabel(): (match: Pick<FinalsMatch, 'section' | 'round'>) => string {
  const { t } = useTranslation('finals');
  return ({ section, round }) =>
    section === 'final'
      ? t(round > 1 ? 'round.reset' : 'round.grandFinal')
      : t(`round.${section}`, { round });
}

type Competitor = MatchSeriesValue['competitors'][number] | undefined;

function score(side: Competitor, other: Competitor): string {
  if (!side) return '-';
  return competitorResultLabel(
    { placement: side.placement, result: side.result },
    other ? { result: other.result } : null,
  );
}

/** One scheduled match: number and round, date (hub format, GMT offset), teams, result once finished. */
export function FinalsMatchRow({ series, label }: { series: MatchSeriesValue; label: string }) {
  const { t } = useTranslation(['finals', 'matches']);
  const locale = useLocale();
  const localize = useLocalizedPath();
  const [home, away] = series.competitors;
  const finished = series.state === 'finished';
  const notPlayed = finished && !home?.placement && !away?.placement;
  const state = series.bye ? 'bye' : notPlayed ? 'notPlayed' : null;
  const tbd = t('common:tbd');
  const team = (side: Competitor) => (
    <TeamLink
      rosterId={side?.roster?.id}
      className={
        side?.placement === 1 && !notPlayed ? 'match-row__team match-row__team--won' : 'match-row__team'
      }
    >
      {teamName(side?.displayName, tbd)}
    </TeamLink>
  );
  // The match link covers the row (match-row--linked); each team name opens the team's page.
  const name = `${label}: ${teamName(home?.displayName, tbd)} ${t('matches:vs')} ${teamName(away?.displayName, tbd)}`;
  return (
    <li className="finals-match" data-testid="finals-match" data-state={series.state}>
      <p className="finals-match__label">{label}</p>
      <div className="match-row__link match-row--linked">
        <Link
          to={localize(`/match/${encodeURIComponent(series.id)}`)}
          className="match-row__open match-row__date"
          aria-label={`${name}, ${formatDateTime(series.date, locale)}`}
          data-testid="finals-match-date"
        >
          {formatDateTime(series.date, locale)}
        </Link>
        <span className="match-row__teams">
          {team(home)}
          <span className="match-row__score" data-testid="finals-match-score">
            {finished && !state ? `${score(home, away)} : ${score(away, home)}` : t('finals:versus')}
          </span>
          {team(away)}
        </span>
        <span className={`badge badge--${finished ? 'finished' : stateBadge(shownState(series))}`}>
          {state ? t(`finals:state.${state}`) : t(`matches:state.${shownState(series)}`)}
        </span>
      </div>
    </li>
  );
}

/** Day-two attack order (rule 3.2.3): when each side attacks, by minutes left on the war clock. */
export function AttackOrderTable({ rows = attackOrderRows() }: { rows?: AttackOrderRow[] }) {
  const { t } = useTranslation('finals');
  return (
    <section className="home__section" data-testid="attack-order">
      <h2 className="section-title">{t('attackOrder.title')}</h2>
      <p className="muted">{t('attackOrder.intro')}</p>
      <div className="card finals-table-card">
        <table className="finals-table">
          <thead>
            <tr>
              <th scope="col">{t('attackOrder.minutesLeft')}</th>
              <th scope="col">{t('attackOrder.side')}</th>
              <th scope="col">{t('attackOrder.attack')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={`${row.side}-${row.attack}`} data-testid="attack-order-row" data-side={row.side}>
                <td className="finals-table__clock">{row.clock}</td>
                <td>{t(`attackOrder.${row.side}`)}</td>
                <td>{t('attackOrder.number', { number: row.attack })}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
