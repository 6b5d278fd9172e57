import { API } from '@cwh/contract';
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../harness.js';

interface Parameter {
  name: string;
  in: string;
  schema?: { enum?: string[]; pattern?: string; type?: string };
}

/*
 * The OpenAPI document is what fuzzers and client generators read: a filter that takes a closed set
 * of values says so (an enum, or a pattern for a comma list), and the server refuses anything else.
 */
describeEachDatabase(
  'OpenAPI filters say which values they take',
  (ctx) => {
    async function parameter(path: string, name: string): Promise<Parameter> {
      const doc = (await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
      const found = (doc.paths[path].get.parameters as Parameter[]).find((p) => p.name === name);
      if (!found) throw new Error(`${path} has no parameter ${name}`);
      return found;
    }

    it.each([
      {
        path: `${API.tournaments}/events`,
        name: 'filter[status]',
        values: ['active', 'archived'],
      },
      {
        path: `${API.matches}/match-ups`,
        name: 'filter[status]',
        values: ['accepted', 'declined', 'expired'],
      },
    ])('$path $name is an enum', async ({ path, name, values }) => {
      const schema = (await parameter(path, name)).schema;
      expect(schema?.enum).toEqual(expect.arrayContaining(values));
    });

    it('match-series filter[state] is a comma list of the states, as a pattern the server enforces', async () => {
      const { pattern } = (await parameter(`${API.matches}/match-series`, 'filter[state]')).schema ?? {};
      expect(pattern).toBeDefined();
      const grammar = new RegExp(pattern!);
      expect(['upcoming', 'new,live', ' finished , scheduled'].every((v) => grammar.test(v))).toBe(true);
      expect(['bogus', 'new,', ''].some((v) => grammar.test(v))).toBe(false);

      const refused = await ctx.app.inject({
        method: 'GET',
        url: `${API.matches}/match-series?filter[state]=bogus`,
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().errors[0].source).toEqual({ parameter: 'filter[state]' });
    });
  },
  { seed: false },
);
