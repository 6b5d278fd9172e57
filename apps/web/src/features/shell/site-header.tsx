import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink } from 'react-router';
import { useLocalizedPath } from '../../i18n/use-locale';
import { BrandMark } from './brand-mark';
import { LanguageSwitcher } from './language-switcher';

const TABS = [
  { key: 'home', path: '/', end: true },
  { key: 'competition', path: '/competition', end: false },
  { key: 'leaderboard', path: '/leaderboard', end: false },
  { key: 'schedule', path: '/schedule', end: false },
  { key: 'myTeam', path: '/my-clan', end: false },
] as const;

/** `account`: the signed-in player's button (the session feature's), next to the language picker. */
export function SiteHeader({ account }: { account?: ReactNode }) {
  const { t } = useTranslation('common');
  const to = useLocalizedPath();
  return (
    <header className="site-header">
      <div className="site-header__bar container">
        <Link to={to('/')} className="brand">
          <BrandMark />
          <span className="brand__text">
            <span className="brand__name">{t('brand')}</span>
            <span className="brand__tagline">{t('tagline')}</span>
          </span>
        </Link>
        <div className="site-header__tools">
          {account}
          <LanguageSwitcher />
        </div>
      </div>
      <nav className="tabs" aria-label={t('nav.label')}>
        <ul className="tabs__list container">
          {TABS.map((tab) => (
            <li key={tab.key}>
              <NavLink to={to(tab.path)} end={tab.end} className="tabs__link" data-testid={`nav-${tab.key}`}>
                {t(`nav.${tab.key}`)}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
    </header>
  );
}
