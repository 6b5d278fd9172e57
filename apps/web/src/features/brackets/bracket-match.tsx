import { competitorResultLabel } from '@cwh/domain';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLocalizedPath } from '../../i18n/use-locale';
import type { MatchSeriesValue } from '../matches/match-series-api';
import { shownState } from '../matches/series-outcome';
import { TeamLink } from '../matches/team-link';
import { teamName } from '../matches/team-name';

type Competitor = MatchSeriesValue['competitors'][number];

export interface BracketMatchProps {
  series: MatchSeriesValue;
  /** Seed of each roster, shown before its name. */
  seeds?: ReadonlyMap<string, number> | undefined;
  /** Links the match to /match/{id} (off on the broadcast view). */
  link?: boolean;
  /** The match's name for screen readers and its label ("Match 3", "Grand final"). */
  label?: string;
}

function Side({
  side,
  other,
  series,
  seeds,
}: {
  side: Competitor | undefined;
  other: Competitor | undefined;
  series: MatchSeriesValue;
  seeds?: ReadonlyMap<string, number> | undefined;
}) {
  const { t } = useTranslation('brackets');
  const rosterId = side?.roster?.id ?? null;
  const isBye = series.bye && !rosterId;
  const winner = side?.placement === 1 && other?.placement !== 1 && !series.bye;
  const loser = side?.placement === 2;
  const score =
    side && !series.bye && series.state === 'finished'
      ? competitorResultLabel(
          { placement: side.placement, result: side.result },
          other ? { result: other.result } : null,
        )
      : null;
  const seed = rosterId ? seeds?.get(rosterId) : undefined;
  const classes = ['bm__team', winner ? 'bm__team--won' : '', loser ? 'bm__team--lost' : '']
    .filter(Boolean)
    .join(' ');
  return (
    <span className={classes} data-testid="bracket-team" data-winner={winner ? 'true' : undefined}>
      <span className="bm__seed">{seed ?? ''}</span>
      <span className="bm__name">
        {isBye ? (
          <em className="bm__bye">{t('match.bye')}</em>
        ) : (
          <TeamLink rosterId={rosterId} className="bm__team-link">
            {teamName(side?.displayName, t('common:tbd'))}
          </TeamLink>
        )}
      </span>
      <span className="bm__mark">
        {winner ? (
          <>
            <span aria-hidden="true">✓</span>
            <span className="visually-hidden"> {t('match.winner')}</span>
          </>
        ) : null}
      </span>
      <span className="bm__score">{score ?? ''}</span>
    </span>
  );
}

/**
 * One match of a bracket or a swiss pool: both teams, scores or FFW/FFL, the winner in text. Each
 * team name opens the team's page; the rest of the card opens the match (a link laid over the card,
 * named by its teams, so no link sits inside another).
 */
export function BracketMatch({ series, seeds, link = true, label }: BracketMatchProps) {
  const { t } = useTranslation(['brackets', 'matches']);
  const localize = useLocalizedPath();
  const [home, away] = series.competitors;
  const state = series.bye ? 'bye' : series.state;
  const linked = link && !series.bye;
  const tbd = t('common:tbd');
  const teams = `${teamName(home?.displayName, tbd)} ${t('matches:vs')} ${teamName(away?.displayName, tbd)}`;
  return (
    <li className="bm" data-testid="bracket-match" data-state={state}>
      <div className={linked ? 'bm__card bm__card--linked' : 'bm__card'}>
        {linked ? (
          <Link
            className="bm__open"
            to={localize(`/match/${encodeURIComponent(series.id)}`)}
            aria-label={label ? `${label}: ${teams}` : teams}
            data-testid="bracket-match-link"
          />
        ) : null}
        {label ? <span className="bm__label">{label}</span> : null}
        <Side side={home} other={away} series={series} seeds={seeds} />
        <Side side={away} other={home} series={series} seeds={seeds} />
        {shownState(series) === 'live' ? (
          <span className="badge badge--live bm__live">{t('match.live')}</span>
        ) : null}
      </div>
    </li>
  );
}
