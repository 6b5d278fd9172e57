import { isLocale, LOCALES, type Locale } from '@cwh/domain';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { LANGUAGE_NAMES } from '../../i18n/languages';
import { HTML_LANG, rememberLocale, switchLocaleUrl } from '../../i18n/locale';
import { useLocale } from '../../i18n/use-locale';

/** Keys that move a closed select's value: browsers fire `change` for each of them. */
const BROWSING_KEYS = new Set([
  'ArrowUp',
  'ArrowDown',
  'ArrowLeft',
  'ArrowRight',
  'Home',
  'End',
  'PageUp',
  'PageDown',
]);

/**
 * The language picker. A pick with the mouse or the opened list applies at once; browsing a closed
 * select with the arrow keys only moves the choice, which applies on Enter or when focus leaves, so
 * a keyboard or screen-reader user does not reload the page once per language passed.
 */
export function LanguageSwitcher() {
  const { t } = useTranslation('common');
  const locale = useLocale();
  const location = useLocation();
  const navigate = useNavigate();
  const id = useId();
  const browsing = useRef(false);
  const [pending, setPending] = useState<Locale | null>(null);

  function apply(next: Locale) {
    setPending(null);
    if (next === locale) return;
    rememberLocale(next);
    navigate(switchLocaleUrl(location, next));
  }

  return (
    <div className="language-switcher">
      <label htmlFor={id} className="visually-hidden">
        {t('language.label')}
      </label>
      <svg className="language-switcher__icon" viewBox="0 0 24 24" aria-hidden="true">
        <path
          fill="currentColor"
          d="M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20Zm6.9 6h-3a15.7 15.7 0 0 0-1.4-3.6A8 8 0 0 1 18.9 8ZM12 4c.8 1.2 1.5 2.5 1.9 4h-3.8c.4-1.5 1.1-2.8 1.9-4ZM4.3 14a8.2 8.2 0 0 1 0-4h3.4a16.5 16.5 0 0 0 0 4H4.3Zm.8 2h3a15.7 15.7 0 0 0 1.4 3.6A8 8 0 0 1 5.1 16Zm3-8h-3a8 8 0 0 1 4.4-3.6C8.9 5.5 8.4 6.7 8.1 8ZM12 20c-.8-1.2-1.5-2.5-1.9-4h3.8c-.4 1.5-1.1 2.8-1.9 4Zm2.3-6H9.7a14.7 14.7 0 0 1 0-4h4.6a14.7 14.7 0 0 1 0 4Zm.3 5.6c.6-1.1 1.1-2.3 1.4-3.6h3a8 8 0 0 1-4.4 3.6Zm1.7-5.6a16.5 16.5 0 0 0 0-4h3.4a8.2 8.2 0 0 1 0 4h-3.4Z"
        />
      </svg>
      <select
        id={id}
        data-testid="language-switcher"
        className="language-switcher__select"
        value={pending ?? locale}
        onKeyDown={(event) => {
          if (BROWSING_KEYS.has(event.key)) browsing.current = true;
          else if (event.key === 'Enter' && pending) {
            event.preventDefault();
            apply(pending);
          }
        }}
        onChange={(event) => {
          const next = event.target.value;
          if (!isLocale(next)) return;
          if (browsing.current) {
            browsing.current = false;
            setPending(next);
          } else apply(next);
        }}
        onBlur={() => {
          browsing.current = false;
          if (pending) apply(pending);
        }}
      >
        {LOCALES.map((code) => (
          <option key={code} value={code} lang={HTML_LANG[code]}>
            {LANGUAGE_NAMES[code]}
          </option>
        ))}
      </select>
    </div>
  );
}
