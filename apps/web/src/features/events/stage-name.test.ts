import { beforeEach, describe, expect, it } from 'vitest';
import { i18n, initI18n, loadLocale } from '../../i18n/i18n';
import { KNOWN_STAGE_NAMES, localizedName, STAGE_CODE_NAMES, stageCodeName } from './stage-name';

const t = () => i18n.getFixedT(i18n.language, 'stages');

describe('stage and event names in the player’s language', () => {
  beforeEach(async () => {
    initI18n();
    await loadLocale('en');
    await i18n.changeLanguage('en');
  });

  it('every stage name of the spec is known (section 1), each with its text in English', () => {
    const spec = [
      'Open Qualifier',
      'Monthly Qualifier',
      'Monthly Finals',
      'Stage 4',
      'Stage 5',
      'Championship Finals',
      'Last Chance Qualifier',
      'China Qualifier',
      'China Winner',
      'LCQ Winner',
      'Community Tournament',
      'Chinese Regional Qualifier',
      'Ladder',
      'Finals',
    ];
    for (const name of spec) {
      expect(KNOWN_STAGE_NAMES[name.toLowerCase()], name).toBeDefined();
      expect(localizedName(name, t())).toBe(name);
    }
  });

  it('translates known stage names, whatever their case, and keeps an organizer’s own name', async () => {
    await loadLocale('fr');
    await i18n.changeLanguage('fr');
    expect(localizedName('Last Chance Qualifier', t())).toBe('Qualification de la dernière chance');
    expect(localizedName('monthly qualifier', t())).toBe('Qualification mensuelle');
    expect(localizedName('Chinese Regional Qualifier', t())).toBe('Qualification régionale chinoise');
    expect(localizedName('Spring Invitational', t())).toBe('Spring Invitational');
    expect(localizedName('[TEST] Championship sandbox', t())).toBe('[TEST] Championship sandbox');
  });

  it('translates the seasons’ event names with their year or town hall level', async () => {
    await loadLocale('de');
    await i18n.changeLanguage('de');
    expect(localizedName('Clash of Clans Championship 2026', t())).toBe('Clash of Clans Meisterschaft 2026');
    expect(localizedName('Town Hall Cup TH9', t())).toBe('Rathaus-Cup RH9');
    expect(localizedName('Championship TH17', t())).toBe('Meisterschaft RH17');
    expect(localizedName('2025 World Finals', t())).toBe('Weltfinale 2025');
  });

  it('names every stage code, so the badge and the name agree', async () => {
    await loadLocale('jp');
    await i18n.changeLanguage('jp');
    for (const code of Object.keys(STAGE_CODE_NAMES)) expect(stageCodeName(code, t())).not.toBe(code);
    expect(stageCodeName('LCQ', t())).toBe('ラストチャンス予選');
  });
});
