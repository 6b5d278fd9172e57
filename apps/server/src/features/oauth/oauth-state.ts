import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Stateless OAuth `state`: user id, return URI hash and expiry, signed with HMAC so any instance
 * can check it without shared storage.
 */
export function signState(
  key: string,
  payload: { userId: string; returnUri: string; expires: number },
): string {
  const body = Buffer.from(
    JSON.stringify({ u: payload.userId, r: payload.returnUri, e: payload.expires }),
  ).toString('base64url');
  const mac = createHmac('sha256', key).update(body).digest('base64url');
  return `${body}.${mac}`;
}

export function verifyState(
  key: string,
  state: string,
  now: number,
): { userId: string; returnUri: string } | null {
  const [body, mac] = state.split('.');
  if (!body || !mac) return null;
  const expected = createHmac('sha256', key).update(body).digest();
  const given = Buffer.from(mac, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const parsed = JSON.parse(Buffer.from(body, 'base64url').toString()) as {
      u: string;
      r: string;
      e: number;
    };
    if (typeof parsed.e !== 'number' || parsed.e < now) return null;
    return { userId: parsed.u, returnUri: parsed.r };
  } catch {
    return null;
  }
}
