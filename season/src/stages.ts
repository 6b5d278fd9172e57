import { performance } from 'node:perf_hooks';
import { MATCH_CHECK_IN_MISSED_EVENT } from '@cwh/contract';
import { iso } from './api.js';
import type { Captain } from './captain.js';
import type { Doc } from './context.js';
import {
  allPages,
  playWar,
  recordMisconduct,
  type SeasonContext,
  type SeriesDoc,
  scaled,
  sleep,
  T,
  WAR,
} from './context.js';
import { reschedule } from './setup.js';

const DAY = 86_400_000;

export async function stageSeries(ctx: SeasonContext, segmentId: string): Promise<SeriesDoc[]> {
  const info = await ctx.api.ok<{ data: { id: string } }>('GET', `${T}/segments/${segmentId}/bracket/info`);
  return allPages<SeriesDoc>(ctx, `${T}/bracket/${info.data.id}/match-series`);
}

const rostersOf = (s: SeriesDoc) => s.attributes.competitors.map((c) => c.roster?.id ?? null);

/** Per stage: the series a captain's side missed (check_in_missed notices are counted per series). */
export const missedCheckIns = new Map<string, Set<string>>();

/** A captain's match check-in (5 tags) for a series; a captain that misses check-ins may skip it. */
async function matchCheckIn(ctx: SeasonContext, cap: Captain, seriesId: string, mayMiss: boolean) {
  if (mayMiss && cap.temper.missesCheckIns && cap.rng.chance(0.5)) {
    const set = missedCheckIns.get(seriesId) ?? new Set<string>();
    set.add(cap.rosterId);
    missedCheckIns.set(seriesId, set);
    return false;
  }
  if (cap.temper.late) await sleep(cap.rng.int(50, 600));
  const answer = await ctx.api.call(
    'POST',
    `${WAR}/match-check-in`,
    { data: { type: 'match-check-ins', attributes: { matchSeriesId: seriesId, playerTags: cap.team } } },
    cap.token,
  );
  if (answer.status >= 300) {
    const set = missedCheckIns.get(seriesId) ?? new Set<string>();
    set.add(cap.rosterId);
    missedCheckIns.set(seriesId, set);
    return false;
  }
  if (cap.temper.rogue && cap.rng.chance(0.3)) {
    const again = await ctx.api.call(
      'POST',
      `${WAR}/match-check-in`,
      { data: { type: 'match-check-ins', attributes: { matchSeriesId: seriesId, playerTags: cap.team } } },
      cap.token,
    );
    recordMisconduct(ctx, 'match check-in twice', again.status);
  }
  return true;
}

/** Both captains check in; when both are in, the home captain creates the war and the game plays it. */
async function playSeries(ctx: SeasonContext, series: SeriesDoc, mayMiss: boolean) {
  const [home, away] = rostersOf(series).map((id) => ctx.captains.find((c) => c.rosterId === id));
  if (!home || !away) return;
  const [h, a] = await Promise.all([
    matchCheckIn(ctx, home, series.id, mayMiss),
    matchCheckIn(ctx, away, series.id, mayMiss),
  ]);
  if (!h || !a) return; // the no-show deadline job decides it at the series' date
  let war = await ctx.api.call<Doc>(
    'POST',
    `${WAR}/create-war`,
    { data: { attributes: { matchSeriesId: series.id } } },
    home.token,
  );
  for (let i = 0; i < 20 && war.status === 409 && war.code === 'CONFLICT'; i++) {
    // The war is being created (a concurrent call): try again.
    await sleep(250);
    war = await ctx.api.call<Doc>(
      'POST',
      `${WAR}/create-war`,
      { data: { attributes: { matchSeriesId: series.id } } },
      home.token,
    );
  }
  if (war.status !== 200 && war.status !== 201) {
    ctx.log(`create-war of series ${series.id} refused: ${war.status} ${war.code}`);
    return;
  }
  await playWar(ctx, war.body.data.attributes.warId);
}

/** Waits until every listed series is finished (or flagged for the organizer); returns them. */
async function settle(ctx: SeasonContext, segmentId: string, ids: Set<string>, timeoutMs: number) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const all = await stageSeries(ctx, segmentId);
    const mine = all.filter((s) => ids.has(s.id));
    const open = mine.filter((s) => s.attributes.state !== 'finished' && !s.attributes.reviewReason);
    if (open.length === 0 || Date.now() > until) {
      for (const s of open)
        ctx.log(
          `series ${s.id} still ${s.attributes.state} (date ${s.attributes.date}, missed ${[...(missedCheckIns.get(s.id) ?? [])].join(',') || 'none'})`,
        );
      return { all, mine, open };
    }
    await sleep(250);
  }
}

