import { DEFAULT_LOCALE } from '@cwh/domain';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { addAllBundlesForTests, i18n } from './i18n/i18n';

// `findBy…`/`waitFor` wait for the UI to settle, they do not time it: on a loaded 2-core CI machine
// with coverage on and server files beside it, a loader re-run took over 5 s once (CI), so the bound
// is generous.
configure({ asyncUtilTimeout: 15_000 });

// The app fetches a language's namespaces when a page needs them (i18n.ts); components tested alone
// render with every text of every language at hand instead.
addAllBundlesForTests(
  import.meta.glob<Record<string, unknown>>('./i18n/locales/*/*.json', { eager: true, import: 'default' }),
);

// Each test starts as a new visitor: no cookie left by an earlier one (a chosen language, a home tab)
// and English texts. CI shuffles the order, and a test that ran after one switching to Korean read
// its cookie and rendered in Korean.
afterEach(async () => {
  cleanup();
  for (const entry of document.cookie.split(';')) {
    const name = entry.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
  if (i18n.isInitialized && i18n.language !== DEFAULT_LOCALE) await i18n.changeLanguage(DEFAULT_LOCALE);
});
