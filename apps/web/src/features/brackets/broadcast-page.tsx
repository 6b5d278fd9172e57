import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLoaderData, useRevalidator, useSearchParams } from 'react-router';
import { VetoResult } from '../match-room/veto-board';
import { TeamLink } from '../matches/team-link';
import { teamName } from '../matches/team-name';
import { DoubleEliminationBracket } from './double-elimination-bracket';
import { type StageData, seedsOf } from './stage-data';
import { standingsCaption, useStageName } from './stage-view';
import { SwissRoundPools } from './swiss-rounds';
import { SwissStandingsTable } from './swiss-standings-table';
import './brackets.css';

/** The broadcast view reloads its stage this often (the route loader runs again). */
export const BROADCAST_REFRESH_MS = 15_000;

export type BroadcastData = StageData & { rows: number };

/** Revalidates the route every `ms` while the page is open (skipped while a load is running). */
export function useAutoRefresh(ms: number) {
  const revalidator = useRevalidator();
  useEffect(() => {
    const timer = setInterval(() => {
      if (revalidator.state === 'idle') void revalidator.revalidate();
    }, ms);
    return () => clearInterval(timer);
  }, [ms, revalidator]);
}

/** `?bg=transparent`: no page background, for a stream overlay keyed over the game. */
function useTransparentBackground(on: boolean) {
  useEffect(() => {
    const root = document.documentElement;
    root.classList.toggle('broadcast-transparent', on);
    return () => root.classList.remove('broadcast-transparent');
  }, [on]);
}

function Body({ data }: { data: BroadcastData }) {
  const { t } = useTranslation('brackets');
  if (data.info.status !== 'ready')
    return (
      <p className="broadcast__empty" data-testid="broadcast-empty">
        {data.info.status === 'missing' ? t('notStarted') : t('loadError')}
      </p>
    );
  const info = data.info.value;
  const seeds = seedsOf(info);
  if (info.format === 'double_elimination')
    return (
      <DoubleEliminationBracket series={data.series} seeds={seeds} linkMatches={false} variant="broadcast" />
    );
  return (
    <div className="broadcast__swiss">
      <section className="broadcast__standings" aria-labelledby="broadcast-standings">
        <h2 id="broadcast-standings" className="broadcast__subtitle">
          {standingsCaption(t, data.records)}
        </h2>
        <SwissStandingsTable
          records={data.records.slice(0, data.rows)}
          tiebreaks={info.swiss?.tiebreaks}
          variant="broadcast"
        />
      </section>
      {data.round != null ? (
        <section className="broadcast__round" aria-labelledby="broadcast-round">
          <h2 id="broadcast-round" className="broadcast__subtitle">
            {t('rounds.round', { round: data.round })}
          </h2>
          <SwissRoundPools series={data.series} round={data.round} seeds={seeds} linkMatches={false} />
        </section>
      ) : null}
    </div>
  );
}

/** `?match={seriesId}`: the match on air, its two teams and its pick and ban (once it has a result). */
function FeaturedMatch({ data, seriesId }: { data: BroadcastData; seriesId: string | null }) {
  const { t } = useTranslation(['matches', 'common']);
  const series = seriesId ? data.series.find((candidate) => candidate.id === seriesId) : undefined;
  if (!series) return null;
  const [home, away] = series.competitors;
  return (
    <section className="broadcast__featured" data-testid="broadcast-featured">
      <p className="broadcast__featured-teams">
        <strong>
          <TeamLink rosterId={home?.roster?.id}>{teamName(home?.displayName, t('common:tbd'))}</TeamLink>
        </strong>{' '}
        <span className="muted">{t('vs')}</span>{' '}
        <strong>
          <TeamLink rosterId={away?.roster?.id}>{teamName(away?.displayName, t('common:tbd'))}</TeamLink>
        </strong>
      </p>
      <VetoResult matchSeriesId={series.id} testId="broadcast-veto" pollMs={BROADCAST_REFRESH_MS} />
    </section>
  );
}

/**
 * /broadcast/{segmentId}: a stage's bracket or swiss standings without the site's header, footer or
 * overlays, sized for a 1920×1080 stream overlay; reloads every 15 s. `?bg=transparent` drops the
 * background, `?rows=N` limits the swiss standings (default 16), `?match={seriesId}` features the match
 * on air with its pick and ban.
 */
export function BroadcastPage() {
  const { t } = useTranslation('brackets');
  const data = useLoaderData() as BroadcastData;
  const [search] = useSearchParams();
  const transparent = search.get('bg') === 'transparent';
  const stageName = useStageName();
  useAutoRefresh(BROADCAST_REFRESH_MS);
  useTransparentBackground(transparent);
  const title = data.segment ? stageName(data.segment) : t('broadcast.title');
  useEffect(() => {
    document.title = title;
  }, [title]);
  return (
    <main className={`broadcast${transparent ? ' broadcast--transparent' : ''}`} data-testid="page-broadcast">
      <header className="broadcast__header">
        <h1 className="broadcast__title">{title}</h1>
        {data.info.status === 'ready' ? (
          <p className="broadcast__format">{t(`format.${data.info.value.format}`)}</p>
        ) : null}
      </header>
      <FeaturedMatch data={data} seriesId={search.get('match')} />
      <Body data={data} />
    </main>
  );
}
