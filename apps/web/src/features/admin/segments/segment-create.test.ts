import { describe, expect, it } from 'vitest';
import { type NewStageForm, newStageBody, STAGE_KIND_KEYS, STAGE_KINDS } from './segment-create';

const form = (change: Partial<NewStageForm> = {}): NewStageForm => ({
  name: 'Spring Swiss',
  kind: 'swiss',
  parentId: 'c-1',
  stageCode: 'MQ',
  from: '2026-05-01T10:00',
  to: '2026-05-03T22:00',
  thLevel: '17',
  playersMin: '5',
  playersMax: '5',
  limit: '128',
  standby: '0',
  checkin: false,
  checkinFrom: '',
  checkinTo: '',
  ...change,
});
const error = (change: Partial<NewStageForm>) => {
  const checked = newStageBody(form(change));
  return checked.ok ? null : checked.error.key;
};

describe('newStageBody', () => {
  it('builds the segment of each kind from its rules', () => {
    for (const kind of STAGE_KIND_KEYS) {
      const checked = newStageBody(form({ kind }));
      expect(checked.ok && checked.value).toMatchObject({
        type: STAGE_KINDS[kind].type,
        eliminationType: STAGE_KINDS[kind].eliminationType,
        registrationStatus: STAGE_KINDS[kind].registers ? 'open' : 'closed',
        date: { from: '2026-05-01T10:00:00Z', to: '2026-05-03T22:00:00Z' },
      });
    }
  });

  it('says what to fix', () => {
    expect(error({ name: '  ' })).toBe('form.stageName');
    expect(error({ to: '' })).toBe('form.invalidDate');
    expect(error({ to: '2026-04-30T10:00' })).toBe('form.dateOrder');
    expect(error({ thLevel: '31' })).toBe('form.thLevel');
    expect(error({ limit: '-1' })).toBe('form.invalidNumber');
    expect(error({ playersMin: '6' })).toBe('form.playersOrder');
    expect(error({ checkin: true, checkinFrom: '2026-05-01T08:00' })).toBe('form.checkinWindow');
    expect(error({ checkin: true, checkinFrom: '2026-05-01T09:00', checkinTo: '2026-05-01T08:00' })).toBe(
      'form.dateOrder',
    );
  });

  it('a top-level stage has no parent', () => {
    const checked = newStageBody(form({ parentId: '' }));
    expect(checked.ok && checked.value.parentId).toBeNull();
  });
});
