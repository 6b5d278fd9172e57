import { useTranslation } from 'react-i18next';

/** Shown by the competition and schedule pages when no event is running. */
export function NoEventCard() {
  const { t } = useTranslation('matches');
  return (
    <div className="card state-card">
      <p>{t('noEvent')}</p>
    </div>
  );
}
