import { describe, expect, it } from 'vitest';
import { type CreateStageForm, createStageBody, type ResultForm, resultBody, seedOrder } from './stage-forms';

const form = (over: Partial<CreateStageForm> = {}): CreateStageForm => ({
  format: 'double_elimination',
  seeding: 'manual',
  size: '',
  swissMode: 'fixed',
  rounds: '5',
  wins: '3',
  losses: '3',
  tiebreaks: ['matchPoints', 'buchholz'],
  seeds: { a: '1', b: '2' },
  startsAt: '',
  ...over,
});

describe('seed order', () => {
  it('puts the rosters in seed order and leaves blank ones out', () => {
    expect(seedOrder({ a: '2', b: ' ', c: '1', d: '3' })).toEqual({ ok: true, value: ['c', 'a', 'd'] });
  });

  it.each([
    [{ a: '1', b: 'x' }, 'form.seedNumber', { value: 'x' }],
    [{ a: '1', b: '0' }, 'form.seedNumber', { value: '0' }],
    [{ a: '1', b: '1.5' }, 'form.seedNumber', { value: '1.5' }],
    [{ a: '1', b: '-2' }, 'form.seedNumber', { value: '-2' }],
    [{ a: '1', b: '2', c: '2' }, 'form.seedTwice', { seed: 2 }],
    [{ a: '1', b: '3' }, 'form.seedGap', { seed: 2, count: 2 }],
    [{ a: '2', b: '3' }, 'form.seedGap', { seed: 1, count: 2 }],
    [{ a: '1', b: '' }, 'form.seedTooFew', undefined],
    [{}, 'form.seedTooFew', undefined],
  ])('%j is refused with %s', (seeds, key, values) => {
    expect(seedOrder(seeds)).toEqual({ ok: false, error: values ? { key, values } : { key } });
  });
});

describe('create stage body', () => {
  it('double elimination with typed seeds sends the format and the roster order only', () => {
    expect(createStageBody(form({ seeds: { a: '2', b: '1' } }))).toEqual({
      ok: true,
      value: { format: 'double_elimination', rosterIds: ['b', 'a'] },
    });
  });

  it('seeding from the previous stage sends no roster list, with the size when given', () => {
    expect(createStageBody(form({ seeding: 'auto', seeds: { a: 'junk' } }))).toEqual({
      ok: true,
      value: { format: 'double_elimination' },
    });
    expect(createStageBody(form({ seeding: 'auto', size: '16' }))).toEqual({
      ok: true,
      value: { format: 'double_elimination', size: 16 },
    });
    expect(createStageBody(form({ seeding: 'auto', size: '1' }))).toEqual({
      ok: false,
      error: { key: 'form.size' },
    });
  });

  it('swiss with a fixed number of rounds sends rounds and tiebreaks, not wins or losses', () => {
    expect(createStageBody(form({ format: 'swiss', rounds: ' 7 ' }))).toEqual({
      ok: true,
      value: { format: 'swiss', rosterIds: ['a', 'b'], rounds: 7, tiebreaks: ['matchPoints', 'buchholz'] },
    });
  });

  it('swiss with early exit sends wins and losses, not rounds', () => {
    const checked = createStageBody(
      form({ format: 'swiss', swissMode: 'early_exit', wins: '2', losses: '4' }),
    );
    expect(checked).toEqual({
      ok: true,
      value: {
        format: 'swiss',
        rosterIds: ['a', 'b'],
        wins: 2,
        losses: 4,
        tiebreaks: ['matchPoints', 'buchholz'],
      },
    });
  });

  it.each([
    [{ rounds: '0' }, 'form.rounds'],
    [{ rounds: '21' }, 'form.rounds'],
    [{ rounds: 'five' }, 'form.rounds'],
    [{ swissMode: 'early_exit' as const, wins: '11' }, 'form.winsLosses'],
    [{ swissMode: 'early_exit' as const, losses: '' }, 'form.winsLosses'],
    [{ tiebreaks: [] }, 'form.tiebreaks'],
    [{ startsAt: '2026-02-30T10:00' }, 'form.startsAt'],
  ])('swiss %j is refused with %s', (over, key) => {
    expect(createStageBody(form({ format: 'swiss', ...over }))).toEqual({ ok: false, error: { key } });
  });

  it('rules of swiss are not checked for double elimination', () => {
    expect(createStageBody(form({ rounds: 'x', tiebreaks: [] })).ok).toBe(true);
  });

  it('the first match date goes out as ISO GMT without milliseconds', () => {
    expect(createStageBody(form({ startsAt: '2026-12-01T18:30' }))).toEqual({
      ok: true,
      value: { format: 'double_elimination', rosterIds: ['a', 'b'], startsAt: '2026-12-01T18:30:00Z' },
    });
  });
});

const result = (over: Partial<ResultForm> = {}): ResultForm => ({
  homeStars: '15',
  awayStars: '12',
  homeDestruction: '',
  awayDestruction: '',
  forfeit: '',
  reason: 'War log screenshot',
  ...over,
});

describe('result body', () => {
  it('stars and a trimmed reason; blank destruction is left out', () => {
    expect(resultBody(result({ reason: '  Screenshot  ' }))).toEqual({
      ok: true,
      value: { homeStars: 15, awayStars: 12, reason: 'Screenshot' },
    });
  });

  it('destruction accepts decimals with a point or a comma', () => {
    expect(resultBody(result({ homeDestruction: '87.5', awayDestruction: '90,25' }))).toEqual({
      ok: true,
      value: {
        homeStars: 15,
        awayStars: 12,
        homeDestruction: 87.5,
        awayDestruction: 90.25,
        reason: 'War log screenshot',
      },
    });
  });

  it('a forfeit needs no stars (blank is 0)', () => {
    expect(resultBody(result({ homeStars: '', awayStars: '', forfeit: 'both' }))).toEqual({
      ok: true,
      value: { homeStars: 0, awayStars: 0, forfeit: 'both', reason: 'War log screenshot' },
    });
  });

  it.each([
    [{ homeStars: '' }, 'form.stars'],
    [{ awayStars: '151' }, 'form.stars'],
    [{ homeStars: '2.5' }, 'form.stars'],
    [{ homeStars: '-1' }, 'form.stars'],
    [{ homeDestruction: '100.5' }, 'form.destruction'],
    [{ awayDestruction: 'lots' }, 'form.destruction'],
    [{ reason: '' }, 'form.reason'],
    [{ reason: '    ' }, 'form.reason'],
    [{ reason: 'x'.repeat(501) }, 'form.reasonLong'],
  ])('%j is refused with %s', (over, key) => {
    expect(resultBody(result(over))).toEqual({ ok: false, error: { key } });
  });

  it('a reason of exactly 500 characters is accepted', () => {
    expect(resultBody(result({ reason: 'x'.repeat(500) })).ok).toBe(true);
  });
});
