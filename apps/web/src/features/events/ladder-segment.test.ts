import type { SegmentResource } from '@cwh/contract';
import { describe, expect, it } from 'vitest';
import { activeChild } from './ladder-segment';

const segment = (id: string, parent: string | null, from: string, to: string) =>
  ({
    id,
    type: 'segments',
    attributes: { name: id, date: { from, to } },
    relationships: { parent: { data: parent ? { id: parent, type: 'segments' } : null } },
  }) as unknown as SegmentResource;

const stage = segment('th17', null, '2026-01-01T00:00:00Z', '2026-12-31T00:00:00Z');
const all = [
  stage,
  segment('mf', 'th17', '2026-03-20T00:00:00Z', '2026-03-25T00:00:00Z'),
  segment('ladder', 'th17', '2026-03-01T00:00:00Z', '2026-03-10T00:00:00Z'),
  segment('mq', 'th17', '2026-03-12T00:00:00Z', '2026-03-15T00:00:00Z'),
  segment('other', 'cup9', '2026-03-01T00:00:00Z', '2026-12-31T00:00:00Z'),
];

describe('the stage shown inside the team’s segment (spec 4 active child)', () => {
  it.each([
    ['the child running now', '2026-03-05T00:00:00Z', 'ladder'],
    ['between two children: the next one', '2026-03-11T00:00:00Z', 'mq'],
    ['before every child: the first', '2026-02-01T00:00:00Z', 'ladder'],
    ['after every child: the last', '2026-04-01T00:00:00Z', 'mf'],
  ])('%s', (_, now, expected) => {
    expect(activeChild(all, stage, new Date(now)).id).toBe(expected);
  });

  it('a segment without children is its own active segment', () => {
    expect(activeChild([stage], stage, new Date('2026-03-05T00:00:00Z')).id).toBe('th17');
  });
});
