import { LOCALES } from '@cwh/domain';
import { describe, expect, it } from 'vitest';
import { CALENDAR_TEXTS, calendarText } from './calendar-texts.js';

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe('calendar texts', () => {
  it('has every text in the 9 locales with the same placeholders as English', () => {
    for (const locale of LOCALES) {
      for (const [key, english] of Object.entries(CALENDAR_TEXTS.en)) {
        const text = CALENDAR_TEXTS[locale][key as keyof typeof CALENDAR_TEXTS.en];
        expect(text.trim(), `${locale}.${key}`).not.toBe('');
        expect(placeholders(text), `${locale}.${key}`).toEqual(placeholders(english));
      }
    }
  });

  it('is translated: no locale but English keeps the English match and check-in texts', () => {
    for (const locale of LOCALES.filter((l) => l !== 'en')) {
      expect(CALENDAR_TEXTS[locale].match, locale).not.toBe(CALENDAR_TEXTS.en.match);
      expect(CALENDAR_TEXTS[locale].checkIn, locale).not.toBe(CALENDAR_TEXTS.en.checkIn);
    }
  });

  it('fills the placeholders, and leaves an unknown one as it is', () => {
    expect(calendarText('de', 'match', { team: 'A', opponent: 'B', stage: 'Finale' })).toBe(
      'A gegen B · Finale',
    );
    expect(calendarText('en', 'stageLine')).toBe('Stage: {stage}');
  });
});
