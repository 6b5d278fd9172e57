import type { NameTranslations } from '@cwh/contract';
import { LOCALES } from '@cwh/domain';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGUAGE_NAMES } from '../../../i18n/languages';
import { Field, useAction } from './admin-ui';

/** The locales an organizer names things in besides English (the name itself); the contract's
 * NAME_TRANSLATION_LOCALES, taken from the domain so the console does not bundle the zod schemas. */
const NAME_TRANSLATION_LOCALES = LOCALES.filter((locale) => locale !== 'en');

/** The most a name may have, as the server's admin bodies allow it. */
const NAME_MAX = 200;

/** The names to send: each field trimmed, an empty field left out (the locale falls back). */
export function namesToSave(fields: Readonly<Record<string, string>>): NameTranslations {
  const names: NameTranslations = {};
  for (const locale of NAME_TRANSLATION_LOCALES) {
    const value = fields[locale]?.trim();
    if (value) names[locale] = value;
  }
  return names;
}

/**
 * An event's or a segment's names in the hub's other languages (issue #10): one field per locale,
 * labelled with the language's own name. Saved whole through `save` (the existing update call);
 * an empty field removes that locale's name, which then falls back to the default name.
 */
export function NameTranslationsForm({
  names,
  save,
  onSaved,
  testId,
}: {
  names: NameTranslations | undefined;
  save: (nameTranslations: NameTranslations) => Promise<unknown>;
  onSaved?: () => void;
  testId: string;
}) {
  const { t } = useTranslation('adminnames');
  const [fields, setFields] = useState<Record<string, string>>(() => ({ ...names }));
  const { run, busy, message } = useAction();

  async function submit(e: FormEvent) {
    e.preventDefault();
    const ok = await run(() => save(namesToSave(fields)), t('saved'));
    if (ok) onSaved?.();
  }

  return (
    <section className="name-translations">
      <h3>{t('title')}</h3>
      <p className="muted">{t('hint')}</p>
      <form className="admin-form" onSubmit={submit} data-testid={testId}>
        {NAME_TRANSLATION_LOCALES.map((locale) => (
          <Field key={locale} label={LANGUAGE_NAMES[locale]}>
            <input
              className="input"
              lang={locale === 'jp' ? 'ja' : locale.replace('_', '-')}
              maxLength={NAME_MAX}
              value={fields[locale] ?? ''}
              onChange={(e) => setFields((current) => ({ ...current, [locale]: e.target.value }))}
            />
          </Field>
        ))}
        <button className="button" type="submit" disabled={busy}>
          {t('save')}
        </button>
      </form>
      {message}
    </section>
  );
}
