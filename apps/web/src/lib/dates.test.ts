import { formatDateTime as formatDateTimeIn } from '@cwh/domain';
import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, viewerTimeZone } from './dates';

// The date rule itself (every locale, GMT offsets, never UTC) is tested in the domain:
// packages/domain/src/time/format.test.ts. Here only what the web adds: the viewer's time zone.

const WAR_START = '2025-10-31T14:00:00Z';

describe('viewer time zone', () => {
  it('is the browser zone', () => {
    expect(viewerTimeZone()).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
  });

  it('is where dates are shown unless a zone is given', () => {
    expect(formatDateTime(WAR_START, 'en')).toBe(formatDateTimeIn(WAR_START, 'en', viewerTimeZone()));
    expect(formatDateTime(WAR_START, 'pt', 'America/Sao_Paulo')).toBe('31 de out. de 2025, 11:00 GMT-3');
    expect(formatDate(WAR_START, 'jp', 'UTC')).toBe('2025年10月31日');
  });
});
