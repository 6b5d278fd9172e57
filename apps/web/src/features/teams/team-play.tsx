import { useTranslation } from 'react-i18next';
import { useLoaderData } from 'react-router';
import type { Loadable } from '../../lib/loadable';
import type { Standing } from '../leaderboard/standings-api';
import { MatchRow } from '../matches/match-row';
import type { MatchSeriesValue } from '../matches/match-series-api';

/** A locked team's ladder play: its own standings row and its last and next match series. */
export interface TeamPlay {
  standing: Standing | null;
  last: MatchSeriesValue | null;
  next: MatchSeriesValue | null;
}

/**
 * My Team after the lock: rank, record and points on the ladder, the last match (its result) and
 * the next one, each linking to the match page. Nothing before the lock or when it could not load.
 */
/** Whether the team has played: its creation notice then gives way to its ladder play. */
export function useHasPlayed(): boolean {
  const data = useLoaderData() as { play?: Loadable<TeamPlay> | null } | undefined;
  const play = data?.play?.status === 'ready' ? data.play.value : null;
  return Boolean(play && (play.last || (play.standing?.gamesPlayed ?? 0) > 0));
}

export function TeamPlayCard() {
  const { t } = useTranslation('teams');
  const data = useLoaderData() as { play?: Loadable<TeamPlay> | null } | undefined;
  const play = data?.play?.status === 'ready' ? data.play.value : null;
  if (!play) return null;
  const { standing, last, next } = play;
  return (
    <section className="card team-play" data-testid="team-play">
      <h2 className="section-title">{t('play.title')}</h2>
      {standing && standing.gamesPlayed > 0 ? (
        <dl className="team-card__facts">
          <div>
            <dt>{t('play.rank')}</dt>
            <dd data-testid="team-rank">#{standing.rank}</dd>
          </div>
          <div>
            <dt>{t('play.record')}</dt>
            <dd data-testid="team-record">{standing.record}</dd>
          </div>
          <div>
            <dt>{t('play.points')}</dt>
            <dd data-testid="team-points">{standing.points}</dd>
          </div>
        </dl>
      ) : (
        <p className="muted" data-testid="team-play-none">
          {t('play.none')}
        </p>
      )}
      {last ? (
        <div data-testid="team-last-match">
          <h3 className="team-play__label">{t('play.lastMatch')}</h3>
          <ul className="match-list">
            <MatchRow series={last} />
          </ul>
        </div>
      ) : null}
      {next ? (
        <div data-testid="team-next-match">
          <h3 className="team-play__label">{t('play.nextMatch')}</h3>
          <ul className="match-list">
            <MatchRow series={next} />
          </ul>
        </div>
      ) : null}
    </section>
  );
}
