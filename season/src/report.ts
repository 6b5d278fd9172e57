import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { percentile, table } from '../../bench/lib/stats.js';
import type { TimePoint } from './context.js';

export interface Summary {
  count: number;
  p50: number | null;
  p99: number | null;
  max: number | null;
}

/** Nearest rank (the benches' percentile), null for no values. */
const percentileOrNull = (sorted: readonly number[], p: number): number | null =>
  sorted.length === 0 ? null : percentile(sorted, p);

export function summarize(values: readonly number[]): Summary {
  const sorted = [...values].sort((a, b) => a - b);
  const round = (v: number | null) => (v === null ? null : Math.round(v * 10) / 10);
  return {
    count: sorted.length,
    p50: round(percentileOrNull(sorted, 50)),
    p99: round(percentileOrNull(sorted, 99)),
    max: round(sorted[sorted.length - 1] ?? null),
  };
}

export { table };

/** A progress bar on a TTY (nothing otherwise): `label [#####     ] 12/40`. */
export function progressBar(stream: NodeJS.WriteStream) {
  if (!stream.isTTY) return () => {};
  return (done: number, total: number, label: string) => {
    const width = 30;
    const filled = total > 0 ? Math.round((Math.min(done, total) / total) * width) : 0;
    stream.write(
      `\r${label.padEnd(10)} [${'#'.repeat(filled)}${' '.repeat(width - filled)}] ${done}/${total}   `,
    );
    if (done >= total) stream.write('\n');
  };
}

/** SVG of the queue length (line) and join → found latency (dots) over the season's time. */
export function timelineSvg(points: readonly TimePoint[]): string {
  const W = 900;
  const H = 360;
  const pad = 50;
  const maxT = Math.max(1, ...points.map((p) => p.t));
  const maxQ = Math.max(1, ...points.map((p) => p.queue));
  const lat = points.filter((p) => p.joinToFoundMs !== null).map((p) => p.joinToFoundMs!);
  const maxL = Math.max(1, ...lat);
  const x = (t: number) => pad + (t / maxT) * (W - 2 * pad);
  const yQ = (q: number) => H - pad - (q / maxQ) * (H - 2 * pad);
  const yL = (l: number) => H - pad - (l / maxL) * (H - 2 * pad);
  const queue = points
    .filter((p) => p.joinToFoundMs === null)
    .map((p) => `${x(p.t).toFixed(1)},${yQ(p.queue).toFixed(1)}`)
    .join(' ');
  const dots = points
    .filter((p) => p.joinToFoundMs !== null)
    .map(
      (p) =>
        `<circle cx="${x(p.t).toFixed(1)}" cy="${yL(p.joinToFoundMs!).toFixed(1)}" r="2" fill="#d9480f"/>`,
    )
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" font-family="sans-serif" font-size="12">
<rect width="100%" height="100%" fill="#fff"/>
<text x="${pad}" y="20">Season rehearsal: queue length (blue, left axis, max ${maxQ}) and join → found (orange, right axis, max ${maxL.toFixed(0)} ms) over ${maxT.toFixed(0)} s</text>
<line x1="${pad}" y1="${H - pad}" x2="${W - pad}" y2="${H - pad}" stroke="#888"/>
<line x1="${pad}" y1="${pad}" x2="${pad}" y2="${H - pad}" stroke="#1c7ed6"/>
<line x1="${W - pad}" y1="${pad}" x2="${W - pad}" y2="${H - pad}" stroke="#d9480f"/>
<text x="${pad - 5}" y="${pad}" text-anchor="end">${maxQ}</text>
<text x="${W - pad + 5}" y="${pad}">${maxL.toFixed(0)} ms</text>
<text x="${W - pad}" y="${H - pad + 18}" text-anchor="end">${maxT.toFixed(0)} s</text>
<polyline fill="none" stroke="#1c7ed6" stroke-width="1.5" points="${queue}"/>
${dots}
</svg>
`;
}

/** Writes the JSON report and the SVG next to it; returns both paths. */
export function writeReport(dir: string, report: unknown, timeline: readonly TimePoint[]) {
  mkdirSync(dir, { recursive: true });
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const json = join(dir, `${stamp}.json`);
  const svg = join(dir, `${stamp}.svg`);
  writeFileSync(json, `${JSON.stringify(report, null, 2)}\n`);
  writeFileSync(svg, timelineSvg(timeline));
  return { json, svg };
}
