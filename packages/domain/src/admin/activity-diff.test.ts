import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { activityChanges } from './activity-diff.js';

const leaf = fc.oneof(fc.string({ maxLength: 8 }), fc.integer(), fc.boolean(), fc.constant(null));
const key = fc.constantFrom('state', 'score', 'reason', 'name', 'date', 'status', 'rosterId');
const record = fc.dictionary(key, fc.oneof(leaf, fc.dictionary(key, leaf, { maxKeys: 3 })), { maxKeys: 5 });

describe('activityChanges', () => {
  it('lists what changed, field by field, with before and after', () => {
    expect(
      activityChanges(
        { state: 'finished', competitors: [{ score: 9 }, { score: 4 }], reason: null },
        { state: 'finished', competitors: [{ score: 2 }, { score: 9 }], reason: 'wrong side' },
      ),
    ).toEqual([
      { field: 'competitors.0.score', before: '9', after: '2' },
      { field: 'competitors.1.score', before: '4', after: '9' },
      { field: 'reason', before: null, after: 'wrong side' },
    ]);
  });

  it('a created or deleted object lists each field against nothing; plain arrays stay one value', () => {
    expect(activityChanges(null, { note: 'ok', attachmentIds: ['a', 'b'] })).toEqual([
      { field: 'note', before: null, after: 'ok' },
      { field: 'attachmentIds', before: null, after: '["a","b"]' },
    ]);
    expect(activityChanges({ suspendedAt: '2026-12-01' }, null)).toEqual([
      { field: 'suspendedAt', before: '2026-12-01', after: null },
    ]);
  });

  it('nothing changed: no rows (property)', () => {
    fc.assert(
      fc.property(record, (value) => {
        expect(activityChanges(value, structuredClone(value))).toEqual([]);
      }),
    );
  });

  it('changing one field lists exactly that field (property)', () => {
    fc.assert(
      fc.property(record, key, fc.string({ minLength: 1, maxLength: 5 }), (value, field, text) => {
        const changed = { ...value, [field]: `changed:${text}` };
        const rows = activityChanges(value, changed);
        const old = value[field];
        const nested = typeof old === 'object' && old !== null && Object.keys(old).length > 0;
        if (nested) {
          // A walked object replaced by text: its leaves go, the field comes.
          expect(rows.some((r) => r.field === field && r.after === `changed:${text}`)).toBe(true);
          expect(rows.every((r) => r.field === field || r.field.startsWith(`${field}.`))).toBe(true);
        } else {
          expect(rows).toEqual([
            {
              field,
              before:
                old === undefined || old === null
                  ? null
                  : typeof old === 'string'
                    ? old
                    : JSON.stringify(old),
              after: `changed:${text}`,
            },
          ]);
        }
      }),
    );
  });
});
