import { competitorResultLabel, isUpcomingState } from '@cwh/domain';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useLocale, useLocalizedPath } from '../../i18n/use-locale';
import { ApiError } from '../../lib/api-client';
import { formatDateTime } from '../../lib/dates';
import { LoadingCard } from '../shell/page-loader';
import { PageShell } from '../shell/page-shell';
import { OfficialWarReport } from '../war/official-war-attacks';
import { OfficialWarGuide } from '../war/official-war-guide';
import { fetchMatchSeries, type MatchSeriesValue, starsOf } from './match-series-api';

type Load =
  | { status: 'loading' }
  | { status: 'missing' }
  | { status: 'error' }
  | { status: 'ready'; series: MatchSeriesValue };

function Side({ series, index }: { series: MatchSeriesValue; index: 0 | 1 }) {
  const { t } = useTranslation('matches');
  const competitor = series.competitors[index];
  const other = series.competitors[index === 0 ? 1 : 0];
  const stars = competitor ? starsOf(series, competitor.id) : null;
  const won = competitor?.placement === 1 && series.state === 'finished';
  return (
    <div
      className={won ? 'match-side match-side--won' : 'match-side'}
      data-testid={index === 0 ? 'match-home' : 'match-away'}
    >
      <span className="match-side__label">{index === 0 ? t('home') : t('away')}</span>
      <span className="match-side__name">{competitor?.displayName ?? 'TBD'}</span>
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
    </div>
  );
}

/** /match and /match/:id: a match series, home against away, state, date, stars and result. */
export function MatchPage() {
  const { t } = useTranslation(['matches', 'pages']);
  const { id } = useParams();
  const locale = useLocale();
  const localize = useLocalizedPath();
  const [load, setLoad] = useState<Load>({ status: 'loading' });

  useEffect(() => {
    if (!id) return setLoad({ status: 'missing' });
    const controller = new AbortController();
    setLoad({ status: 'loading' });
    fetchMatchSeries(id, controller.signal).then(
      (series) => setLoad({ status: 'ready', series }),
      (error) =>
        !controller.signal.aborted &&
        setLoad({ status: error instanceof ApiError && error.status === 404 ? 'missing' : 'error' }),
    );
    return () => controller.abort();
  }, [id]);

  const series = load.status === 'ready' ? load.series : null;
  const [home, away] = series?.competitors ?? [];
  const winner = series?.state === 'finished' ? series.competitors.find((c) => c.placement === 1) : undefined;
  const draw = series?.state === 'finished' && home?.placement === 1 && away?.placement === 1;

  return (
    <PageShell name="match" title={t('pages:match.title')}>
      {load.status === 'loading' ? (
        <LoadingCard />
      ) : load.status === 'missing' ? (
        <div className="card state-card" data-testid="match-missing">
          <p>{t('matches:missing')}</p>
          <Link className="button button--ghost" to={localize('/competition')}>
            {t('matches:toCompetition')}
          </Link>
        </div>
      ) : load.status === 'error' || !series ? (
        <div className="card state-card state-card--error" role="alert">
          <p>{t('matches:error')}</p>
        </div>
      ) : (
        <article className="card match-card" data-testid="match-series" data-state={series.state}>
          <header className="match-card__top">
            <span
              className={`badge badge--${series.state === 'finished' ? 'finished' : series.state === 'live' ? 'live' : 'upcoming'}`}
              data-testid="match-state"
            >
              {t(`matches:state.${series.state}`)}
            </span>
            <time dateTime={series.date} className="muted">
              {formatDateTime(series.date, locale)}
            </time>
          </header>
          <div className="match-card__sides">
            <Side series={series} index={0} />
            <span className="match-card__vs">{t('matches:vs')}</span>
            <Side series={series} index={1} />
          </div>
          <p className="match-card__result" data-testid="match-result">
            {series.state !== 'finished'
              ? isUpcomingState(series.state)
                ? t('matches:resultPending')
                : ''
              : draw
                ? t('matches:draw')
                : winner
                  ? t('matches:winner', { team: winner.displayName })
                  : t('matches:resultPending')}
          </p>
          {series.officialWar ? (
            <>
              {isUpcomingState(series.state) && series.officialWar.state === 'notInWar' ? (
                <OfficialWarGuide settings={series.officialWar.settings} />
              ) : null}
              <OfficialWarReport
                war={series.officialWar}
                names={{ home: home?.displayName ?? 'TBD', away: away?.displayName ?? 'TBD' }}
              />
            </>
          ) : null}
        </article>
      )}
    </PageShell>
  );
}
