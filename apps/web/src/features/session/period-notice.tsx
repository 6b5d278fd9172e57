import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLocalizedPath } from '../../i18n/use-locale';
import { useSession } from './session-store';

/**
 * The home's block for the session period flags (spec 3): while the team's check-in window is open,
 * a captain is sent to My Team to check in. Nothing otherwise.
 */
export function PeriodNotice() {
  const { t } = useTranslation(['home', 'common']);
  const to = useLocalizedPath();
  const { periods } = useSession();
  if (!periods.checkIn) return null;
  return (
    <p className="card state-card" data-testid="home-period" data-period="checkIn">
      {t('home:period.checkIn')} <Link to={to('/my-clan')}>{t('common:nav.myTeam')}</Link>
    </p>
  );
}
