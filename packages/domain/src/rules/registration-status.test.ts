import { describe, expect, it } from 'vitest';
import { bracketStageStatus, isRegistrationOpen, registrationStatus } from './registration-status.js';

const phase = (from: string, to: string) => ({ name: 'p', type: 't', date: { from, to } });
const segment = {
  registrationPhases: [
    phase('2025-10-01T00:00:00Z', '2025-10-10T00:00:00Z'),
    phase('2025-10-20T00:00:00Z', '2025-10-25T00:00:00Z'),
  ],
};

describe('registrationStatus', () => {
  it.each([
    ['2025-09-30T23:59:59Z', 'before'],
    ['2025-10-01T00:00:00Z', 'open'],
    ['2025-10-10T00:00:00Z', 'open'],
    ['2025-10-10T00:00:01Z', 'after'],
    ['2025-10-21T00:00:00Z', 'after'],
  ] as const)('%s → %s (first phase only)', (now, expected) => {
    expect(registrationStatus(segment, now)).toBe(expected);
    expect(isRegistrationOpen(segment, now)).toBe(expected === 'open');
  });

  it.each([
    [{ registrationPhases: [] }, 'after'],
    [null, 'after'],
    [undefined, 'after'],
  ])('no phase %j → after', (value, expected) => {
    expect(registrationStatus(value, '2025-10-05T00:00:00Z')).toBe(expected);
  });
});

describe('bracketStageStatus', () => {
  const stage = { date: { from: '2025-10-31T14:00:00Z', to: '2025-11-02T23:59:59Z' } };
  it.each([
    ['2025-10-31T13:59:59Z', 'before'],
    ['2025-11-01T00:00:00Z', 'open'],
    ['2025-11-03T00:00:00Z', 'after'],
  ] as const)('%s → %s', (now, expected) => expect(bracketStageStatus(stage, now)).toBe(expected));
});
