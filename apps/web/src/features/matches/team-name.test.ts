import { describe, expect, it } from 'vitest';
import { i18n, initI18n, loadLocale } from '../../i18n/i18n';
import { teamName } from './team-name';

describe('teamName', () => {
  it("keeps a team's name", () => {
    expect(teamName('Atlanta Titans', 'À déterminer')).toBe('Atlanta Titans');
  });

  it("shows the page language's TBD for a missing side or the API's TBD placeholder", () => {
    expect(teamName(undefined, 'À déterminer')).toBe('À déterminer');
    expect(teamName(null, '未定')).toBe('未定');
    expect(teamName('  ', '미정')).toBe('미정');
    expect(teamName('TBD', '待定')).toBe('待定');
  });

  it('takes the word from the translations', async () => {
    initI18n();
    expect(teamName('TBD', i18n.t('common:tbd'))).toBe('TBD');
    await loadLocale('fr');
    expect(teamName('TBD', i18n.t('common:tbd'))).toBe('À déterminer');
    await loadLocale('en');
  });
});
