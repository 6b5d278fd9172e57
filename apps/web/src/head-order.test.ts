import { describe, expect, it } from 'vitest';
import { stylesheetsFirst } from '../head-order';

const BUILT = `<head>
    <title>Clan War Hub</title>
    <script type="module" crossorigin src="/assets/index-1.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/a-2.js">
    <link rel="modulepreload" crossorigin href="/assets/b-3.js">
    <link rel="stylesheet" crossorigin href="/assets/index-4.css">
    <link rel="stylesheet" crossorigin href="/assets/checkins-5.css">
  </head>`;

describe('stylesheetsFirst', () => {
  it('puts the stylesheets before the entry script and the module preloads, keeping every tag once', () => {
    const html = stylesheetsFirst(BUILT);
    const order = [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]);
    expect(order).toEqual([
      '/assets/index-4.css',
      '/assets/checkins-5.css',
      '/assets/index-1.js',
      '/assets/a-2.js',
      '/assets/b-3.js',
    ]);
    expect(html.indexOf('<title>')).toBeLessThan(html.indexOf('index-4.css'));
  });

  it('leaves a page without stylesheets or without scripts as it is', () => {
    const noCss = BUILT.replace(/ *<link rel="stylesheet"[^>]*>\n/g, '');
    expect(stylesheetsFirst(noCss)).toBe(noCss);
    const noJs = '<head>\n    <link rel="stylesheet" href="/a.css">\n  </head>';
    expect(stylesheetsFirst(noJs)).toBe(noJs);
  });
});