/** The organizer decides a series a double forfeit or a draw left open (bracket only): home wins. */
async function decide(ctx: SeasonContext, series: SeriesDoc) {
  await ctx.api.ok(
    'PATCH',
    `${T}/match-series/${series.id}/relationships/matches/results`,
    {
      data: {
        attributes: {
          homeStars: 3,
          awayStars: 2,
          reason: `Season rehearsal: ${series.attributes.reviewReason}`,
        },
      },
    },
    ctx.adminToken,
  );
}

/** Ladder → monthly qualifier: the ladder closes, everyone advances, captains check in, swiss rounds. */
export async function runQualifier(ctx: SeasonContext, maxRounds: number): Promise<void> {
  const started = performance.now();
  const now = Date.now();
  await reschedule(ctx, ctx.ladderId, now - 5 * 60_000, now);
  const placements = ctx.captains.map((_, i) => i + 1);
  await ctx.api.ok(
    'POST',
    `${T}/segments/${ctx.ladderId}/advance`,
    { data: { attributes: { rules: [{ placements, nextSegmentId: ctx.qualifierId }] } } },
    ctx.adminToken,
  );
  await reschedule(ctx, ctx.qualifierId, Date.now() - 1000, Date.now() + DAY, true);
  // Tournament check-in: most captains confirm; some miss it and are left out of the qualifier.
  const checkedIn: Captain[] = [];
  // The finals need 8 teams: at most n - 10 captains may miss it.
  let missesLeft = Math.max(0, ctx.captains.length - 10);
  await Promise.all(
    ctx.captains.map(async (cap) => {
      if (missesLeft > 0 && cap.temper.missesCheckIns && cap.rng.chance(0.5)) {
        missesLeft--;
        return;
      }
      if (cap.temper.late) await sleep(cap.rng.int(100, 1000));
      const answer = await ctx.api.call(
        'POST',
        '/api/clan/1.0/clan/roster/segment-check-in',
        { data: { type: 'segment-check-ins', attributes: { segmentId: ctx.qualifierId } } },
        cap.token,
      );
      // Sent again after a kill, "already checked in" is the first attempt having landed.
      if (answer.status < 300 || (answer.retried && answer.code === 'ROSTER_ALREADY_CHECKED_IN'))
        checkedIn.push(cap);
      else
        ctx.log(
          `tournament check-in of ${cap.clan.name} refused: ${answer.status} ${answer.code} ${JSON.stringify((answer.body as Doc)?.errors?.[0]?.detail)}`,
        );
      if (cap.temper.rogue && cap.rng.chance(0.5)) {
        const again = await ctx.api.call(
          'POST',
          '/api/clan/1.0/clan/roster/segment-check-in',
          { data: { type: 'segment-check-ins', attributes: { segmentId: ctx.qualifierId } } },
          cap.token,
        );
        recordMisconduct(ctx, 'tournament check-in twice', again.status);
      }
    }),
  );
  // Seeded by the ladder's order (the standings), only the teams that checked in.
  const standings = await allPages<Doc>(ctx, `${T}/segments/${ctx.ladderId}/standings?sort=placement`);
  const inIds = new Set(checkedIn.map((c) => c.rosterId));
  const seeded = standings.map((s) => s.attributes.roster.id as string).filter((id) => inIds.has(id));
  for (const c of checkedIn) if (!seeded.includes(c.rosterId)) seeded.push(c.rosterId);
  const rounds = Math.max(1, Math.min(maxRounds, Math.ceil(Math.log2(Math.max(2, seeded.length)))));
  const lead = scaled(ctx, 30, 12);
  await ctx.api.ok(
    'POST',
    `${T}/segments/${ctx.qualifierId}/bracket`,
    {
      data: { attributes: { format: 'swiss', rosterIds: seeded, rounds, startsAt: iso(Date.now() + lead) } },
    },
    ctx.adminToken,
  );
  let matches = 0;
  let forfeits = 0;
  for (let round = 1; round <= rounds; round++) {
    if (round > 1) {
      await ctx.api.ok(
        'POST',
        `${T}/segments/${ctx.qualifierId}/bracket/rounds`,
        { data: { attributes: {} } },
        ctx.adminToken,
      );
    }
    const series = (await stageSeries(ctx, ctx.qualifierId)).filter(
      (s) => s.attributes.roundNumber === round,
    );
    const playable = series.filter((s) => s.attributes.state !== 'finished');
    if (round > 1) {
      // The hub dates the next round 15 minutes ahead; the organizer brings it forward to the lead
      // time, as round 1 (the match check-in opens 5 minutes before, so at once). Its deadline jobs
      // move with it (checkin-deadlines, deadlineKey): a miss is decided by the no-show job then.
      const date = iso(Date.now() + lead);
      for (const s of playable)
        await ctx.api.ok(
          'PATCH',
          `${T}/match-series/${s.id}`,
          { data: { attributes: { date, reason: 'Season rehearsal' } } },
          ctx.adminToken,
        );
    }
    await Promise.all(playable.map((s) => playSeries(ctx, s, true)));
    const { mine, open } = await settle(
      ctx,
      ctx.qualifierId,
      new Set(playable.map((s) => s.id)),
      lead + 60_000,
    );
    if (open.length > 0) {
      // The deadline job did not decide them: a break; the organizer enters the results so the season goes on.
      ctx.breaks.push(`swiss round ${round}: ${open.length} series not decided by their deadline job`);
      for (const s of open) await decide(ctx, s);
    }
    matches += mine.length;
    forfeits += mine.filter((s) => s.attributes.competitors.some((c) => c.result?.forfeit)).length;
    ctx.progress(round, rounds, 'qualifier');
  }
  ctx.stages.push({
    name: 'qualifier (swiss)',
    teams: seeded.length,
    matches,
    forfeits,
    durationSeconds: (performance.now() - started) / 1000,
  });
}

