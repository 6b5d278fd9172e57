import { LOCALES } from '@cwh/domain';
import { describe, expect, it } from 'vitest';
import { type AnnouncementKind, announcementText, discordPayload } from './announcement-texts.js';

const PARAMS = {
  event: 'Spring Open',
  stage: 'Monthly Finals',
  teams: 8,
  home: 'Red Dragons',
  away: 'Blue Owls',
  homeStars: 9,
  awayStars: 4,
  winner: 'Red Dragons',
};
const KINDS: AnnouncementKind[] = ['stageStarted', 'finalsResult', 'advancement', 'test'];

describe('announcement texts', () => {
  it.each(LOCALES)('%s: every kind is filled in, with no placeholder left', (locale) => {
    for (const kind of KINDS) {
      const { title, line } = announcementText(kind, PARAMS, locale);
      expect(`${title} ${line}`).not.toMatch(/\{\w+\}/);
      expect(title.length).toBeGreaterThan(0);
    }
    expect(announcementText('finalsResult', PARAMS, locale).title).toContain('Red Dragons 9 – 4 Blue Owls');
  });

  it('each locale has its own words (not English copied)', () => {
    const titles = LOCALES.map((locale) => announcementText('test', PARAMS, locale).title);
    expect(new Set(titles).size).toBe(LOCALES.length);
  });

  it('a draw and an advancement without teams say so; an unknown locale falls back to English', () => {
    expect(announcementText('finalsResult', { ...PARAMS, winner: '' }, 'de').line).toBe('Unentschieden.');
    expect(announcementText('advancement', { ...PARAMS, teams: [] }, 'en').line).toBe('No team advances.');
    expect(announcementText('advancement', { ...PARAMS, teams: ['A', 'B'] }, 'xx').line).toBe('A, B');
  });

  it('the payload pings nobody, even a team named @everyone', () => {
    const payload = discordPayload('finalsResult', { ...PARAMS, home: '@everyone' }, 'en');
    expect(payload.allowed_mentions).toEqual({ parse: [] });
    expect(payload.content).toContain('@everyone');
    expect(payload.embeds[0]?.description).toBe('Red Dragons wins.');
  });
});
