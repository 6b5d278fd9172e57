import { afterAll, describe, expect, it } from 'vitest';
import { i18n, initI18n, loadLocale } from './i18n';

initI18n();

/** t() in a language, as the page would call it. */
async function tIn(locale: Parameters<typeof loadLocale>[0], key: string, options: Record<string, unknown>) {
  await loadLocale(locale);
  return i18n.t(key, options);
}

afterAll(async () => {
  await loadLocale('en');
});

describe('plural forms through count', () => {
  it('English: one player, two players', async () => {
    expect(await tIn('en', 'ladder:select.lead', { count: 1, thLevel: 17 })).toBe(
      'Choose exactly 1 player at Town Hall 17 for this match. The captain always plays.',
    );
    expect(await tIn('en', 'ladder:select.lead', { count: 2, thLevel: 17 })).toBe(
      'Choose exactly 2 players at Town Hall 17 for this match. The captain always plays.',
    );
    expect(await tIn('en', 'matches:prizes.teamCount', { count: 1 })).toBe('1 team');
    expect(await tIn('en', 'matches:prizes.teamCount', { count: 2 })).toBe('2 teams');
    expect(await tIn('en', 'matches:prizes.matchCount', { count: 1 })).toBe('1 match');
    expect(await tIn('en', 'matches:prizes.matchCount', { count: 2 })).toBe('2 matches');
    expect(await tIn('en', 'leaderboard:rule.cup', { count: 1 })).toBe(
      'The top team advances to the Finals.',
    );
    expect(await tIn('en', 'leaderboard:rule.cup', { count: 2 })).toBe(
      'The top 2 teams advance to the Finals.',
    );
  });

  it('French: un joueur, deux joueurs (and a million: "de joueurs")', async () => {
    expect(await tIn('fr', 'ladder:select.lead', { count: 1, thLevel: 17 })).toBe(
      'Choisissez exactement 1 joueur de niveau Hôtel de ville 17 pour ce match. Le capitaine joue toujours.',
    );
    expect(await tIn('fr', 'ladder:select.lead', { count: 2, thLevel: 17 })).toBe(
      'Choisissez exactement 2 joueurs de niveau Hôtel de ville 17 pour ce match. Le capitaine joue toujours.',
    );
    expect(await tIn('fr', 'matches:prizes.teamCount', { count: 1 })).toBe('1 équipe');
    expect(await tIn('fr', 'matches:prizes.teamCount', { count: 2 })).toBe('2 équipes');
    expect(await tIn('fr', 'matches:prizes.matchCount', { count: 1_000_000 })).toBe('1000000 de matchs');
    expect(await tIn('fr', 'leaderboard:rule.championship', { count: 1 })).toBe(
      'La meilleure équipe accède au qualificatif mensuel.',
    );
    expect(await tIn('fr', 'leaderboard:rule.championship', { count: 2 })).toBe(
      'Les 2 meilleures équipes accèdent au qualificatif mensuel.',
    );
  });

  it('Japanese, Korean and Traditional Chinese use their one form (_other) for 1 as for 2', async () => {
    expect(await tIn('jp', 'matches:prizes.teamCount', { count: 1 })).toBe('1チーム');
    expect(await tIn('jp', 'matches:prizes.teamCount', { count: 2 })).toBe('2チーム');
    expect(await tIn('ko', 'matches:prizes.teamCount', { count: 1 })).toBe('1개 팀');
    expect(await tIn('ko', 'matches:prizes.teamCount', { count: 2 })).toBe('2개 팀');
    expect(await tIn('zh_TW', 'matches:prizes.teamCount', { count: 1 })).toBe('1 支隊伍');
    expect(await tIn('zh_TW', 'matches:prizes.teamCount', { count: 2 })).toBe('2 支隊伍');
    for (const locale of ['jp', 'ko', 'zh_TW'] as const) {
      await loadLocale(locale);
      expect(i18n.exists('ladder:select.lead_other', { lng: locale, fallbackLng: [] })).toBe(true);
      expect(i18n.exists('ladder:select.lead_one', { lng: locale, fallbackLng: [] })).toBe(false);
    }
  });

  it('the prizes sentence reads with both counts inside', async () => {
    const sentence = async (locale: Parameters<typeof loadLocale>[0]) => {
      await loadLocale(locale);
      return i18n.t('matches:prizes.finals', {
        teams: i18n.t('matches:prizes.teamCount', { count: 8 }),
        matches: i18n.t('matches:prizes.matchCount', { count: 1 }),
        city: 'Atlanta',
      });
    };
    expect(await sentence('en')).toBe('8 teams, 1 match over three days in Atlanta.');
    expect(await sentence('de')).toBe('8 Teams, 1 Match an drei Tagen in Atlanta.');
  });
});
