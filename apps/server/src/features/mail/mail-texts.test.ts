import { LOCALES } from '@cwh/domain';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config.js';
import { hubLink, MAIL_TEXTS, mailLocale, mailText } from './mail-texts.js';

const placeholders = (lines: string[]) =>
  lines
    .join('\n')
    .match(/\{\w+\}/g)
    ?.sort() ?? [];

describe('mail texts in the 9 locales (issue #31)', () => {
  it.each(LOCALES.filter((l) => l !== 'en'))(
    '%s: every mail translated, with the same placeholders',
    (locale) => {
      for (const kind of ['passwordReset', 'emailVerification'] as const) {
        const en = MAIL_TEXTS.en[kind];
        const own = MAIL_TEXTS[locale][kind];
        expect(own.subject).not.toBe(en.subject);
        expect(own.lines.filter((line, i) => line === en.lines[i] && line !== '{link}')).toEqual([]);
        expect(placeholders(own.lines)).toEqual(placeholders(en.lines));
      }
    },
  );

  it('the language: the stored one, else the request, else English', () => {
    expect(mailLocale('ko', 'fr-FR')).toBe('ko');
    expect(mailLocale(null, 'xx, ja;q=0.8')).toBe('jp');
    expect(mailLocale('klingon', 'zh-TW')).toBe('zh_TW');
    expect(mailLocale(undefined, undefined)).toBe('en');
  });

  it('links are absolute, with the locale prefix except for English', () => {
    expect(hubLink('https://hub.example/', 'en', '/admin/password-reset?token=a')).toBe(
      'https://hub.example/admin/password-reset?token=a',
    );
    expect(hubLink('https://hub.example/cwh', 'zh_TW', '/x')).toBe('https://hub.example/cwh/zh_TW/x');
    const mail = mailText('it', 'passwordReset', { link: 'https://h/x', code: 'abc', minutes: 30 });
    expect(mail.text).toContain('entro 30 minuti');
    expect(mail.text.split('\n')).toContain('https://h/x');
  });
});

describe('PUBLIC_URL (config validation)', () => {
  it('defaults to the local address of the port, drops a trailing slash, and refuses what is not an http(s) address', () => {
    expect(loadConfig({ PORT: '9090' }).mail.publicUrl).toBe('http://localhost:9090');
    expect(loadConfig({ PUBLIC_URL: 'https://hub.example.com/' }).mail.publicUrl).toBe(
      'https://hub.example.com',
    );
    for (const bad of ['ftp://hub.example.com', 'hub.example.com', 'https://hub.example.com/?a=1'])
      expect(() => loadConfig({ PUBLIC_URL: bad })).toThrow(ConfigError);
  });
});
