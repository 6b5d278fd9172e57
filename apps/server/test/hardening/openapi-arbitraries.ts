import fc from 'fast-check';

/** The subset of JSON Schema the generated OpenAPI document uses. */
export interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  nullable?: boolean;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  default?: unknown;
}

/** Strings no contract field may store: NUL, lone surrogates, huge, path tricks, SQL. */
export const hostileString = fc.constantFrom(
  '\u0000',
  'a\uD800b',
  '\uDFFF',
  'x'.repeat(5000),
  '../../etc/passwd',
  '%00',
  "' or 1=1 --",
  '#',
  '',
  ' ',
  '🏆',
  '-1',
  '1e309',
);

const isoDate = fc
  .date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2100-01-01T00:00:00Z'), noInvalidDate: true })
  .map((d) => d.toISOString());

function stringOf(schema: JsonSchema): fc.Arbitrary<string> {
  if (schema.format === 'uuid') return fc.uuid();
  if (schema.format === 'date-time') return isoDate;
  if (schema.format === 'date') return isoDate.map((d) => d.slice(0, 10));
  if (schema.format === 'email') return fc.emailAddress();
  if (schema.format === 'uri') return fc.webUrl();
  return fc.string({ minLength: schema.minLength ?? 0, maxLength: Math.min(schema.maxLength ?? 24, 64) });
}

/** Values that satisfy `schema` (most of the time: patterns are not followed). */
export function valid(schema: JsonSchema | undefined, depth = 0): fc.Arbitrary<unknown> {
  if (!schema || depth > 6) return fc.constant(null);
  const options = schema.anyOf ?? schema.oneOf;
  let arbitrary: fc.Arbitrary<unknown>;
  if (schema.const !== undefined) arbitrary = fc.constant(schema.const);
  else if (schema.enum) arbitrary = fc.constantFrom(...schema.enum);
  else if (options) arbitrary = fc.oneof(...options.map((o) => valid(o, depth + 1)));
  else if (schema.allOf?.length) arbitrary = valid(schema.allOf[0], depth + 1);
  else {
    const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
    switch (type) {
      case 'string':
        arbitrary = stringOf(schema);
        break;
      case 'integer':
        arbitrary = fc.integer({ min: schema.minimum ?? -1000, max: schema.maximum ?? 100_000 });
        break;
      case 'number':
        arbitrary = fc.double({ min: schema.minimum ?? -1000, max: schema.maximum ?? 100_000, noNaN: true });
        break;
      case 'boolean':
        arbitrary = fc.boolean();
        break;
      case 'array':
        arbitrary = fc.array(valid(schema.items, depth + 1), {
          minLength: schema.minItems ?? 0,
          maxLength: Math.min(schema.maxItems ?? 4, Math.max(schema.minItems ?? 0, 6)),
        });
        break;
      case 'object': {
        const properties = Object.fromEntries(
          Object.entries(schema.properties ?? {}).map(([key, value]) => [key, valid(value, depth + 1)]),
        );
        arbitrary = fc.record(properties, { requiredKeys: schema.required ?? [] });
        break;
      }
      default:
        arbitrary = fc.jsonValue({ maxDepth: 2 });
    }
  }
  return schema.nullable ? fc.option(arbitrary, { nil: null }) : arbitrary;
}

/** A value that is valid, or broken at one level: hostile text, wrong types, or a random JSON value. */
export function validOrHostile(schema: JsonSchema | undefined, depth = 0): fc.Arbitrary<unknown> {
  if (!schema || depth > 6) return fc.oneof(hostileString, fc.jsonValue({ maxDepth: 1 }));
  const broken = fc.oneof(hostileString, fc.jsonValue({ maxDepth: 2 }), fc.constant(undefined));
  if (schema.type === 'object' && schema.properties) {
    const properties = Object.fromEntries(
      Object.entries(schema.properties).map(([key, value]) => [key, validOrHostile(value, depth + 1)]),
    );
    return fc.oneof(
      { weight: 3, arbitrary: fc.record(properties, { requiredKeys: schema.required ?? [] }) },
      { weight: 1, arbitrary: broken },
    );
  }
  return fc.oneof({ weight: 3, arbitrary: valid(schema, depth) }, { weight: 1, arbitrary: broken });
}
