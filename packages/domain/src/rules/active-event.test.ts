import { describe, expect, it } from 'vitest';
import { selectActiveEvent } from './active-event.js';

const events = [
  { id: 'oct', date: { from: '2025-10-01T00:00:00Z', to: '2025-10-31T23:59:59Z' } },
  { id: 'sep', date: { from: '2025-09-01T00:00:00Z', to: '2025-09-30T23:59:59Z' } },
  { id: 'dec', date: { from: '2025-12-01T00:00:00Z', to: '2025-12-31T23:59:59Z' } },
];

describe('selectActiveEvent', () => {
  it.each([
    ['requested id wins', '2025-10-10T00:00:00Z', 'sep', 'sep'],
    ['unknown requested id falls back', '2025-10-10T00:00:00Z', 'nope', 'oct'],
    ['range contains now', '2025-09-15T00:00:00Z', undefined, 'sep'],
    ['gap → next upcoming', '2025-11-15T00:00:00Z', undefined, 'dec'],
    ['before everything → first upcoming', '2025-01-01T00:00:00Z', undefined, 'sep'],
    ['after everything → last', '2026-06-01T00:00:00Z', null, 'dec'],
  ])('%s', (_, now, requested, expected) => {
    expect(selectActiveEvent(events, now, requested)?.id).toBe(expected);
  });

  it('no events → undefined', () => expect(selectActiveEvent([], 0)).toBeUndefined());
});
