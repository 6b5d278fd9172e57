import { performance } from 'node:perf_hooks';
import {
  MATCH_SERIES_FINISHED_EVENT,
  MATCH_UP_ACCEPTED_EVENT,
  MATCH_UP_DECLINED_EVENT,
  MATCH_UP_FOUND_EVENT,
} from '@cwh/contract';
import type { Captain } from './captain.js';
import type { Doc } from './context.js';
import { append, M, playWar, recordMisconduct, type SeasonContext, sleep, T, WAR } from './context.js';

const FOUND_POLL_MS = 3_000;
/** How long the home captain keeps trying a create-war the hub answers 'being created; try again'. */
const CREATE_WAR_RETRY_MS = 60_000;

/** Shared by the bots of one ladder. */
interface LadderState {
  /** Bots still playing: alone in the ladder, a bot stops waiting. */
  active: number;
  accepts: Map<string, AcceptTiming>;
}

interface AcceptTiming {
  starts: number[];
  notified: number[];
}

/** Time from a war's play call until the standings read shows the result. */
async function waitStandings(ctx: SeasonContext, cap: Captain, games: number, started: number) {
  for (let i = 0; i < 400; i++) {
    const doc = await ctx.api.call<Doc>(
      'GET',
      `${T}/segments/${ctx.ladderId}/standings?filter[roster.id]=${cap.rosterId}`,
    );
    const row = doc.body?.data?.[0]?.attributes;
    if (row && row.gamesPlayed >= games) {
      ctx.latencies.resultToStandings.push(performance.now() - started);
      return;
    }
    await sleep(50);
  }
  ctx.breaks.push(`standings of ${cap.clan.name} never showed game ${games}`);
}

/**
 * The home captain's create-war. 409 CONFLICT "being created; try again" is the hub telling a second
 * caller to wait: after a kill it is the dead instance's claim, which the hub takes over once it is
 * 30 s old (war-routes, WAR_CLAIM_STALE_MS). So: try again, for a minute at most.
 */
async function createWarRetrying(ctx: SeasonContext, cap: Captain, seriesId: string): Promise<Doc> {
  const until = Date.now() + CREATE_WAR_RETRY_MS;
  for (;;) {
    const war = await ctx.api.call<Doc>(
      'POST',
      `${WAR}/create-war`,
      { data: { attributes: { matchSeriesId: seriesId } } },
      cap.token,
    );
    if (war.status === 409 && war.code === 'CONFLICT' && Date.now() < until) {
      await sleep(500);
      continue;
    }
    if (war.status !== 200 && war.status !== 201)
      throw new Error(`POST ${WAR}/create-war: ${war.status} ${JSON.stringify(war.body)}`);
    return war.body;
  }
}

/** The next match-up of a queued captain: its socket notice, else (socket missed it) a read of its match-ups. */
async function nextMatchUp(
  ctx: SeasonContext,
  cap: Captain,
  since: number,
  endAt: number,
  handled: Set<string>,
  state: LadderState,
) {
  while (Date.now() < endAt && state.active > 1) {
    const notice = await cap.waitFor(
      (n) => n.event === MATCH_UP_FOUND_EVENT && !handled.has(n.id),
      FOUND_POLL_MS,
      since,
    );
    if (notice) return { id: notice.id, at: notice.at, recovered: false };
    const list = await ctx.api.call<Doc>(
      'GET',
      `${M}/match-ups?filter[user.id]=${cap.userId}&filter[status]=awaiting_confirmation`,
      undefined,
      cap.token,
    );
    const pending = (list.body?.data ?? []).find((m: Doc) => !handled.has(m.id));
    if (pending) return { id: pending.id as string, at: performance.now(), recovered: true };
    const status = await ctx.api.call<Doc>('GET', `${M}/queue/${cap.rosterId}/status`, undefined, cap.token);
    const s = status.body?.data?.attributes?.status;
    if (s !== 'waiting' && s !== 'matched' && s !== 'accepted') return null;
  }
  return null;
}

