import type { Plugin } from 'vite';

const STYLESHEET = /[ \t]*<link rel="stylesheet"[^>]*>\n?/g;

/**
 * Moves the built page's stylesheet links ahead of its scripts and module preloads. Vite writes
 * the entry script and some thirty `modulepreload` links first; the browser asks for them in that
 * order and the hub speaks HTTP/1.1 (six requests at a time), so the render-blocking stylesheet
 * waited behind the JavaScript and a prerendered page painted only after ~200 kB of scripts had
 * arrived (issue 33, bench `fcp`). With the stylesheet first, the HTML the server sends paints as
 * soon as it and its CSS are in.
 */
export function stylesheetsFirst(html: string): string {
  const links = html.match(STYLESHEET);
  const firstScript = html.search(/[ \t]*<(script|link rel="modulepreload")/);
  if (!links || firstScript < 0) return html;
  const rest = html.replace(STYLESHEET, '');
  const at = rest.search(/[ \t]*<(script|link rel="modulepreload")/);
  const block = links.map((link) => (link.endsWith('\n') ? link : `${link}\n`)).join('');
  return rest.slice(0, at) + block + rest.slice(at);
}

/** The build step of `stylesheetsFirst` (after Vite injected its tags). */
export function headOrder(): Plugin {
  return {
    name: 'cwh-head-order',
    apply: 'build',
    transformIndexHtml: { order: 'post', handler: stylesheetsFirst },
  };
}
