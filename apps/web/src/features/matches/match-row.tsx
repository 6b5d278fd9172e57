import { competitorResultLabel } from '@cwh/domain';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLocale, useLocalizedPath } from '../../i18n/use-locale';
import { formatDateTime } from '../../lib/dates';
import { formatDestruction } from '../../lib/war-result';
import type { MatchSeriesValue } from './match-series-api';
import { seriesOutcome, shownState, stateBadge } from './series-outcome';
import './match-detail.css';
import { TeamLink } from './team-link';
import { teamName } from './team-name';

/**
 * One match series in a list: date, home vs away, score or FFW/FFL, state. The row opens the match;
 * each team name opens the team's page.
 */
export function MatchRow({ series }: { series: MatchSeriesValue }) {
  const { t } = useTranslation('matches');
  const locale = useLocale();
  const localize = useLocalizedPath();
  const [home, away] = series.competitors;
  // A draw colours neither team as the winner.
  const outcome = seriesOutcome(series);
  const { winner } = outcome;
  // Stars decide, destruction breaks a tie: a finished war shows both (spec 4 results).
  const destruction = outcome.destruction && !outcome.forfeit ? outcome.destruction : null;
  const score = (side: typeof home, other: typeof home) =>
    side
      ? competitorResultLabel(
          { placement: side.placement, result: side.result },
          other ? { result: other.result } : null,
        )
      : '-';
  // The match link covers the row; its name says which match it opens, not only when.
  const label = `${teamName(home?.displayName, t('common:tbd'))} ${t('vs')} ${teamName(away?.displayName, t('common:tbd'))}, ${formatDateTime(series.date, locale)}`;
  return (
    <li
      className="match-row"
      data-testid="match-row"
      data-state={series.state}
      data-winner={winner ?? undefined}
    >
      <div className="match-row__link match-row--linked">
        <Link
          to={localize(`/match/${encodeURIComponent(series.id)}`)}
          className="match-row__open match-row__date"
          aria-label={label}
        >
          {formatDateTime(series.date, locale)}
        </Link>
        <span className="match-row__teams">
          <TeamLink
            rosterId={home?.roster?.id}
            className={winner === 'home' ? 'match-row__team match-row__team--won' : 'match-row__team'}
          >
            {teamName(home?.displayName, t('common:tbd'))}
          </TeamLink>
          <span className="match-row__score" data-testid="match-row-score">
            {score(home, away)} : {score(away, home)}
            {destruction ? (
              <small className="match-row__destruction" data-testid="match-row-destruction">
                {formatDestruction(destruction.home, locale)} : {formatDestruction(destruction.away, locale)}
              </small>
            ) : null}
          </span>
          <TeamLink
            rosterId={away?.roster?.id}
            className={winner === 'away' ? 'match-row__team match-row__team--won' : 'match-row__team'}
          >
            {teamName(away?.displayName, t('common:tbd'))}
          </TeamLink>
        </span>
        <span className={`badge badge--${stateBadge(shownState(series))}`}>
          {winner === 'draw' ? t('draw') : t(`state.${shownState(series)}`)}
        </span>
      </div>
    </li>
  );
}
