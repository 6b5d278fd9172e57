import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLocalizedPath } from '../../i18n/use-locale';
import { config } from '../../lib/config';

export function SiteFooter() {
  const { t } = useTranslation('common');
  const to = useLocalizedPath();
  return (
    <footer className="site-footer">
      <div className="container site-footer__inner">
        <p className="site-footer__brand">{t('brand')}</p>
        <p>{t('footer.about')}</p>
        <p className="site-footer__small">
          {config.supportUrl ? (
            <a href={config.supportUrl} data-testid="footer-support">
              {t('footer.support')}
            </a>
          ) : (
            <Link to={to('/support')} data-testid="footer-support">
              {t('footer.support')}
            </Link>
          )}
          <span aria-hidden="true"> · </span>
          {t('footer.fanNotice')}
        </p>
      </div>
    </footer>
  );
}
