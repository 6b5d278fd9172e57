import { randomBytes, type ScryptOptions, scrypt, timingSafeEqual } from 'node:crypto';
import { generateToken } from './opaque-token.js';

// Parameters are stored with every hash so they can be raised later without breaking old hashes.
const DEFAULTS = { N: 16_384, r: 8, p: 1, keyLength: 64 };

function derive(password: string, salt: Buffer, keyLength: number, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, keyLength, options, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

/** `scrypt$N$r$p$salt$hash` with base64 salt and hash. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const { N, r, p, keyLength } = DEFAULTS;
  const key = await derive(password, salt, keyLength, { N, r, p, maxmem: 256 * N * r });
  return ['scrypt', N, r, p, salt.toString('base64'), key.toString('base64')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, saltB64, hashB64] = stored.split('$');
  if (scheme !== 'scrypt' || !n || !r || !p || !saltB64 || !hashB64) return false;
  const expected = Buffer.from(hashB64, 'base64');
  const N = Number(n);
  const key = await derive(password, Buffer.from(saltB64, 'base64'), expected.length, {
    N,
    r: Number(r),
    p: Number(p),
    maxmem: 256 * N * Number(r),
  });
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/**
 * The stored "hash" of a player's hub user: players sign in through the game, never with e-mail and
 * password, so no password can ever match it (`verifyPassword` rejects a non-scrypt value).
 */
export function playerPasswordPlaceholder(): string {
  return `!player-${generateToken()}`;
}

// Verifying against this when the e-mail is unknown keeps login timing independent of account existence.
let dummyHash: Promise<string> | undefined;
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword('not-a-real-password');
  return dummyHash;
}
