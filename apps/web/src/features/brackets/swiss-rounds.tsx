import { useTranslation } from 'react-i18next';
import type { MatchSeriesValue } from '../matches/match-series-api';
import { teamName } from '../matches/team-name';
import { BracketMatch } from './bracket-match';
import { swissRoundView } from './stage-model';
import './brackets.css';

export interface SwissRoundPoolsProps {
  series: readonly MatchSeriesValue[];
  round: number;
  seeds?: ReadonlyMap<string, number> | undefined;
  linkMatches?: boolean;
  /** Level of the pool headings. */
  headingLevel?: 2 | 3;
}

/** One swiss round as win-loss pools ("2-0", "1-1"…), each with its match-ups and results, then the byes. */
export function SwissRoundPools({
  series,
  round,
  seeds,
  linkMatches = true,
  headingLevel = 3,
}: SwissRoundPoolsProps) {
  const { t } = useTranslation('brackets');
  const view = swissRoundView(series, round);
  const H = `h${headingLevel}` as 'h2' | 'h3';
  if (view.pools.length === 0 && view.byes.length === 0)
    return <p className="muted">{t('swiss.noRounds')}</p>;
  return (
    <div className="swiss-pools" data-testid="swiss-pools">
      {view.pools.map((pool) => (
        <section key={pool.record} className="swiss-pool" data-testid="swiss-pool" data-record={pool.record}>
          <H className="swiss-pool__title">{t('swiss.pool', { record: pool.record })}</H>
          <ol className="swiss-pool__matches">
            {pool.series.map((s) => (
              <BracketMatch key={s.id} series={s} seeds={seeds} link={linkMatches} />
            ))}
          </ol>
        </section>
      ))}
      {view.byes.length > 0 ? (
        <section className="swiss-pool swiss-pool--byes" data-testid="swiss-byes">
          <H className="swiss-pool__title">{t('swiss.byes')}</H>
          <ul className="swiss-byes">
            {view.byes.map((s) => (
              <li key={s.id} data-testid="swiss-bye">
                {t('swiss.byeFor', { team: teamName(s.competitors[0]?.displayName, t('common:tbd')) })}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
