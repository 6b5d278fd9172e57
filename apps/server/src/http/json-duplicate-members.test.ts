import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { duplicateMember } from './json-duplicate-members.js';

describe('duplicateMember', () => {
  it.each([
    ['no object', '[1, "a", true, null]', null],
    ['unique names', '{"data":{"type":"users","attributes":{"a":1,"b":[{"a":2}]}}}', null],
    ['the same name in sibling objects', '[{"a":1},{"a":2}]', null],
    ['a name equal to a value', '{"a":"a","b":"a"}', null],
    ['a duplicate at the top', '{"data":1,"data":2}', 'data'],
    ['a duplicate deep inside', '{"data":{"attributes":{"role":"player","x":[],"role":"admin"}}}', 'role'],
    ['a duplicate spelt with an escape', '{"role":1,"r\\u006fle":2}', 'role'],
    ['escaped quotes in a value before the duplicate', '{"a":"x\\"y","b":{},"a":3}', 'a'],
    ['white space everywhere', ' { "a" : 1 , "a" : 2 } ', 'a'],
  ])('%s', (_why, text, expected) => {
    expect(() => JSON.parse(text)).not.toThrow();
    expect(duplicateMember(text)).toBe(expected);
  });

  it('finds no duplicate in any document JSON.stringify writes (property)', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        expect(duplicateMember(JSON.stringify(value, null, 1))).toBeNull();
      }),
      { numRuns: 300, seed: 20_261_207 },
    );
  });

  it('finds a member written twice into any object (property)', () => {
    fc.assert(
      fc.property(
        fc.dictionary(fc.string(), fc.jsonValue(), { minKeys: 1 }),
        fc.jsonValue(),
        (object, extra) => {
          const name = Object.keys(object)[0] as string;
          const text = `{"wrap":${JSON.stringify(object).slice(0, -1)},${JSON.stringify(name)}:${JSON.stringify(extra)}}}`;
          expect(duplicateMember(text)).toBe(name);
        },
      ),
      { numRuns: 300, seed: 20_261_207 },
    );
  });
});
