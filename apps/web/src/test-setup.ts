import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { addAllBundlesForTests } from './i18n/i18n';

// `findBy…`/`waitFor` wait for the UI to settle, they do not time it: on a loaded 2-core CI machine
// with coverage on, a loader re-run can take over the 1 s default, so the bound is generous.
configure({ asyncUtilTimeout: 5_000 });

// The app fetches a language's namespaces when a page needs them (i18n.ts); components tested alone
// render with every text of every language at hand instead.
addAllBundlesForTests(
  import.meta.glob<Record<string, unknown>>('./i18n/locales/*/*.json', { eager: true, import: 'default' }),
);

afterEach(() => cleanup());
