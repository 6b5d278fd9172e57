/**
 * Player and clan tags as the game prints them: '#' followed by characters of a 14-letter alphabet.
 * The game itself reads a typed letter O as the digit 0, so we do the same before validating.
 */
export const TAG_ALPHABET = '0289PYLQGRJCUV';

// Real tags are 3 to 12 characters after the '#'; anything else is a typo, not an unknown player.
const TAG_BODY = /^[0289PYLQGRJCUV]{3,12}$/;

export type TagParseResult = { ok: true; tag: string } | { ok: false; reason: string };

export class InvalidTagError extends Error {
  constructor(
    readonly input: string,
    readonly reason: string,
  ) {
    super(`Invalid tag "${input}": ${reason}`);
    this.name = 'InvalidTagError';
  }
}

export function parseTag(input: string): TagParseResult {
  const body = input.trim().toUpperCase().replace(/^#+/, '').replace(/O/g, '0');
  if (body.length === 0) return { ok: false, reason: 'tag is empty' };
  if (!TAG_BODY.test(body)) {
    return {
      ok: false,
      reason: `a tag has 3 to 12 characters from ${TAG_ALPHABET} after the '#'`,
    };
  }
  return { ok: true, tag: `#${body}` };
}

export function isValidTag(input: string): boolean {
  return parseTag(input).ok;
}

/** Canonical form '#ABC…'; throws InvalidTagError so callers cannot forget to handle a bad tag. */
export function normalizeTag(input: string): string {
  const parsed = parseTag(input);
  if (!parsed.ok) throw new InvalidTagError(input, parsed.reason);
  return parsed.tag;
}

/** URL path segment for a tag: the '#' must be sent as %23 or it would start a URL fragment. */
export function encodeTag(input: string): string {
  return encodeURIComponent(normalizeTag(input));
}

/** The tag without '#', as used in game deep links and the simulated API tokens. */
export function tagBody(input: string): string {
  return normalizeTag(input).slice(1);
}
