import { WORLD_FINALS } from '@cwh/domain';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../../i18n/use-locale';

/** Prizes: the world finals pool (700,000 USD), the finals format and place. */
export function Prizes() {
  const { t } = useTranslation('matches');
  const locale = useLocale();
  const amount = new Intl.NumberFormat(locale === 'jp' ? 'ja' : locale.replace('_', '-'), {
    style: 'currency',
    currency: WORLD_FINALS.prizePool.currency,
    maximumFractionDigits: 0,
  }).format(WORLD_FINALS.prizePool.amount);
  return (
    <div className="prizes" data-testid="prizes">
      <div className="card prizes__pool">
        <p className="page__eyebrow">{t('prizes.poolLabel')}</p>
        <p className="prizes__amount" data-testid="prize-pool">
          {amount}
        </p>
        <p className="muted">
          {t('prizes.finals', {
            teams: t('prizes.teamCount', { count: WORLD_FINALS.teams }),
            matches: t('prizes.matchCount', { count: WORLD_FINALS.matches }),
            city: WORLD_FINALS.city,
          })}
        </p>
      </div>
      <ul className="prizes__list">
        <li>{t('prizes.monthly')}</li>
        <li>{t('prizes.championship')}</li>
      </ul>
    </div>
  );
}
