import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLocalizedPath } from '../../i18n/use-locale';
import { useNotices } from './notice-store';
import { useNoticeFeed } from './use-notice-feed';
import './notices.css';

/** Most unread notices the badge counts; more show as "99+" (the label says the exact count). */
const BADGE_MAX = 99;

/**
 * The header's bell: the unread count (in its accessible name too) and the way to the list. Shown
 * while someone is signed in; it also keeps the notice store fed (`useNoticeFeed`).
 */
export function NoticeBell() {
  useNoticeFeed();
  const { t } = useTranslation('common');
  const to = useLocalizedPath();
  const { userId, unreadCount } = useNotices();
  if (!userId) return null;
  const label = unreadCount > 0 ? t('notices.bell', { count: unreadCount }) : t('notices.bellNone');
  return (
    <Link
      to={to('/notifications')}
      className={unreadCount > 0 ? 'notice-bell notice-bell--unread' : 'notice-bell'}
      aria-label={label}
      title={label}
      data-testid="notice-bell"
    >
      <svg viewBox="0 0 24 24" aria-hidden="true" className="notice-bell__icon">
        <path
          fill="currentColor"
          d="M12 22a2.5 2.5 0 0 0 2.45-2h-4.9A2.5 2.5 0 0 0 12 22Zm7-6V11a7 7 0 0 0-5.5-6.84V3.5a1.5 1.5 0 0 0-3 0v.66A7 7 0 0 0 5 11v5l-2 2v1h18v-1l-2-2Z"
        />
      </svg>
      {unreadCount > 0 ? (
        <span className="notice-bell__count" aria-hidden="true" data-testid="notice-bell-count">
          {unreadCount > BADGE_MAX ? `${BADGE_MAX}+` : unreadCount}
        </span>
      ) : null}
    </Link>
  );
}
