/**
 * zod as every contract schema uses it: the same API, except that `string()` refuses text
 * PostgreSQL cannot store (NUL) or UTF-8 cannot encode (lone UTF-16 surrogates). Refusing them here,
 * in the one string every schema starts from, turns what used to be a database 500 into a 400 for
 * every string field at once. Contract files import `* as z from './safe-zod.js'`, never 'zod'
 * (safe-zod.test.ts checks it).
 */
import * as zod from 'zod';

export * from 'zod';

/** NUL, a high surrogate not followed by a low one, or a low surrogate not preceded by a high one. */
const UNSTORABLE = /\0|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export const UNSTORABLE_TEXT_MESSAGE = 'Text must not contain NUL characters or unpaired surrogates';

/** Whether `value` can be stored and encoded as it is. */
export const isStorableText = (value: string): boolean => !UNSTORABLE.test(value);

/** Whether every string (keys included) inside a JSON-like value is storable. */
export function isStorableJson(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return isStorableText(value);
  if (value === null || typeof value !== 'object') return true;
  // Deeper than any report we accept; refusing is safer than recursing without bound.
  if (depth > 32) return false;
  if (Array.isArray(value)) return value.every((item) => isStorableJson(item, depth + 1));
  return Object.entries(value).every(([key, item]) => isStorableText(key) && isStorableJson(item, depth + 1));
}

function safeString(params?: string | zod.core.$ZodStringParams): zod.ZodString {
  return zod.string(params).refine(isStorableText, { message: UNSTORABLE_TEXT_MESSAGE, abort: true });
}

export { safeString as string };

/** Free-form JSON (e.g. a log report's extras) whose strings are all storable. */
export const storableJson = () => zod.unknown().refine(isStorableJson, { message: UNSTORABLE_TEXT_MESSAGE });

/** The dates the hub keeps: from the Unix epoch to the last second of year 9999 (UTC). */
export const EARLIEST_DATE_TIME = Date.UTC(1970, 0, 1);
export const LATEST_DATE_TIME = Date.UTC(9999, 11, 31, 23, 59, 59);
export const DATE_RANGE_MESSAGE = 'Dates must lie between 1970-01-01 and 9999-12-31 (UTC)';

/** Whether an ISO 8601 date-time lies in the range the hub keeps. */
export function isKeepableDateTime(value: string): boolean {
  const time = Date.parse(value);
  return time >= EARLIEST_DATE_TIME && time <= LATEST_DATE_TIME;
}

/**
 * `iso.datetime()` that also refuses dates outside 1970–9999: PostgreSQL stores year 20, but the
 * driver reads it back as an invalid date, so one such row answered 500 on every list that showed
 * it. Every date-time of every schema starts here, so it is a 400 before anything is written.
 */
function keepableDatetime(params?: Parameters<typeof zod.iso.datetime>[0]) {
  return zod.iso.datetime(params).refine(isKeepableDateTime, { message: DATE_RANGE_MESSAGE, abort: true });
}

export const iso = { ...zod.iso, datetime: keepableDatetime };
