import { DEFAULT_LOCALE, isLocale, type Locale, localeFromLanguageTag } from '@cwh/domain';

/**
 * The hub's mails in the 9 locales (issue #31: every mail in the user's language). A mail is a
 * subject and lines; `{link}`, `{code}` and `{minutes}` are filled in by `mailText`.
 */
interface MailTemplate {
  subject: string;
  lines: string[];
}
type MailKind = 'passwordReset' | 'emailVerification';

const TEXTS: Record<Locale, Record<MailKind, MailTemplate>> = {
  en: {
    passwordReset: {
      subject: 'Reset your Clan War Hub password',
      lines: [
        'Someone asked to reset the password of your Clan War Hub account.',
        'Open this link within {minutes} minutes to choose a new one:',
        '{link}',
        'Reset code: {code}',
        'If it was not you, ignore this mail.',
      ],
    },
    emailVerification: {
      subject: 'Confirm your e-mail address for Clan War Hub',
      lines: [
        'This address was added to a Clan War Hub account.',
        'Open this link within 24 hours to confirm it:',
        '{link}',
        'Verification code: {code}',
        'If you do not know this account, ignore this mail.',
      ],
    },
  },
  fr: {
    passwordReset: {
      subject: 'Réinitialisez votre mot de passe Clan War Hub',
      lines: [
        'Quelqu’un a demandé la réinitialisation du mot de passe de votre compte Clan War Hub.',
        'Ouvrez ce lien dans les {minutes} minutes pour en choisir un nouveau :',
        '{link}',
        'Code de réinitialisation : {code}',
        'Si ce n’était pas vous, ignorez ce message.',
      ],
    },
    emailVerification: {
      subject: 'Confirmez votre adresse e-mail pour Clan War Hub',
      lines: [
        'Cette adresse a été ajoutée à un compte Clan War Hub.',
        'Ouvrez ce lien dans les 24 heures pour la confirmer :',
        '{link}',
        'Code de vérification : {code}',
        'Si vous ne connaissez pas ce compte, ignorez ce message.',
      ],
    },
  },
  it: {
    passwordReset: {
      subject: 'Reimposta la password di Clan War Hub',
      lines: [
        'Qualcuno ha chiesto di reimpostare la password del tuo account Clan War Hub.',
        'Apri questo link entro {minutes} minuti per sceglierne una nuova:',
        '{link}',
        'Codice di reimpostazione: {code}',
        'Se non sei stato tu, ignora questa e-mail.',
      ],
    },
    emailVerification: {
      subject: 'Conferma il tuo indirizzo e-mail per Clan War Hub',
      lines: [
        'Questo indirizzo è stato aggiunto a un account Clan War Hub.',
        'Apri questo link entro 24 ore per confermarlo:',
        '{link}',
        'Codice di verifica: {code}',
        'Se non conosci questo account, ignora questa e-mail.',
      ],
    },
  },
  de: {
    passwordReset: {
      subject: 'Setze dein Clan War Hub-Passwort zurück',
      lines: [
        'Jemand hat angefordert, das Passwort deines Clan War Hub-Kontos zurückzusetzen.',
        'Öffne diesen Link innerhalb von {minutes} Minuten, um ein neues zu wählen:',
        '{link}',
        'Code zum Zurücksetzen: {code}',
        'Wenn du das nicht warst, ignoriere diese E-Mail.',
      ],
    },
    emailVerification: {
      subject: 'Bestätige deine E-Mail-Adresse für Clan War Hub',
      lines: [
        'Diese Adresse wurde einem Clan War Hub-Konto hinzugefügt.',
        'Öffne diesen Link innerhalb von 24 Stunden, um sie zu bestätigen:',
        '{link}',
        'Bestätigungscode: {code}',
        'Wenn du dieses Konto nicht kennst, ignoriere diese E-Mail.',
      ],
    },
  },
  es: {
    passwordReset: {
      subject: 'Restablece tu contraseña de Clan War Hub',
      lines: [
        'Alguien ha pedido restablecer la contraseña de tu cuenta de Clan War Hub.',
        'Abre este enlace en los próximos {minutes} minutos para elegir una nueva:',
        '{link}',
        'Código de restablecimiento: {code}',
        'Si no has sido tú, ignora este correo.',
      ],
    },
    emailVerification: {
      subject: 'Confirma tu dirección de correo para Clan War Hub',
      lines: [
        'Esta dirección se ha añadido a una cuenta de Clan War Hub.',
        'Abre este enlace en las próximas 24 horas para confirmarla:',
        '{link}',
        'Código de verificación: {code}',
        'Si no conoces esta cuenta, ignora este correo.',
      ],
    },
  },
  pt: {
    passwordReset: {
      subject: 'Redefina sua senha do Clan War Hub',
      lines: [
        'Alguém pediu para redefinir a senha da sua conta do Clan War Hub.',
        'Abra este link em até {minutes} minutos para escolher uma nova:',
        '{link}',
        'Código de redefinição: {code}',
        'Se não foi você, ignore este e-mail.',
      ],
    },
    emailVerification: {
      subject: 'Confirme seu endereço de e-mail no Clan War Hub',
      lines: [
        'Este endereço foi adicionado a uma conta do Clan War Hub.',
        'Abra este link em até 24 horas para confirmá-lo:',
        '{link}',
        'Código de verificação: {code}',
        'Se você não conhece esta conta, ignore este e-mail.',
      ],
    },
  },
  jp: {
    passwordReset: {
      subject: 'Clan War Hubのパスワードの再設定',
      lines: [
        'あなたのClan War Hubアカウントのパスワード再設定が申請されました。',
        '{minutes}分以内に次のリンクを開いて、新しいパスワードを設定してください:',
        '{link}',
        '再設定コード: {code}',
        '心当たりがない場合は、このメールを無視してください。',
      ],
    },
    emailVerification: {
      subject: 'Clan War Hubのメールアドレスの確認',
      lines: [
        'このアドレスがClan War Hubのアカウントに追加されました。',
        '24時間以内に次のリンクを開いて確認してください:',
        '{link}',
        '確認コード: {code}',
        'このアカウントに心当たりがない場合は、このメールを無視してください。',
      ],
    },
  },
  ko: {
    passwordReset: {
      subject: 'Clan War Hub 비밀번호 재설정',
      lines: [
        'Clan War Hub 계정의 비밀번호 재설정이 요청되었습니다.',
        '{minutes}분 안에 아래 링크를 열어 새 비밀번호를 정하세요:',
        '{link}',
        '재설정 코드: {code}',
        '본인이 요청하지 않았다면 이 메일을 무시하세요.',
      ],
    },
    emailVerification: {
      subject: 'Clan War Hub 이메일 주소 확인',
      lines: [
        '이 주소가 Clan War Hub 계정에 추가되었습니다.',
        '24시간 안에 아래 링크를 열어 확인하세요:',
        '{link}',
        '인증 코드: {code}',
        '이 계정을 모른다면 이 메일을 무시하세요.',
      ],
    },
  },
  zh_TW: {
    passwordReset: {
      subject: '重設你的 Clan War Hub 密碼',
      lines: [
        '有人申請重設你 Clan War Hub 帳號的密碼。',
        '請在 {minutes} 分鐘內開啟此連結以設定新密碼：',
        '{link}',
        '重設代碼：{code}',
        '如果不是你本人申請，請忽略此郵件。',
      ],
    },
    emailVerification: {
      subject: '確認你在 Clan War Hub 的電子郵件地址',
      lines: [
        '此地址已加入一個 Clan War Hub 帳號。',
        '請在 24 小時內開啟此連結以確認：',
        '{link}',
        '驗證代碼：{code}',
        '如果你不認識此帳號，請忽略此郵件。',
      ],
    },
  },
};

