import type { EventResource } from '@cwh/contract';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n, loadLocale } from '../../../i18n/i18n';
import { changeField } from '../../../test-fields';
import { adminApi } from './admin-api';
import { NameTranslationsForm, namesToSave } from './name-translations-form';

const event = {
  id: 'event-1',
  type: 'events',
  attributes: {
    name: 'Spring Open',
    nameTranslations: { fr: 'Open de printemps', de: 'Frühlingsturnier' },
    status: 'active',
    date: { from: '2026-04-01T00:00:00Z', to: '2026-04-30T23:59:59Z' },
    competition: 'championship',
    thLevels: [17],
  },
} as EventResource;

describe('the console’s names in other languages', () => {
  const fetchMock = vi.fn(async () => new Response(JSON.stringify({ data: event }), { status: 200 }));
  beforeEach(async () => {
    await loadLocale('en');
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(async () => {
    vi.unstubAllGlobals();
    fetchMock.mockClear();
    await loadLocale('en');
  });

  const renderForm = (onSaved = vi.fn()) => {
    render(
      <I18nextProvider i18n={initI18n()}>
        <NameTranslationsForm
          names={event.attributes.nameTranslations}
          save={(nameTranslations) => adminApi.changeEvent(event, { nameTranslations })}
          onSaved={onSaved}
          testId="event-names-form"
        />
      </I18nextProvider>,
    );
    return onSaved;
  };
  const sent = () => {
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toContain('/events/event-1');
    expect(init.method).toBe('PUT');
    return JSON.parse(String(init.body)).data.attributes;
  };

  it('has one field per locale but English, each labelled with the language’s own name', () => {
    renderForm();
    const labels = [
      'Français',
      'Italiano',
      'Deutsch',
      'Español',
      'Português',
      '日本語',
      '한국어',
      '繁體中文',
    ];
    for (const label of labels) expect(screen.getByLabelText(label).tagName).toBe('INPUT');
    expect(screen.queryByLabelText('English')).toBeNull();
    expect((screen.getByLabelText('Français') as HTMLInputElement).value).toBe('Open de printemps');
    expect((screen.getByLabelText('Italiano') as HTMLInputElement).value).toBe('');
  });

  it('saves through the event’s update: names trimmed, an emptied field removed, the event unchanged', async () => {
    const onSaved = renderForm();
    changeField(screen.getByLabelText('Deutsch'), { target: { value: '   ' } });
    changeField(screen.getByLabelText('한국어'), { target: { value: ' 봄 오픈 ' } });
    fireEvent.submit(screen.getByTestId('event-names-form'));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(sent()).toEqual({
      name: 'Spring Open',
      status: 'active',
      date: event.attributes.date,
      competition: 'championship',
      thLevels: [17],
      nameTranslations: { fr: 'Open de printemps', ko: '봄 오픈' },
    });
    expect(screen.getByRole('status').textContent).toBe('Names saved.');
  });

  it('a refused save says so and does not count as saved', async () => {
    fetchMock.mockImplementationOnce(
      async () =>
        new Response(
          JSON.stringify({
            errors: [{ status: '400', code: 'VALIDATION_FAILED', title: 'Validation failed' }],
          }),
          { status: 400 },
        ),
    );
    const onSaved = renderForm();
    fireEvent.submit(screen.getByTestId('event-names-form'));
    expect((await screen.findByRole('alert')).textContent).not.toBe('');
    expect(onSaved).not.toHaveBeenCalled();
  });

  it('shows its texts in the console’s language', async () => {
    await loadLocale('fr');
    renderForm();
    expect(screen.getByRole('heading', { level: 3 }).textContent).toBe('Noms dans d’autres langues');
    expect(screen.getByRole('button', { name: 'Enregistrer les noms' }).getAttribute('type')).toBe('submit');
  });

  it('namesToSave keeps only filled-in hub locales', () => {
    expect(namesToSave({ fr: ' a ', it: '', en: 'x', xx: 'y', zh_TW: '名' })).toEqual({
      fr: 'a',
      zh_TW: '名',
    });
  });
});
