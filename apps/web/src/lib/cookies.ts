const DAY_SECONDS = 24 * 60 * 60;

export function readCookie(name: string, source: string = document.cookie): string | null {
  for (const part of source.split(';')) {
    const [rawKey, ...rest] = part.trim().split('=');
    if (rawKey === name) return decodeURIComponent(rest.join('='));
  }
  return null;
}

export function writeCookie(name: string, value: string, maxAgeDays: number): void {
  const maxAge = Math.round(maxAgeDays * DAY_SECONDS);
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is not available in every game web view
  document.cookie = `${name}=${encodeURIComponent(value)}; path=/; max-age=${maxAge}; SameSite=Lax`;
}
