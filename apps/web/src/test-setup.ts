import { cleanup, configure } from '@testing-library/react';
import { options } from 'preact';
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

// Preact runs effects after the next frame, through the window's requestAnimationFrame, which it
// finds once when it loads. Node keeps Preact loaded across test files while each file has its own
// jsdom window: a later file would reach a window already closed (cancelAnimationFrame missing, the
// effects never run). A timer does what a frame does here, whatever the window.
options.requestAnimationFrame = (callback) => {
  setTimeout(callback, 0);
};

afterEach(() => cleanup());
