import { useTranslation } from 'react-i18next';
import { BrandMark } from './brand-mark';
import { PageLoader } from './page-loader';

/**
 * What the site shows while its first page loads: the header's brand over a spinner. index.html
 * paints the same before any script runs (first contentful paint), so the brand stays put from the
 * HTML's arrival to the page.
 */
export function BootShell() {
  const { t } = useTranslation('common');
  return (
    <div className="app" aria-busy="true">
      <header className="site-header">
        <div className="site-header__bar container">
          <span className="brand">
            <BrandMark />
            <span className="brand__text">
              <span className="brand__name">{t('brand')}</span>
            </span>
          </span>
        </div>
      </header>
      <main className="main">
        <PageLoader />
      </main>
    </div>
  );
}
