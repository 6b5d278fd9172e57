import { type LadderResult, rankLadder } from '@cwh/domain';
import type { Doc } from './context.js';
import { allPages, M, type SeasonContext, type SeriesDoc, T } from './context.js';
import { checkInMissedNotices, missedCheckIns, stageSeries } from './stages.js';

export interface InvariantResult {
  name: string;
  ok: boolean;
  detail: string;
}

export interface MatchUpDoc {
  id: string;
  attributes: {
    status: string;
    createdAt: string;
    endedAt: string | null;
    matchSeriesId: string | null;
    sides: { roster: { id: string } }[];
  };
}

function ladderResult(s: SeriesDoc): LadderResult | null {
  const [home, away] = s.attributes.competitors;
  if (!home?.roster || !away?.roster) return null;
  const forfeit = Boolean(home.result?.forfeit || away.result?.forfeit);
  const bothLost = home.placement === 2 && away.placement === 2;
  const winner =
    bothLost || home.placement === away.placement
      ? null
      : home.placement === 1
        ? home.roster.id
        : away.roster.id;
  return {
    homeRosterId: home.roster.id,
    awayRosterId: away.roster.id,
    winnerRosterId: winner,
    homeStars: home.result?.score ?? 0,
    awayStars: away.result?.score ?? 0,
    forfeit,
    bothLost,
  };
}

/** Checks the season's invariants from what the bots saw and the public and admin reads. */
/** Every match-up of the season: the admin's read of each captain's match-ups. */
export async function readMatchUps(ctx: SeasonContext): Promise<Map<string, MatchUpDoc>> {
  const matchUps = new Map<string, MatchUpDoc>();
  for (const cap of ctx.captains) {
    for (const mu of await allPages<MatchUpDoc>(
      ctx,
      `${M}/match-ups?filter[user.id]=${cap.userId}`,
      ctx.adminToken,
    ))
      matchUps.set(mu.id, mu);
  }
  return matchUps;
}