/** One captain's ladder: join, answer match-ups (accept, decline or not at all), play, until `matches` or the end. */
async function ladderBot(
  ctx: SeasonContext,
  cap: Captain,
  matches: number,
  endAt: number,
  state: LadderState,
  onPlayed: () => void,
) {
  const accepts = state.accepts;
  let played = 0;
  let needJoin = true;
  let joinedAt = 0;
  let measured = false;
  const handled = new Set<string>();
  const others = ctx.captains.filter((c) => c !== cap);
  while (played < matches && Date.now() < endAt && state.active > 1) {
    if (needJoin) {
      if (cap.temper.late) await sleep(cap.rng.int(100, 1500));
      if (cap.temper.flaky && cap.rng.chance(0.3)) await cap.blip(cap.rng.int(50, 800));
      // The roster's points now (its standings row, 0 before its first game): what the hub pairs by.
      const standing = await ctx.api.call<Doc>(
        'GET',
        `${T}/segments/${ctx.ladderId}/standings?filter[roster.id]=${cap.rosterId}`,
      );
      const points = Number(standing.body?.data?.[0]?.attributes?.points ?? 0);
      joinedAt = performance.now();
      const join = await ctx.api.call<Doc>(
        'POST',
        `${M}/queue/${cap.rosterId}/join`,
        { data: { attributes: { playerTags: cap.team } } },
        cap.token,
      );
      const answeredAt = performance.now();
      if (join.status !== 200) {
        if (join.status >= 500) return;
        // Refusals that end this captain's ladder (the limits of the spec): stop.
        if (['NOT_IN_LADDER', 'ROSTER_ALREADY_PLAYED', 'MATCH_LIMIT_REACHED'].includes(join.code ?? ''))
          return;
        await sleep(500);
        continue;
      }
      ctx.queued++;
      const entryJoined = Date.parse(join.body?.data?.attributes?.joinedAt ?? '');
      if (Number.isFinite(entryJoined)) {
        append(ctx.matching.joins, cap.rosterId, {
          joinedMs: entryJoined,
          points,
          sentAt: joinedAt,
          answeredAt,
        });
      }
      measured = false;
      needJoin = false;
      if (cap.temper.rogue && cap.rng.chance(0.4)) {
        const twice = await ctx.api.call(
          'POST',
          `${M}/queue/${cap.rosterId}/join`,
          { data: { attributes: { playerTags: cap.team } } },
          cap.token,
        );
        recordMisconduct(ctx, 'queue twice (answers the live entry)', twice.status);
      }
      if (cap.temper.rogue && cap.rng.chance(0.4)) {
        const victim = cap.rng.pick(others);
        const foreign = await ctx.api.call(
          'POST',
          `${M}/queue/${victim.rosterId}/join`,
          { data: { attributes: { playerTags: victim.team } } },
          cap.token,
        );
        recordMisconduct(ctx, 'join for another clan', foreign.status);
      }
    }
    const found = await nextMatchUp(ctx, cap, joinedAt, endAt, handled, state);
    if (!found) {
      needJoin = true;
      ctx.queued = Math.max(0, ctx.queued - 1);
      continue;
    }
    handled.add(found.id);
    append(ctx.matching.sequence, cap.rosterId, { id: found.id, at: found.at });
    if (found.recovered) ctx.recovered++;
    if (!measured) {
      measured = true;
      ctx.queued = Math.max(0, ctx.queued - 1);
    }
    if (!found.recovered) {
      append(ctx.matching.found, found.id, {
        rosterId: cap.rosterId,
        at: found.at,
        waitedMs: found.at - joinedAt,
      });
    }
    const path = `${M}/match-ups/${found.id}`;
    const since = found.at - 1;
    if (cap.temper.noShow && cap.rng.chance(0.5)) {
      // Never answers: the match-up expires (15 s); this side is out of the queue and joins again.
      const end = await cap.waitFor(
        (n) => n.id === found.id && n.event === MATCH_UP_DECLINED_EVENT,
        25_000,
        since,
      );
      if (!end) ctx.lost.push(`${cap.clan.name}: no expiry notice for match-up ${found.id}`);
      needJoin = true;
      continue;
    }
    if (cap.temper.decliner && cap.rng.chance(0.35)) {
      const declined = await ctx.api.call('POST', `${path}/decline`, undefined, cap.token);
      if (declined.status === 200) {
        needJoin = true;
        continue;
      }
    }
    const timing = accepts.get(found.id) ?? { starts: [], notified: [] };
    accepts.set(found.id, timing);
    timing.starts.push(performance.now());
    const accepted = await ctx.api.call<Doc>('POST', `${path}/accept`, undefined, cap.token);
    if (cap.temper.rogue && cap.rng.chance(0.5)) {
      const again = await ctx.api.call('POST', `${path}/accept`, undefined, cap.token);
      recordMisconduct(ctx, 'double accept', again.status);
    }
    if (accepted.status !== 200) {
      // Expired or closed meanwhile (the other side declined): back to the loop.
      const status = await ctx.api.call<Doc>(
        'GET',
        `${M}/queue/${cap.rosterId}/status`,
        undefined,
        cap.token,
      );
      const s = status.body?.data?.attributes?.status;
      needJoin = s !== 'waiting' && s !== 'matched';
      continue;
    }
    const answer = await cap.waitFor(
      (n) =>
        n.id === found.id && (n.event === MATCH_UP_ACCEPTED_EVENT || n.event === MATCH_UP_DECLINED_EVENT),
      25_000,
      since,
    );
    let seriesId: string | null = null;
    if (answer?.event === MATCH_UP_ACCEPTED_EVENT) {
      timing.notified.push(answer.at);
      seriesId = answer.data?.matchSeries?.id ?? null;
    } else if (answer?.event === MATCH_UP_DECLINED_EVENT) {
      const requeued: string[] = answer.data?.requeuedRosterIds ?? [];
      needJoin = !requeued.includes(cap.rosterId);
      continue;
    } else {
      // The socket missed it: read the match-up.
      const list = await ctx.api.call<Doc>(
        'GET',
        `${M}/match-ups?filter[user.id]=${cap.userId}`,
        undefined,
        cap.token,
      );
      const mu = (list.body?.data ?? []).find((m: Doc) => m.id === found.id);
      if (mu?.attributes?.matchSeriesId) {
        ctx.recovered++;
        seriesId = mu.attributes.matchSeriesId;
      } else {
        ctx.lost.push(
          `${cap.clan.name}: match-up ${found.id} neither notified nor readable (${mu?.attributes?.status})`,
        );
        needJoin = true;
        continue;
      }
    }
    if (!seriesId) {
      ctx.breaks.push(`match-up ${found.id} accepted by both without a series`);
      needJoin = true;
      continue;
    }
    ctx.acceptedPairs.set(found.id, seriesId);
    const series = await ctx.api.ok<Doc>('GET', `${M}/match-series/${seriesId}`, undefined, cap.token);
    const host = series.data.attributes.competitors[0]?.roster?.id === cap.rosterId;
    // Long enough for the home captain's create-war retries after a kill (a minute at most, see
    // createWarRetrying) plus the war: a notice that comes at all comes within it.
    const finished = cap.waitFor(
      (n) => n.event === MATCH_SERIES_FINISHED_EVENT && n.data?.matchSeries?.id === seriesId,
      CREATE_WAR_RETRY_MS + 30_000,
      since,
    );
    if (host) {
      const war = await createWarRetrying(ctx, cap, seriesId);
      const started = performance.now();
      await playWar(ctx, war.data.attributes.warId);
      await waitStandings(ctx, cap, played + 1, started);
    } else if (cap.temper.rogue && cap.rng.chance(0.3)) {
      const war = await ctx.api.call(
        'POST',
        `${WAR}/create-war`,
        { data: { attributes: { matchSeriesId: seriesId } } },
        cap.token,
      );
      recordMisconduct(ctx, 'both captains create the war', war.status);
    }
    if (!(await finished)) {
      const state = (await ctx.api.ok<Doc>('GET', `${M}/match-series/${seriesId}`, undefined, cap.token)).data
        .attributes.state;
      if (state === 'finished') ctx.recovered++;
      else ctx.lost.push(`${cap.clan.name}: series ${seriesId} never finished (${state})`);
    }
    played++;
    onPlayed();
    needJoin = true;
  }
  // Out of time or done: leave the queue if still in it.
  await ctx.api.call('POST', `${M}/queue/${cap.rosterId}/leave`, undefined, cap.token);
}

