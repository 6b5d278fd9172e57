import type { FastifyRequest } from 'fastify';

/** Country of the caller: the configured Cloudflare-trace style endpoint, else CDN headers, else 'XX'. */
export interface CountryLookupOptions {
  traceUrl: string | undefined;
  timeoutMs?: number;
  fetch?: typeof fetch;
}

const COUNTRY = /^[A-Z]{2}$/;
export const UNKNOWN_COUNTRY = 'XX';

/** Reads `loc=CA` out of a Cloudflare trace (`key=value` lines). */
export function parseTrace(text: string): string | null {
  for (const line of text.split(/\r?\n/)) {
    const [key, value] = line.split('=', 2);
    if (key?.trim() === 'loc' && value) {
      const code = value.trim().toUpperCase();
      return COUNTRY.test(code) ? code : null;
    }
  }
  return null;
}

function headerCountry(request: FastifyRequest): string | null {
  for (const name of ['cf-ipcountry', 'x-country']) {
    const raw = request.headers[name];
    const value = (Array.isArray(raw) ? raw[0] : raw)?.trim().toUpperCase();
    if (value && COUNTRY.test(value)) return value;
  }
  return null;
}

export async function lookupCountry(request: FastifyRequest, options: CountryLookupOptions): Promise<string> {
  if (options.traceUrl) {
    try {
      const response = await (options.fetch ?? fetch)(options.traceUrl, {
        signal: AbortSignal.timeout(options.timeoutMs ?? 2_000),
        headers: { 'x-forwarded-for': request.ip },
      });
      if (response.ok) {
        const code = parseTrace(await response.text());
        if (code) return code;
      }
    } catch (error) {
      request.log.warn({ err: error }, 'country trace lookup failed');
    }
  }
  return headerCountry(request) ?? UNKNOWN_COUNTRY;
}
