import { API } from '@cwh/contract';
import { eq, ne } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, expect, it } from 'vitest';
import type { Database } from '../../src/db/client.js';
import { segments } from '../../src/db/schema/index.js';
import { defaultLadderConfig } from '../../src/features/ladder/ladder-config.js';
import { bearer, describeEachDatabase, jsonApiBody, jsonApiRequest, loginAsAdmin } from '../harness.js';
import {
  type Captain,
  createCaptains,
  createUserWithToken,
  ladderSegment,
} from '../ladder/ladder-fixtures.js';
import { roomNotices } from '../ladder/ladder-http.js';
import { copySegment, type SeriesJson } from './stage-fixtures.js';

const T = API.tournaments;

/** A rule may not point back at the stage itself, nor outside its event, even next to a good one. */
async function expectOutsideRulesRefused(
  db: Database['db'],
  advance: (rules: Record<string, unknown>[]) => Promise<LightMyRequestResponse>,
  mf: string,
  goodRule: Record<string, unknown>,
) {
  const otherEvent = (
    await db
      .select()
      .from(segments)
      .where(ne(segments.eventId, (await ladderSegment(db)).eventId))
  )[0]!.id;
  for (const bad of [
    [{ nextSegmentId: mf, placements: [1] }],
    [goodRule, { nextSegmentId: otherEvent, placements: [2] }],
  ]) {
    const refused = await advance(bad);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors[0]).toMatchObject({
      detail: 'A rule points to a segment outside this event (or to the stage itself)',
      source: { pointer: '/data/attributes/rules' },
    });
  }
}

