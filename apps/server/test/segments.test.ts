import { API, type SegmentResource, segmentDocument, segmentListDocument } from '@cwh/contract';
import { beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from './harness.js';

const T = API.tournaments;

describeEachDatabase('segments', (ctx) => {
  let championshipId = '';
  let cupId = '';
  beforeAll(async () => {
    const events = (await ctx.app.inject({ method: 'GET', url: `${T}/events?filter[status]=active` })).json()
      .data;
    championshipId = events.find(
      (e: { attributes: { competition: string } }) => e.attributes.competition === 'championship',
    ).id;
    cupId = events.find(
      (e: { attributes: { competition: string } }) => e.attributes.competition === 'townHallCup',
    ).id;
  });

  const list = async (eventId: string, query = '') => {
    const response = await ctx.app.inject({ method: 'GET', url: `${T}/events/${eventId}/segments${query}` });
    expect(response.statusCode).toBe(200);
    return segmentListDocument.parse(response.json()).data;
  };

  it('lists level-0 segments sorted by date.from ascending by default', async () => {
    const parents = await list(cupId, '?filter[level]=0');
    // The demo's TH9 cup started earliest (its Finals are under way); TH12 and TH15 tie on the date
    // and are ordered by name.
    expect(parents.map((s) => s.attributes.name)).toEqual([
      'Town Hall Cup TH9',
      'Town Hall Cup TH12',
      'Town Hall Cup TH15',
    ]);
    for (const parent of parents) {
      expect(parent.relationships.parent.data).toBeNull();
      expect(parent.relationships.children.data).toHaveLength(2);
    }
  });

  it('sorts descending with sort=-date.from', async () => {
    const asc = await list(championshipId, '?filter[level]=1');
    const desc = await list(championshipId, '?filter[level]=1&sort=-date.from');
    expect(asc.map((s) => s.attributes.stageCode)).toEqual(['OL', 'MQ', 'MF', 'CF']);
    expect(desc.map((s) => s.attributes.stageCode)).toEqual(['CF', 'MF', 'MQ', 'OL']);
  });

  it('gets a segment with its parent and children relationships', async () => {
    const parents = await list(championshipId, '?filter[level]=0');
    const main = parents.find((s) => s.attributes.name === 'Championship TH17')!;
    const response = await ctx.app.inject({
      method: 'GET',
      url: `${T}/events/${championshipId}/segments/${main.id}`,
    });
    expect(response.statusCode).toBe(200);
    const segment = segmentDocument.parse(response.json()).data;
    expect(segment.attributes.configuration.thLevel).toBe(17);
    const childId = segment.relationships.children.data[0]!.id;
    const child = await ctx.app.inject({
      method: 'GET',
      url: `${T}/events/${championshipId}/segments/${childId}`,
    });
    const childData: SegmentResource = child.json().data;
    expect(childData.relationships.parent.data).toEqual({ type: 'segments', id: main.id });
    expect(childData.attributes.name).toBe('Open Qualifier');
  });

  it('does not find a segment through another event', async () => {
    const [cupSegment] = await list(cupId, '?filter[level]=0');
    const crossed = await ctx.app.inject({
      method: 'GET',
      url: `${T}/events/${championshipId}/segments/${cupSegment!.id}`,
    });
    expect(crossed.statusCode).toBe(404);
  });

  it.each([
    {
      why: 'the event is unknown',
      path: () => '/events/00000000-0000-4000-8000-000000000000/segments',
      status: 404,
      parameter: undefined,
    },
    {
      why: 'the segment id is malformed',
      path: () => `/events/${championshipId}/segments/x`,
      status: 400,
      parameter: 'segmentId',
    },
    {
      why: 'only date.from sorts',
      path: () => `/events/${championshipId}/segments?sort=name`,
      status: 400,
      parameter: 'sort',
    },
  ])('answers $status when $why', async ({ path, status, parameter }) => {
    const response = await ctx.app.inject({ method: 'GET', url: `${T}${path()}` });
    expect(response.statusCode).toBe(status);
    if (parameter) expect(response.json().errors[0].source.parameter).toBe(parameter);
    else expect(response.json().errors[0].code).toBe('NOT_FOUND');
  });

  it('lists segment types', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: `${T}/segment-types` });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.map((t: { attributes: { key: string } }) => t.attributes.key)).toEqual([
      'container',
      'double_elimination',
      'ladder',
      'swiss',
    ]);
  });

  it('relates every segment to a listed segment type instead of a `type` attribute', async () => {
    const types = (await ctx.app.inject({ method: 'GET', url: `${T}/segment-types` })).json().data as {
      id: string;
      attributes: { key: string };
    }[];
    expect(types.every((t) => t.id === t.attributes.key)).toBe(true);
    const segments = await list(championshipId, '?filter[level]=1');
    const ladder = segments.find((s) => s.attributes.eliminationType === 'ladder')!;
    expect(ladder.relationships.segmentType.data).toEqual({ type: 'segment-types', id: 'ladder' });
    expect(ladder.attributes).not.toHaveProperty('type');
    for (const segment of segments) {
      expect(types.map((t) => t.id)).toContain(segment.relationships.segmentType.data?.id);
    }
  });
});
