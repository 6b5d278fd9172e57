import type { ErrorObject, PageMeta } from '@cwh/contract';

export const DEFAULT_PAGE_SIZE = 25;

export interface PageRequest {
  number: number;
  size: number;
  offset: number;
}

export function pageRequest(query: { 'page[number]'?: number; 'page[size]'?: number }): PageRequest {
  const number = query['page[number]'] ?? 1;
  const size = query['page[size]'] ?? DEFAULT_PAGE_SIZE;
  return { number, size, offset: (number - 1) * size };
}

export function pageMeta(page: PageRequest, total: number): PageMeta {
  return {
    page: {
      number: page.number,
      size: page.size,
      total,
      totalPages: Math.max(1, Math.ceil(total / page.size)),
    },
  };
}

/** ISO 8601 without milliseconds, the date format the spec uses on the wire. */
export function isoSeconds(date: Date): string {
  return date.toISOString().replace(/\.\d{3}Z$/, 'Z');
}

export const identifier = <T extends string>(type: T, id: string) => ({ type, id });

/** The `meta.message` line the web's API error wrapper shows: status, method, path and the errors. */
export function errorMessage(status: number, method: string, path: string, errors: ErrorObject[]): string {
  const parts = errors.map((e) => (e.detail ? `${e.code} — ${e.detail}` : e.code));
  return `${status} ${method} ${path}: ${parts.join('; ')}`;
}