/** Qualifier → championship finals: the top 8 advance, double elimination to a champion. */
export async function runFinals(ctx: SeasonContext): Promise<void> {
  const started = performance.now();
  await ctx.api.ok(
    'POST',
    `${T}/segments/${ctx.qualifierId}/advance`,
    {
      data: { attributes: { rules: [{ placements: [1, 2, 3, 4, 5, 6, 7, 8], nextSegmentId: ctx.finalId }] } },
    },
    ctx.adminToken,
  );
  await reschedule(ctx, ctx.finalId, Date.now() - 1000, Date.now() + DAY);
  await ctx.api.ok(
    'POST',
    `${T}/segments/${ctx.finalId}/bracket`,
    { data: { attributes: { format: 'double_elimination', startsAt: iso(Date.now() + DAY) } } },
    ctx.adminToken,
  );
  const done = new Set<string>();
  let matches = 0;
  let forfeits = 0;
  for (let step = 0; step < 40; step++) {
    const series = await stageSeries(ctx, ctx.finalId);
    const ready = series.filter(
      (s) => s.attributes.state !== 'finished' && !done.has(s.id) && rostersOf(s).every((id) => id !== null),
    );
    const info = await ctx.api.ok<Doc>('GET', `${T}/segments/${ctx.finalId}/bracket/info`);
    if (info.data.attributes.doubleElimination?.complete) break;
    if (ready.length === 0) {
      await sleep(250);
      continue;
    }
    // The organizer brings the ready matches forward (4 minutes: their check-in opens at once);
    // captains check in and play at once.
    const date = iso(Date.now() + 4 * 60_000);
    for (const s of ready)
      await ctx.api.ok(
        'PATCH',
        `${T}/match-series/${s.id}`,
        { data: { attributes: { date, reason: 'Season rehearsal' } } },
        ctx.adminToken,
      );
    await Promise.all(ready.map((s) => playSeries(ctx, s, false)));
    const { mine, open } = await settle(ctx, ctx.finalId, new Set(ready.map((s) => s.id)), 30_000);
    for (const s of mine) {
      done.add(s.id);
      if (s.attributes.reviewReason && s.attributes.state !== 'finished') await decide(ctx, s);
    }
    if (open.length > 0) throw new Error(`finals: ${open.length} series never finished`);
    matches += mine.length;
    forfeits += mine.filter((s) => s.attributes.competitors.some((c) => c.result?.forfeit)).length;
    ctx.progress(Math.min(matches, 15), 15, 'finals');
  }
  ctx.stages.push({
    name: 'finals (double elimination)',
    teams: 8,
    matches,
    forfeits,
    durationSeconds: (performance.now() - started) / 1000,
  });
}

/** check_in_missed notices per series and captain (a deadline job that ran twice would send two). */
export function checkInMissedNotices(ctx: SeasonContext) {
  const out = new Map<string, number>();
  for (const cap of ctx.captains) {
    for (const n of cap.notices) {
      if (n.event !== MATCH_CHECK_IN_MISSED_EVENT) continue;
      const key = `${n.data?.matchSeries?.id ?? n.id}:${cap.rosterId}`;
      out.set(key, (out.get(key) ?? 0) + 1);
    }
  }
  return out;
}