export async function runLadder(ctx: SeasonContext, matches: number, windowMs: number): Promise<void> {
  const started = performance.now();
  const endAt = Date.now() + windowMs;
  const state: LadderState = { active: ctx.captains.length, accepts: new Map() };
  let played = 0;
  const total = (ctx.captains.length * matches) / 2;
  const sampler = setInterval(() => {
    ctx.timeline.push({
      t: (performance.now() - ctx.started) / 1000,
      queue: ctx.queued,
      joinToFoundMs: null,
    });
  }, 500);
  try {
    await Promise.all(
      ctx.captains.map((cap) =>
        ladderBot(ctx, cap, matches, endAt, state, () => {
          played++;
          ctx.progress(Math.floor(played / 2), total, 'ladder');
        }).finally(() => {
          state.active--;
        }),
      ),
    );
  } finally {
    clearInterval(sampler);
  }
  // join → found of a match-up: the side that joined last (the other one was waiting for it).
  for (const sides of ctx.matching.found.values()) {
    const last = sides.reduce((a, b) => (b.waitedMs < a.waitedMs ? b : a));
    ctx.latencies.joinToFound.push(last.waitedMs);
    ctx.timeline.push({ t: (last.at - ctx.started) / 1000, queue: 0, joinToFoundMs: last.waitedMs });
  }
  for (const timing of state.accepts.values()) {
    if (timing.starts.length === 2 && timing.notified.length === 2)
      ctx.latencies.acceptToBoth.push(Math.max(...timing.notified) - Math.max(...timing.starts));
  }
  ctx.stages.push({
    name: 'ladder',
    teams: ctx.captains.length,
    matches: 0, // filled by the invariants from the recorded series
    forfeits: 0,
    durationSeconds: (performance.now() - started) / 1000,
  });
}
