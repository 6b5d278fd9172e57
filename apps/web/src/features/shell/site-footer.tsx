import { useTranslation } from 'react-i18next';
import { config } from '../../lib/config';

export function SiteFooter() {
  const { t } = useTranslation('common');
  return (
    <footer className="site-footer">
      <div className="container site-footer__inner">
        <p className="site-footer__brand">{t('brand')}</p>
        <p>{t('footer.about')}</p>
        <p className="site-footer__small">
          {config.supportUrl ? (
            <>
              <a href={config.supportUrl} data-testid="footer-support">
                {t('footer.support')}
              </a>
              <span aria-hidden="true"> · </span>
            </>
          ) : null}
          {t('footer.fanNotice')}
        </p>
      </div>
    </footer>
  );
}
