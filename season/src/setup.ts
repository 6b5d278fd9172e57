import { iso } from './api.js';
import { type SeasonContext, T } from './context.js';
import { ADMIN } from './hub.js';

const DAY = 86_400_000;

function segmentBody(
  name: string,
  parentId: string | null,
  kind: 'container' | 'ladder' | 'swiss' | 'double_elimination',
  from: number,
  to: number,
) {
  const stageCode = kind === 'swiss' ? 'MQ' : kind === 'double_elimination' ? 'CF' : 'OL';
  return {
    data: {
      attributes: {
        name,
        parentId,
        format: `${name} (season rehearsal)`,
        stageCode,
        eliminationType: kind === 'container' ? 'ladder' : kind,
        type: kind,
        registrationStatus: kind === 'container' || kind === 'ladder' ? 'open' : 'closed',
        configuration: { thLevel: 17, phase: kind === 'swiss' ? 'MONTHLY_QUALIFIERS' : null },
        segmentCheckinsConfig:
          kind === 'swiss'
            ? { enabled: true, openWindow: { from: iso(from), to: iso(to) } }
            : { enabled: false, openWindow: null },
        rosterSize: { playersMin: 5, playersMax: 5, coachesMax: 0 },
        rostersLimit: { limit: 100_000, standbyLimit: 0 },
        date: { from: iso(from), to: iso(to) },
      },
    },
  };
}

/** The organizer signs in and builds the season: event, stage, ladder, qualifier, finals. */
export async function createSeasonEvent(ctx: SeasonContext): Promise<void> {
  const login = await ctx.api.ok<{ data: { attributes: { token: { value: string } } } }>(
    'POST',
    '/api/users/1.0/login',
    { data: { type: 'sessions', attributes: ADMIN } },
  );
  ctx.adminToken = login.data.attributes.token.value;
  const now = Date.now();
  const event = await ctx.api.ok<{ data: { id: string } }>(
    'POST',
    `${T}/events`,
    {
      data: {
        attributes: {
          name: `Season Rehearsal ${new Date(now).toISOString().slice(0, 16)}`,
          status: 'active',
          date: { from: iso(now - 60_000), to: iso(now + 7 * DAY) },
          competition: 'championship',
          thLevels: [17],
        },
      },
    },
    ctx.adminToken,
  );
  ctx.eventId = event.data.id;
  const add = async (body: ReturnType<typeof segmentBody>) =>
    (
      await ctx.api.ok<{ data: { id: string } }>(
        'POST',
        `${T}/events/${ctx.eventId}/segments`,
        body,
        ctx.adminToken,
      )
    ).data.id;
  // The ladder runs from now; the qualifier and the finals are dated later and brought forward
  // (PATCH of their dates) when the season reaches them: the compressed calendar.
  ctx.stageId = await add(segmentBody('Season TH17', null, 'container', now - 60_000, now + 7 * DAY));
  ctx.ladderId = await add(segmentBody('Open Qualifier', ctx.stageId, 'ladder', now - 60_000, now + 5 * DAY));
  ctx.qualifierId = await add(
    segmentBody('Monthly Qualifier', ctx.stageId, 'swiss', now + 5 * DAY, now + 6 * DAY),
  );
  ctx.finalId = await add(
    segmentBody('Championship Finals', ctx.stageId, 'double_elimination', now + 6 * DAY, now + 7 * DAY),
  );
  for (const segmentId of [ctx.stageId, ctx.ladderId]) {
    await ctx.api.ok(
      'POST',
      `${T}/events/${ctx.eventId}/segments/${segmentId}/registration-phases`,
      {
        data: {
          attributes: {
            name: 'Registration',
            phaseType: 'registration',
            date: { from: iso(now - 60_000), to: iso(now + 5 * DAY) },
          },
        },
      },
      ctx.adminToken,
    );
  }
}

/** Moves a segment's dates (and its check-in window) to [from, to]: the season's clock is its calendar. */
export async function reschedule(
  ctx: SeasonContext,
  segmentId: string,
  from: number,
  to: number,
  checkins = false,
) {
  await ctx.api.ok(
    'PATCH',
    `${T}/events/${ctx.eventId}/segments/${segmentId}`,
    {
      data: {
        attributes: {
          date: { from: iso(from), to: iso(to) },
          ...(checkins
            ? { segmentCheckinsConfig: { enabled: true, openWindow: { from: iso(from), to: iso(to) } } }
            : {}),
        },
      },
    },
    ctx.adminToken,
  );
}
