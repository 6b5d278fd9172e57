import { act, renderHook } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { i18n, initI18n, loadLocale } from '../../i18n/i18n';
import { useEventName, useStageName } from './stage-name';

const wrapper = ({ children }: { children: React.ReactNode }) => (
  <I18nextProvider i18n={initI18n()}>{children}</I18nextProvider>
);

/** Issue #10: the organizer's name for the page's locale first, then the hub's translation, then the name. */
describe('event and stage names the organizer gave per locale', () => {
  const event = {
    attributes: { name: 'Spring Invitational', nameTranslations: { fr: 'Invitation de printemps' } },
  };
  const knownStage = {
    attributes: { name: 'Last Chance Qualifier', nameTranslations: { fr: 'Ultime repêchage' } },
  };
  const ownStage = {
    attributes: { name: 'Spring ladder', nameTranslations: { fr: 'Échelle de printemps' } },
  };
  const olderServer = { attributes: { name: 'Last Chance Qualifier' } };

  beforeEach(async () => {
    initI18n();
    await loadLocale('en');
  });
  afterEach(async () => {
    await act(() => loadLocale('en'));
  });

  const names = () => {
    const { result } = renderHook(() => ({ event: useEventName(), stage: useStageName() }), { wrapper });
    return result;
  };

  it('in English shows the default names (English is the name itself)', () => {
    const result = names();
    expect(result.current.event(event)).toBe('Spring Invitational');
    expect(result.current.stage(knownStage)).toBe('Last Chance Qualifier');
    expect(result.current.stage(ownStage)).toBe('Spring ladder');
  });

  it('in French prefers the organizer’s French names, even over the hub’s translation of a known name', async () => {
    await act(() => loadLocale('fr'));
    const result = names();
    expect(result.current.event(event)).toBe('Invitation de printemps');
    expect(result.current.stage(knownStage)).toBe('Ultime repêchage');
    expect(result.current.stage(ownStage)).toBe('Échelle de printemps');
    // A document without the attribute (an older server) keeps the known-name translation.
    expect(result.current.stage(olderServer)).toBe('Qualification de la dernière chance');
  });

  it('in German, with no German name given, falls back to the hub’s translation, then to the name', async () => {
    await act(() => loadLocale('de'));
    expect(i18n.language).toBe('de');
    const result = names();
    expect(result.current.stage(knownStage)).not.toBe('Last Chance Qualifier');
    expect(result.current.stage(knownStage)).toBe(result.current.stage(olderServer));
    expect(result.current.stage(ownStage)).toBe('Spring ladder');
    expect(result.current.event(event)).toBe('Spring Invitational');
    expect(result.current.event({ attributes: { name: 'Town Hall Cup TH9', nameTranslations: {} } })).toBe(
      'Rathaus-Cup RH9',
    );
  });
});
