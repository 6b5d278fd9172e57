import { describe, expect, it } from 'vitest';
import { formatDateTime, viewerTimeZone } from './dates';

describe('dates', () => {
  it('formats in the given time zone with a GMT offset, per locale', () => {
    expect(formatDateTime('2025-10-31T14:00:00Z', 'en', 'UTC')).toMatch(/31 Oct 2025.*14:00/);
    expect(formatDateTime('2025-10-31T14:00:00Z', 'de', 'Europe/Berlin')).toMatch(/31\. Okt\. 2025.*15:00/);
  });

  it('defaults to the viewer time zone', () => {
    expect(viewerTimeZone()).toBeTruthy();
  });
});
