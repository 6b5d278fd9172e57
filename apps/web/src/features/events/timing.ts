export type Timing = 'upcoming' | 'live' | 'finished';

export function timingOf(range: { from: string; to: string }, now: Date): Timing {
  const t = now.getTime();
  if (t < Date.parse(range.from)) return 'upcoming';
  if (t <= Date.parse(range.to)) return 'live';
  return 'finished';
}
