import { useTranslation } from 'react-i18next';
import { dismissMissedNotice, useCheckIns } from './checkin-store';

/** Spec 8: "Your team missed the Match Check-In window" / "Your opponent missed …". */
export function MissedCheckInNotices() {
  const { t } = useTranslation('checkins');
  const { notices } = useCheckIns();
  if (notices.length === 0) return null;
  return (
    <ul className="checkin-notices" data-testid="missed-checkin-notices">
      {notices.map((notice) => (
        <li
          key={`${notice.seriesId}:${notice.by}`}
          className={`notice ${notice.by === 'own' ? 'notice--danger' : 'notice--info'} checkin-notice`}
          role={notice.by === 'own' ? 'alert' : 'status'}
          data-testid={`missed-checkin-${notice.by}`}
        >
          <span>{notice.by === 'own' ? t('missed.own') : t('missed.opponent')}</span>
          <button
            type="button"
            className="button button--small button--ghost"
            onClick={() => dismissMissedNotice(notice)}
          >
            {t('missed.dismiss')}
          </button>
        </li>
      ))}
    </ul>
  );
}