describeEachDatabase(
  'brackets: results and propagation',
  (ctx) => {
    let admin = '';
    let player = '';
    let rosterIds: string[] = [];
    let captains: Captain[] = [];
    let bracketId = '';

    beforeAll(async () => {
      const { parentId, eventId } = await ladderSegment(ctx.database.db);
      captains = await createCaptains(ctx.database.db, {
        count: 8,
        offset: 7100,
        parentSegmentId: parentId,
        eventId,
        now: ctx.now,
      });
      rosterIds = captains.map((c) => c.rosterId);
      admin = (await loginAsAdmin(ctx.app)).token.value;
      player = (await createUserWithToken(ctx.database.db, 'results-player@test.local', ctx.now)).token;
      const mf = (
        await ctx.database.db.select().from(segments).where(eq(segments.slug, 'monthly-finals'))
      )[0]!.id;
      const created = await ctx.app.inject(
        jsonApiRequest({
          method: 'POST',
          url: `${T}/segments/${mf}/bracket`,
          payload: jsonApiBody({ rosterIds }),
          headers: bearer(admin),
        }),
      );
      bracketId = created.json().data.id;
    });

    const series = async (stage = bracketId): Promise<SeriesJson[]> =>
      (
        await ctx.app.inject({ method: 'GET', url: `${T}/bracket/${stage}/match-series?page[size]=50` })
      ).json().data;
    /**
     * A fresh 8-team bracket of its own (on a copy of the monthly finals), nothing played: the
     * refusal cases read it, so they run alone and in any order (the play-out case decides the
     * seeded one).
     */
    const freshBracket = async (slug: string) => {
      const finals = await copySegment(ctx.database.db, 'monthly-finals', slug);
      const created = await ctx.app.inject(
        jsonApiRequest({
          method: 'POST',
          url: `${T}/segments/${finals.id}/bracket`,
          payload: jsonApiBody({ rosterIds }),
          headers: bearer(admin),
        }),
      );
      expect(created.statusCode, created.body).toBe(201);
      return { stage: created.json().data.id as string, segment: finals.id };
    };
    /**
     * Plays a bracket out by the organizer's results call, the better seed winning each match; the
     * number of matches played and the last champion answered.
     */
    const playOut = async (stage: string) => {
      let played = 0;
      let champion: string | null = null;
      for (;;) {
        const ready = (await series(stage)).find(
          (s) =>
            s.attributes.state === 'scheduled' && s.attributes.competitors.every((c) => c.roster !== null),
        );
        if (!ready) break;
        const homeBetter = seed(ready, 0) < seed(ready, 1);
        const response = await post({
          matchSeriesId: ready.id,
          homeStars: homeBetter ? 9 : 4,
          awayStars: homeBetter ? 4 : 9,
        });
        expect(response.statusCode).toBe(200);
        played++;
        champion = response.json().data.attributes.championRosterId;
        if (played === 1) expect(response.json().data.attributes.changedMatchSeriesIds).toHaveLength(2);
      }
      return { played, champion };
    };
    /** The organizer's results call (spec 7): PATCH /match-series/{id}/relationships/matches/results. */
    const post = ({ matchSeriesId, ...attributes }: Record<string, unknown>, token: string | null = admin) =>
      ctx.app.inject(
        jsonApiRequest({
          method: 'PATCH',
          url: `${T}/match-series/${matchSeriesId}/relationships/matches/results`,
          payload: jsonApiBody({ reason: 'organizer result', ...attributes }),
          headers: token ? bearer(token) : {},
        }),
      );
    const seed = (s: SeriesJson, side: 0 | 1) =>
      rosterIds.indexOf(s.attributes.competitors[side]!.roster!.id) + 1;

    it.each([
      ['anonymous', undefined, 401],
      ['player', 'player', 403],
    ])('refuses results to %s (%s)', async (role, who, status) => {
      const { stage } = await freshBracket(`results-refused-${role}`);
      const first = (await series(stage))[0]!;
      const response = await post(
        { matchSeriesId: first.id, homeStars: 9, awayStars: 3 },
        who ? player : null,
      );
      expect(response.statusCode).toBe(status);
      expect((await series(stage))[0]!.attributes.state).toBe('scheduled');
    });

    it('refuses a draw, an unknown series and a match whose teams are not known yet', async () => {
      const list = await series((await freshBracket('results-refused-draw')).stage);
      const draw = await post({
        matchSeriesId: list[0]!.id,
        homeStars: 6,
        awayStars: 6,
        homeDestruction: 80,
        awayDestruction: 80,
      });
      expect(draw.statusCode).toBe(400);
      expect(draw.json().errors[0].meta.reason).toBe('BRACKET_DRAW');
      expect(
        (await post({ matchSeriesId: '00000000-0000-4000-8000-000000000009', homeStars: 1, awayStars: 0 }))
          .statusCode,
      ).toBe(404);
      const pending = list.find((s) => s.attributes.competitors.some((c) => c.roster === null))!;
      expect(
        (await post({ matchSeriesId: pending.id, homeStars: 1, awayStars: 0 })).json().errors[0].meta.reason,
      ).toBe('BRACKET_MATCH_NOT_READY');
    });

    it('plays the bracket out: winners and losers move on, the better seed wins, 14 matches, reset cancelled', async () => {
      const { played, champion } = await playOut(bracketId);
      expect(played).toBe(14);
      expect(champion).toBe(rosterIds[0]);
      const info = (
        await ctx.app.inject({
          method: 'GET',
          url: `${T}/segments/${(await ctx.database.db.select().from(segments).where(eq(segments.slug, 'monthly-finals')))[0]!.id}/bracket/info`,
        })
      ).json();
      expect(info.data.attributes.doubleElimination).toMatchObject({
        complete: true,
        playedMatches: 14,
        championRosterId: rosterIds[0],
      });
      expect(
        info.data.attributes.doubleElimination.placements.map((p: { label: string }) => p.label),
      ).toEqual(['1', '2', '3', '4', '5-6', '5-6', '7-8', '7-8']);
      const reset = (await series()).at(-1)!;
      expect(reset.attributes).toMatchObject({ state: 'finished', bye: false });
    });

    it('refuses to correct a result whose next matches were played (BRACKET_RESULT_LOCKED)', async () => {
      // A bracket of its own, played out as the play-out case plays the seeded one.
      const { stage } = await freshBracket('results-locked');
      expect(await playOut(stage)).toEqual({ played: 14, champion: rosterIds[0] });
      const first = (await series(stage))[0]!;
      const response = await post({ matchSeriesId: first.id, homeStars: 0, awayStars: 9 });
      expect(response.statusCode).toBe(409);
      expect(response.json().errors[0].meta.reason).toBe('BRACKET_RESULT_LOCKED');
      expect(seed((await series(stage))[0]!, 0)).toBe(1);
    });

    it("tells the room a match's result; refuses to advance the bracket before its grand final is played (STAGE_NOT_FINISHED), nothing decided", async () => {
      const { stage, segment } = await freshBracket('results-unfinished');
      const [cf] = await ctx.database.db
        .select()
        .from(segments)
        .where(eq(segments.slug, 'championship-finals'));
      const first = (await series(stage))[0]!;
      expect((await post({ matchSeriesId: first.id, homeStars: 9, awayStars: 4 })).statusCode).toBe(200);
      // The match's room is told the result once.
      const homeCaptain = captains.find((c) => c.rosterId === first.attributes.competitors[0]!.roster!.id)!;
      expect(await roomNotices(ctx.app, homeCaptain.token, first.id)).toEqual([
        { type: 'result_recorded', params: { homeStars: 9, awayStars: 4 } },
      ]);
      const response = await ctx.app.inject(
        jsonApiRequest({
          method: 'POST',
          url: `${T}/segments/${segment}/advance`,
          payload: jsonApiBody({ rules: [{ id: 'winner', nextSegmentId: cf!.id, placements: [1] }] }),
          headers: bearer(admin),
        }),
      );
      expect(response.statusCode).toBe(409);
      expect(response.json().errors[0]).toMatchObject({
        detail: 'The stage is not finished',
        meta: { reason: 'STAGE_NOT_FINISHED' },
      });
      const info = await ctx.app.inject({ method: 'GET', url: `${T}/segments/${segment}/bracket/info` });
      expect(info.json().data.attributes.outcomes).toEqual([]);
    });

    it('advances the finished final: ticket winners to the championship finals, seeded; the rest eliminated', async () => {
      const slug = async (name: string) =>
        (await ctx.database.db.select().from(segments).where(eq(segments.slug, name)))[0]!.id;
      // A finished final of its own (a copy of the monthly finals, played out by seed).
      const { stage, segment: mf } = await freshBracket('results-advanced');
      expect(await playOut(stage)).toEqual({ played: 14, champion: rosterIds[0] });
      const cf = await slug('championship-finals');
      const advance = (attributes: Record<string, unknown>, token: string) =>
        ctx.app.inject(
          jsonApiRequest({
            method: 'POST',
            url: `${T}/segments/${mf}/advance`,
            payload: jsonApiBody(attributes),
            headers: bearer(token),
          }),
        );
      const rules = [
        { nextSegmentId: cf, placements: [1], ticket: 'golden' },
        { nextSegmentId: cf, placements: [2], ticket: 'silver' },
        { id: 'top-4', nextSegmentId: cf, placements: [3, 4] },
      ];
      expect((await advance({ rules }, player)).statusCode).toBe(403);
      await expectOutsideRulesRefused(
        ctx.database.db,
        (bad) => advance({ rules: bad }, admin),
        mf,
        rules[0]!,
      );
      const response = await advance({ rules }, admin);
      expect(response.statusCode).toBe(200);
      const outcomes = response.json().data.map((d: { attributes: Record<string, unknown> }) => d.attributes);
      expect(
        outcomes.map((o: { outcome: string; ticket: string | null; nextSeed: number | null }) => [
          o.outcome,
          o.ticket,
          o.nextSeed,
        ]),
      ).toEqual([
        ['qualified', 'golden', 1],
        ['qualified', 'silver', 2],
        ['qualified', null, 3],
        ['qualified', null, 4],
        ['eliminated', null, null],
        ['eliminated', null, null],
        ['eliminated', null, null],
        ['eliminated', null, null],
      ]);
      // A rule without an id is named by its place in the list.
      expect(outcomes.map((o: { ruleId: string | null }) => o.ruleId)).toEqual([
        'rule-1',
        'rule-2',
        'top-4',
        'top-4',
        null,
        null,
        null,
        null,
      ]);
      expect(outcomes[0].roster.id).toBe(rosterIds[0]);
      expect((await advance({ rules }, admin)).json().errors[0].meta.reason).toBe('ALREADY_ADVANCED');
      // Once decided, the stage says so before it reads the rules: even a body it would refuse.
      const again = await advance({ rules: [{ nextSegmentId: mf, placements: [1] }] }, admin);
      expect(again.statusCode).toBe(409);
      expect(again.json().errors[0]).toMatchObject({
        detail: 'This stage was already decided',
        meta: { reason: 'ALREADY_ADVANCED' },
      });
      // The stage's public info (no token) carries the decision: who qualified, and the ticket winners.
      const decided = (
        await ctx.app.inject({ method: 'GET', url: `${T}/segments/${mf}/bracket/info` })
      ).json().data.attributes.outcomes;
      expect(decided).toEqual(
        outcomes.map((o: { roster: { id: string }; outcome: string; ticket: string | null }) => ({
          rosterId: o.roster.id,
          outcome: o.outcome,
          nextSegment: o.outcome === 'qualified' ? { id: cf } : null,
          ticket: o.ticket,
        })),
      );

      // The next stage seeds itself from the advancement.
      const next = await ctx.app.inject(
        jsonApiRequest({
          method: 'POST',
          url: `${T}/segments/${cf}/bracket`,
          payload: jsonApiBody({}),
          headers: bearer(admin),
        }),
      );
      expect(next.statusCode).toBe(201);
      expect(next.json().data.attributes.teams).toEqual(
        outcomes
          .slice(0, 4)
          .map((o: { roster: { id: string } }, i: number) => ({ rosterId: o.roster.id, seed: i + 1 })),
      );
    });
  },
  // No background work: check-in deadline jobs would forfeit the series these tests decide.
  { config: { ladder: { ...defaultLadderConfig(), workers: false } } },
);