export async function checkInvariants(
  ctx: SeasonContext,
  matchUps: Map<string, MatchUpDoc>,
): Promise<InvariantResult[]> {
  const out: InvariantResult[] = [];
  const add = (name: string, problems: string[], okDetail: string) =>
    out.push({
      name,
      ok: problems.length === 0,
      detail: problems.length ? problems.slice(0, 5).join('; ') : okDetail,
    });

  // 1. No roster in two live match-ups; every accepted pair has exactly one series.
  const byRoster = new Map<string, { from: number; to: number; id: string }[]>();
  for (const mu of matchUps.values()) {
    for (const side of mu.attributes.sides) {
      const list = byRoster.get(side.roster.id) ?? [];
      list.push({
        id: mu.id,
        from: Date.parse(mu.attributes.createdAt),
        to: mu.attributes.endedAt ? Date.parse(mu.attributes.endedAt) : Number.POSITIVE_INFINITY,
      });
      byRoster.set(side.roster.id, list);
    }
  }
  // The hub stamps a match-up with its clock read before the row locks, so two match-ups of one
  // roster written back to back by two instances can overlap by a few milliseconds on paper while
  // the unique index on live sides forbids it in the database: more than 1 s is a break, less is
  // listed in the detail.
  const overlaps: string[] = [];
  const skews: number[] = [];
  for (const [rosterId, list] of byRoster) {
    // The API's times are whole seconds: a match-up accepted, played and followed by the next one
    // within one second shares its second with it. Ties go to the one that ended first.
    list.sort((a, b) => a.from - b.from || a.to - b.to);
    for (let i = 1; i < list.length; i++) {
      const overlap = list[i - 1]!.to - list[i]!.from;
      if (overlap <= 0) continue;
      if (overlap > 1000)
        overlaps.push(`roster ${rosterId}: ${list[i - 1]!.id} and ${list[i]!.id} overlap ${overlap} ms`);
      else skews.push(overlap);
    }
  }
  const stillOpen = [...matchUps.values()].filter((m) => m.attributes.status === 'awaiting_confirmation');
  add(
    'no roster in two live match-ups',
    [...overlaps, ...stillOpen.map((m) => `match-up ${m.id} still awaiting at the end`)],
    `${matchUps.size} match-ups, ${byRoster.size} rosters${skews.length ? `; ${skews.length} stamp overlap(s) under 1 s (max ${Math.max(...skews)} ms)` : ''}`,
  );
  const ladderSeries = await allPages<SeriesDoc & { attributes: { matchUp: { id: string } | null } }>(
    ctx,
    `${M}/match-series?filter[segment]=${ctx.ladderId}`,
  );
  const seriesPerMatchUp = new Map<string, number>();
  for (const s of ladderSeries) {
    const id = s.attributes.matchUp?.id;
    if (id) seriesPerMatchUp.set(id, (seriesPerMatchUp.get(id) ?? 0) + 1);
  }
  const pairProblems: string[] = [];
  const accepted = [...matchUps.values()].filter((m) => m.attributes.status === 'accepted');
  for (const mu of accepted) {
    const n = seriesPerMatchUp.get(mu.id) ?? 0;
    if (n !== 1) pairProblems.push(`match-up ${mu.id}: ${n} series`);
  }
  for (const [id, seriesId] of ctx.acceptedPairs) {
    if (matchUps.get(id)?.attributes.matchSeriesId !== seriesId)
      pairProblems.push(`match-up ${id}: bots saw series ${seriesId}`);
  }
  for (const [id, n] of seriesPerMatchUp)
    if (matchUps.get(id)?.attributes.status !== 'accepted')
      pairProblems.push(`series of match-up ${id} (${n}) not accepted`);
  add(
    'every accepted pair has exactly one series',
    pairProblems,
    `${accepted.length} accepted pairs, ${ladderSeries.length} ladder series`,
  );
  const ladderStage = ctx.stages.find((s) => s.name === 'ladder');
  const finishedLadder = ladderSeries.filter((s) => s.attributes.state === 'finished');
  if (ladderStage) {
    ladderStage.matches = finishedLadder.length;
    ladderStage.forfeits = finishedLadder.filter((s) =>
      s.attributes.competitors.some((c) => c.result?.forfeit),
    ).length;
  }

  // 2. Standings equal a recomputation from the recorded results (the domain's rankLadder).
  const results = finishedLadder.map(ladderResult).filter((r): r is LadderResult => r !== null);
  const expected = rankLadder(results);
  const standings = await allPages<Doc>(ctx, `${T}/segments/${ctx.ladderId}/standings?sort=placement`);
  const standingProblems: string[] = [];
  const shown = new Map(standings.map((s) => [s.attributes.roster.id as string, s.attributes]));
  for (const e of expected) {
    const row = shown.get(e.rosterId);
    if (!row) {
      standingProblems.push(`roster ${e.rosterId} missing`);
      continue;
    }
    for (const key of ['points', 'wins', 'losses', 'draws', 'starsFor', 'starsAgainst', 'rank'] as const) {
      if (row[key] !== (e as Doc)[key])
        standingProblems.push(
          `roster ${e.rosterId} ${key}: shown ${row[key]}, recomputed ${(e as Doc)[key]}`,
        );
    }
  }
  for (const [id, row] of shown)
    if (row.gamesPlayed > 0 && !expected.some((e) => e.rosterId === id))
      standingProblems.push(`roster ${id} shown without results`);
  add(
    'standings equal a recomputation',
    standingProblems,
    `${expected.length} rosters, ${results.length} results`,
  );

  // 3. Swiss: each round pairs each team once (bye included); no avoidable rematch.
  const swiss = await stageSeries(ctx, ctx.qualifierId);
  const info = await ctx.api.ok<Doc>('GET', `${T}/segments/${ctx.qualifierId}/bracket/info`);
  const teams: string[] = info.data.attributes.teams.map((t: Doc) => t.rosterId);
  const swissProblems: string[] = [];
  const met = new Set<string>();
  const rounds = Math.max(0, ...swiss.map((s) => s.attributes.roundNumber ?? 0));
  const evenTeams = teams.length - (teams.length % 2);
  for (let r = 1; r <= rounds; r++) {
    const seen = new Map<string, number>();
    const pairsThisRound: string[] = [];
    for (const s of swiss.filter((x) => x.attributes.roundNumber === r)) {
      const ids = s.attributes.competitors.map((c) => c.roster?.id).filter((x): x is string => Boolean(x));
      for (const id of ids) seen.set(id, (seen.get(id) ?? 0) + 1);
      if (ids.length === 2) pairsThisRound.push([...ids].sort().join('|'));
    }
    for (const id of teams)
      if (seen.get(id) !== 1) swissProblems.push(`round ${r}: team ${id} paired ${seen.get(id) ?? 0} times`);
    for (const id of seen.keys()) if (!teams.includes(id)) swissProblems.push(`round ${r}: stranger ${id}`);
    const rematches = pairsThisRound.filter((p) => met.has(p));
    // While r ≤ n/2 every team still has ≥ n/2 possible opponents, so a pairing without rematch exists (Dirac).
    if (rematches.length > 0 && r <= evenTeams / 2)
      swissProblems.push(`round ${r}: ${rematches.length} avoidable rematch(es)`);
    for (const p of pairsThisRound) met.add(p);
  }
  if (!info.data.attributes.swiss?.complete) swissProblems.push('swiss not complete');
  add(
    'every swiss round pairs each team once, no avoidable rematch',
    swissProblems,
    `${teams.length} teams, ${rounds} rounds`,
  );

  // 4. Double elimination: one champion, 14 or 15 played matches.
  const final = await ctx.api.ok<Doc>('GET', `${T}/segments/${ctx.finalId}/bracket/info`);
  const de = final.data.attributes.doubleElimination;
  const finalSeries = await stageSeries(ctx, ctx.finalId);
  const played = finalSeries.filter(
    (s) => s.attributes.state === 'finished' && s.attributes.competitors.every((c) => c.roster !== null),
  ).length;
  const deProblems: string[] = [];
  if (!de?.complete) deProblems.push('bracket not complete');
  if (!de?.championRosterId) deProblems.push('no champion');
  if (played !== 14 && played !== 15) deProblems.push(`${played} played matches`);
  const champions = (await allPages<Doc>(ctx, `${T}/segments/${ctx.finalId}/standings`)).filter(
    (s) => s.attributes.status === 'champion',
  );
  if (champions.length !== 1) deProblems.push(`${champions.length} champions in the standings`);
  const champion = ctx.captains.find((c) => c.rosterId === de?.championRosterId);
  add(
    'double elimination: one champion, 14 or 15 matches',
    deProblems,
    `${played} matches, champion ${champion?.clan.name ?? '?'}`,
  );

  // 5. Every deadline job ran exactly once: each series with a missed check-in finished by exactly
  //    one forfeit, and no captain got the same check_in_missed notice twice.
  const jobProblems: string[] = [];
  const notices = checkInMissedNotices(ctx);
  for (const [key, n] of notices) if (n > 1) jobProblems.push(`notice ${key} sent ${n} times`);
  const allStage = [...swiss, ...finalSeries];
  let forfeited = 0;
  for (const [seriesId, rosters] of missedCheckIns) {
    const s = allStage.find((x) => x.id === seriesId);
    if (!s) continue;
    if (s.attributes.state !== 'finished') {
      jobProblems.push(`series ${seriesId} with a missed check-in not finished`);
      continue;
    }
    forfeited++;
    for (const c of s.attributes.competitors) {
      if (c.roster && rosters.has(c.roster.id) && !c.result?.forfeit)
        jobProblems.push(`series ${seriesId}: ${c.roster.id} missed but no forfeit`);
    }
  }
  add(
    'every deadline job ran exactly once',
    jobProblems,
    `${forfeited} no-show forfeits, ${notices.size} check_in_missed notices`,
  );

  // 6. No 5xx.
  add(
    'no 5xx',
    ctx.api.serverErrors.map((e) => `${e.method} ${e.path} ${e.status} ${e.body.slice(0, 120)}`),
    `${[...ctx.api.statuses.values()].reduce((a, b) => a + b, 0)} requests`,
  );

  // 7. No notice lost for good: whatever the socket missed, a read after it recovered.
  add(
    'no notice lost for good',
    ctx.lost,
    `${ctx.recovered} recovered by a read, ${ctx.captains.reduce((a, c) => a + c.reconnects, 0)} socket reconnects`,
  );

  // Misconduct must be refused with a 4xx (or answered harmlessly), never a 5xx.
  const misconduct: string[] = [];
  for (const [what, byStatus] of ctx.misconduct)
    for (const status of byStatus.keys()) if (status >= 500) misconduct.push(`${what}: ${status}`);
  add(
    'misconduct refused with 4xx (or harmless), never 5xx',
    misconduct,
    [...ctx.misconduct]
      .map(([w, m]) => `${w}: ${[...m].map(([s, n]) => `${s}×${n}`).join(',')}`)
      .join('; ') || 'none tried',
  );

  for (const b of ctx.breaks) out.push({ name: 'season ran through', ok: false, detail: b });
  return out;
}