/** Every template of every locale (the locale test compares their placeholders). */
export const MAIL_TEXTS = TEXTS;

/** The user's language: their stored locale, else the request's Accept-Language, else English. */
export function mailLocale(stored: string | null | undefined, acceptLanguage?: string | undefined): Locale {
  if (isLocale(stored)) return stored;
  for (const part of (acceptLanguage ?? '').split(',')) {
    const found = localeFromLanguageTag(part.split(';')[0] ?? '');
    if (found) return found;
  }
  return DEFAULT_LOCALE;
}

/** An absolute link to a hub page in `locale` (English has no prefix): `{publicUrl}/fr/admin/…`. */
export function hubLink(publicUrl: string, locale: Locale, path: string): string {
  const prefix = locale === DEFAULT_LOCALE ? '' : `/${locale}`;
  return `${publicUrl.replace(/\/+$/, '')}${prefix}${path}`;
}

export function mailText(
  locale: Locale,
  kind: MailKind,
  values: { link: string; code: string; minutes?: number },
): { subject: string; text: string } {
  const template = TEXTS[locale][kind];
  const fill = (line: string) =>
    line
      .replace('{link}', values.link)
      .replace('{code}', values.code)
      .replace('{minutes}', String(values.minutes ?? ''));
  return { subject: template.subject, text: template.lines.map(fill).join('\n') };
}
