import type { MatchSeriesDetail } from '@cwh/contract';
import { useTranslation } from 'react-i18next';
import { MatchAttacks } from './match-attacks';
import { MatchLineups } from './match-lineups';
import type { MatchSeriesValue } from './match-series-api';
import { teamName } from './team-name';

/**
 * Match page: both line-ups, then the war's attacks. The official game shows its attacks on its own
 * report (with durations and the war log check), so only the simulated game's are listed here.
 */
export function MatchDetail({ series, detail }: { series: MatchSeriesValue; detail: MatchSeriesDetail }) {
  const { t } = useTranslation('matches');
  const [home, away] = series.competitors;
  const names = {
    home: teamName(home?.displayName, t('common:tbd')),
    away: teamName(away?.displayName, t('common:tbd')),
  };
  return (
    <>
      <MatchLineups lineups={detail.lineups} names={names} />
      {series.officialWar ? null : (
        <MatchAttacks attacks={detail.attacks} lineups={detail.lineups} names={names} />
      )}
    </>
  );
}
