import { competitorResultLabel, isUpcomingState } from '@cwh/domain';
import { useTranslation } from 'react-i18next';
import { Link, useLoaderData } from 'react-router';
import { useLocale, useLocalizedPath } from '../../i18n/use-locale';
import { formatDateTime } from '../../lib/dates';
import type { Loadable } from '../../lib/loadable';
import { formatDestruction, resultReason } from '../../lib/war-result';
import { MatchChat } from '../match-room/match-chat';
import { MatchDispute } from '../match-room/match-dispute';
import { VetoBoard } from '../match-room/veto-board';
import { PageShell } from '../shell/page-shell';
import { OfficialWarReport } from '../war/official-war-attacks';
import { OfficialWarGuide } from '../war/official-war-guide';
import { MatchDetail } from './match-detail';
import { type MatchSeriesValue, starsOf } from './match-series-api';
import { MatchStageLine } from './match-stage-line';
import { type SeriesOutcome, seriesOutcome, shownState, stateBadge } from './series-outcome';
import { StartWarButton } from './start-war-button';
import { TeamLink } from './team-link';
import { teamName } from './team-name';

/** What the match route loads: the series of the URL's id (no id: missing). */
export interface MatchPageData {
  series: Loadable<MatchSeriesValue>;
}

function Side({
  series,
  outcome,
  index,
}: {
  series: MatchSeriesValue;
  outcome: SeriesOutcome;
  index: 0 | 1;
}) {
  const { t } = useTranslation('matches');
  const locale = useLocale();
  const side = index === 0 ? 'home' : 'away';
  const competitor = series.competitors[index];
  const other = series.competitors[index === 0 ? 1 : 0];
  const stars = competitor ? starsOf(series, competitor.id) : null;
  // A draw colours neither side as the winner.
  const won = outcome.winner === side;
  return (
    <div
      className={won ? 'match-side match-side--won' : 'match-side'}
      data-testid={index === 0 ? 'match-home' : 'match-away'}
    >
      <span className="match-side__label">{index === 0 ? t('home') : t('away')}</span>
      <TeamLink rosterId={competitor?.roster?.id} className="match-side__name" testId={`team-link-${side}`}>
        {teamName(competitor?.displayName, t('common:tbd'))}
      </TeamLink>
      <span className="match-side__stars" data-testid="match-stars">
        {competitor?.result.forfeit || other?.result.forfeit
          ? competitorResultLabel(
              competitor ?? { placement: null, result: { score: null, forfeit: false } },
              other,
            )
          : stars == null
            ? '–'
            : `★ ${stars}`}
      </span>
      {outcome.destruction && !outcome.forfeit ? (
        <span className="match-side__destruction" data-testid="match-destruction">
          {formatDestruction(outcome.destruction[side], locale)}
        </span>
      ) : null}
    </div>
  );
}

/** No series at this address, or it could not be loaded. */
function SeriesUnavailable({ status }: { status: 'missing' | 'error' }) {
  const { t } = useTranslation('matches');
  const localize = useLocalizedPath();
  if (status === 'missing')
    return (
      <div className="card state-card" data-testid="match-missing">
        <p>{t('missing')}</p>
        <Link className="button button--ghost" to={localize('/competition')}>
          {t('toCompetition')}
        </Link>
      </div>
    );
  return (
    <div className="card state-card state-card--error" role="alert">
      <p>{t('error')}</p>
    </div>
  );
}

/** The result line (winner, draw or pending) and why the winner won (stars, destruction). */
function SeriesResult({ series }: { series: MatchSeriesValue }) {
  const { t } = useTranslation(['matches', 'war']);
  const [home, away] = series.competitors;
  const outcome = seriesOutcome(series);
  const draw = outcome.winner === 'draw';
  const winner = outcome.winner === 'home' ? home : outcome.winner === 'away' ? away : undefined;
  const reason = resultReason(outcome);
  return (
    <>
      <p className="match-card__result" data-testid="match-result">
        {series.state !== 'finished'
          ? isUpcomingState(series.state)
            ? t('resultPending')
            : ''
          : draw
            ? t('draw')
            : winner
              ? t('winner', { team: teamName(winner.displayName, t('common:tbd')) })
              : t('resultPending')}
      </p>
      {winner && (reason === 'stars' || reason === 'destruction') ? (
        <p className="match-card__reason muted" data-testid="match-reason" data-reason={reason}>
          {t(`war:reason.${reason}`, { team: teamName(winner.displayName, t('common:tbd')) })}
        </p>
      ) : null}
    </>
  );
}

/** The series' official war: how to start it while upcoming, and its report. */
function SeriesOfficialWar({
  series,
  names,
}: {
  series: MatchSeriesValue;
  names: { home: string; away: string };
}) {
  if (!series.officialWar) return null;
  return (
    <>
      {isUpcomingState(series.state) && series.officialWar.state === 'notInWar' ? (
        <OfficialWarGuide settings={series.officialWar.settings} />
      ) : null}
      <OfficialWarReport war={series.officialWar} names={names} />
    </>
  );
}

function Series({ load }: { load: MatchPageData['series'] }) {
  const { t } = useTranslation(['matches', 'war']);
  const locale = useLocale();
  const localize = useLocalizedPath();
  if (load.status === 'missing' || load.status === 'error') return <SeriesUnavailable status={load.status} />;
  const series = load.value;
  const [home, away] = series.competitors;
  const outcome = seriesOutcome(series);
  const names = {
    home: teamName(home?.displayName, t('common:tbd')),
    away: teamName(away?.displayName, t('common:tbd')),
  };
  return (
    <article className="card match-card" data-testid="match-series" data-state={series.state}>
      <header className="match-card__top">
        <span className={`badge badge--${stateBadge(shownState(series))}`} data-testid="match-state">
          {t(`state.${shownState(series)}`)}
        </span>
        <time dateTime={series.date} className="muted">
          {formatDateTime(series.date, locale)}
        </time>
      </header>
      {series.detail?.stage ? <MatchStageLine series={series} stage={series.detail.stage} /> : null}
      <div className="match-card__sides">
        <Side series={series} outcome={outcome} index={0} />
        <span className="match-card__vs">{t('vs')}</span>
        <Side series={series} outcome={outcome} index={1} />
      </div>
      <SeriesResult series={series} />
      {series.detail ? <MatchDetail series={series} detail={series.detail} /> : null}
      <SeriesOfficialWar series={series} names={names} />
      {isUpcomingState(series.state) ? (
        <p className="match-card__start">
          <StartWarButton seriesId={series.id} testId="match-start-war" />
        </p>
      ) : null}
      <VetoBoard matchSeriesId={series.id} names={names} />
      <MatchChat matchSeriesId={series.id} names={names} />
      <MatchDispute
        matchSeriesId={series.id}
        finished={series.state === 'finished'}
        captainIds={series.competitors.map((c) => c.roster?.ownerId ?? null)}
      />
      <p className="match-card__back">
        <Link
          className="button button--ghost"
          to={localize('/competition')}
          data-testid="match-to-competition"
        >
          {t('toCompetition')}
        </Link>
      </p>
    </article>
  );
}

/** /match and /match/:id: a match series, home against away, state, date, stars and result. */
export function MatchPage() {
  const { t } = useTranslation('pages');
  const { series } = useLoaderData() as MatchPageData;
  return (
    <PageShell name="match" title={t('match.title')}>
      <Series load={series} />
    </PageShell>
  );
}
