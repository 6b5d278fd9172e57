import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { render, screen } from '@testing-library/react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import en from '../../i18n/locales/en/common.json';
import { BootShell } from './boot-shell';
import { BrandMark } from './brand-mark';

// index.html, as the server sends it before any script runs (first contentful paint).
const html = readFileSync(join(__dirname, '../../../index.html'), 'utf8');
const staticRoot = new DOMParser().parseFromString(html, 'text/html').getElementById('root')!;

describe('boot shell: the brand from the HTML to the first page', () => {
  it("index.html paints the header's brand name and shield before any script", () => {
    expect(staticRoot.querySelector('.site-header .brand__name')?.textContent).toBe(en.brand);
    const paths = (root: ParentNode) =>
      [...root.querySelectorAll('.brand__mark path')].map((p) => p.getAttribute('d'));
    const drawn = document.createElement('div');
    drawn.innerHTML = renderToStaticMarkup(<BrandMark />);
    expect(paths(staticRoot)).toEqual(paths(drawn));
    expect(paths(drawn)).toHaveLength(2);
  });

  it('React shows the same brand over a loading status while the first page loads', () => {
    const { container } = render(<BootShell />);
    expect(container.querySelector('.site-header .brand__name')?.textContent).toBe(en.brand);
    expect(screen.getByRole('status').textContent).toBe(en.loading);
    expect(container.firstElementChild?.getAttribute('aria-busy')).toBe('true');
  });
});
