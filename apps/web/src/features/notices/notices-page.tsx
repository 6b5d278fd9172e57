import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLocale, useLocalizedPath } from '../../i18n/use-locale';
import { formatDateTime } from '../../lib/dates';
import { PageShell } from '../shell/page-shell';
import { loadMoreNotices, readAllNotices, readNotice, useNotices } from './notice-store';
import type { Notice } from './notices-api';
import './notices.css';

/** A notice's text in the reader's language, from its key and parameters. */
export function useNoticeText(): (notice: Notice) => string {
  const { t } = useTranslation('notices');
  return (notice) => t(notice.textKey, { ...notice.params, defaultValue: t('types.unknown') });
}

function NoticeItem({ notice }: { notice: Notice }) {
  const { t } = useTranslation('notices');
  const to = useLocalizedPath();
  const locale = useLocale();
  const text = useNoticeText()(notice);
  const unread = notice.readAt === null;
  return (
    <li
      className={unread ? 'notices__item notices__item--unread' : 'notices__item'}
      data-testid="notice"
      data-kind={notice.kind}
      data-unread={unread ? 'true' : 'false'}
    >
      {/* Following the notice reads it. */}
      <Link className="notices__link" to={to(notice.link)} onClick={() => void readNotice(notice.id)}>
        {unread ? <span className="visually-hidden">{t('unread')} </span> : null}
        {text}
      </Link>
      <time className="notices__time" dateTime={notice.createdAt}>
        {formatDateTime(notice.createdAt, locale)}
      </time>
      {unread ? (
        <button
          type="button"
          className="button button--ghost"
          onClick={() => void readNotice(notice.id)}
          aria-label={t('markReadOf', { text })}
          data-testid="notice-mark-read"
        >
          {t('markRead')}
        </button>
      ) : null}
    </li>
  );
}

/** /notifications: the signed-in user's notices, newest first; mark one or all read. */
export function NoticesPage() {
  const { t } = useTranslation('notices');
  const { userId, notices, unreadCount, loaded, page, totalPages } = useNotices();
  return (
    <PageShell name="notifications" title={t('title')}>
      {!userId ? (
        <p>{t('signedOut')}</p>
      ) : (
        <>
          <div className="notices__head">
            <p data-testid="notices-unread">{t('unreadCount', { count: unreadCount })}</p>
            <button
              type="button"
              className="button"
              disabled={unreadCount === 0}
              onClick={() => void readAllNotices()}
              data-testid="notices-mark-all"
            >
              {t('markAllRead')}
            </button>
          </div>
          {loaded && notices.length === 0 ? <p data-testid="notices-empty">{t('empty')}</p> : null}
          <ul className="notices__list" aria-label={t('title')}>
            {notices.map((notice) => (
              <NoticeItem key={notice.id} notice={notice} />
            ))}
          </ul>
          {page < totalPages ? (
            <button type="button" className="button button--ghost" onClick={() => void loadMoreNotices()}>
              {t('more')}
            </button>
          ) : null}
        </>
      )}
    </PageShell>
  );
}
