import { DEFAULT_LOCALE, type Locale } from '@cwh/domain';
import i18next, { type Resource } from 'i18next';
import { initReactI18next } from 'react-i18next';
import enAdmin from './locales/en/admin.json';
import enAdminMatches from './locales/en/adminmatches.json';
import enAdminNames from './locales/en/adminnames.json';
import enAdminPeriods from './locales/en/adminperiods.json';
import enAdminPickban from './locales/en/adminpickban.json';
import enAdminRosters from './locales/en/adminrosters.json';
import enAdminStages from './locales/en/adminstages.json';
import enAdminUsers from './locales/en/adminusers.json';
import enBrackets from './locales/en/brackets.json';
import enChatAccount from './locales/en/chataccount.json';
import enCheckins from './locales/en/checkins.json';
import enCommon from './locales/en/common.json';
import enDisputes from './locales/en/disputes.json';
import enErrors from './locales/en/errors.json';
import enFinals from './locales/en/finals.json';
import enHome from './locales/en/home.json';
import enLadder from './locales/en/ladder.json';
import enLeaderboard from './locales/en/leaderboard.json';
import enMatchChat from './locales/en/matchchat.json';
import enMatchDetail from './locales/en/matchdetail.json';
import enMatches from './locales/en/matches.json';
import enOfficialWar from './locales/en/officialwar.json';
import enPages from './locales/en/pages.json';
import enPickban from './locales/en/pickban.json';
import enRegistration from './locales/en/registration.json';
import enSession from './locales/en/session.json';
import enSimulator from './locales/en/simulator.json';
import enStages from './locales/en/stages.json';
import enTeamChat from './locales/en/teamchat.json';
import enTeams from './locales/en/teams.json';
import enWar from './locales/en/war.json';

export const NAMESPACES = [
  'common',
  'home',
  'pages',
  'errors',
  'session',
  'registration',
  'teams',
  'simulator',
  'ladder',
  'matches',
  'war',
  'officialwar',
  'leaderboard',
  'admin',
  'adminstages',
  'adminusers',
  'checkins',
  'chataccount',
  'finals',
  'brackets',
  'adminmatches',
  'adminperiods',
  'adminrosters',
  'pickban',
  'adminpickban',
  'stages',
  'matchdetail',
  'teamchat',
  'matchchat',
  'disputes',
  'adminnames',
] as const;
export type Namespace = (typeof NAMESPACES)[number];

export const enResources = {
  common: enCommon,
  home: enHome,
  pages: enPages,
  errors: enErrors,
  session: enSession,
  registration: enRegistration,
  teams: enTeams,
  simulator: enSimulator,
  ladder: enLadder,
  matches: enMatches,
  war: enWar,
  officialwar: enOfficialWar,
  leaderboard: enLeaderboard,
  admin: enAdmin,
  adminstages: enAdminStages,
  adminusers: enAdminUsers,
  checkins: enCheckins,
  chataccount: enChatAccount,
  finals: enFinals,
  brackets: enBrackets,
  adminmatches: enAdminMatches,
  adminperiods: enAdminPeriods,
  adminrosters: enAdminRosters,
  pickban: enPickban,
  adminpickban: enAdminPickban,
  stages: enStages,
  matchdetail: enMatchDetail,
  teamchat: enTeamChat,
  matchchat: enMatchChat,
  disputes: enDisputes,
  adminnames: enAdminNames,
};

// Every other language is a separate chunk per namespace, fetched when first needed.
const lazyResources = import.meta.glob<{ default: Record<string, unknown> }>([
  './locales/*/*.json',
  '!./locales/en/*.json',
]);

export const i18n = i18next.createInstance();

/**
 * i18next picks plural forms (`key_one`, `key_other`, …) with Intl.PluralRules of the language code.
 * The hub's `jp` is not a language Intl knows, so it would get English rules and look for `_one`;
 * Japanese has only `_other`. Plural rules are asked for with the BCP 47 language instead.
 */
const PLURAL_RULES_LANGUAGE: Readonly<Record<string, string>> = { jp: 'ja', zh_TW: 'zh-TW' };

function askPluralRulesOfTheLanguage(): void {
  const resolver: { getRule(code: string, options?: object): unknown } = i18n.services.pluralResolver;
  const getRule = resolver.getRule.bind(resolver);
  resolver.getRule = (code, options) => getRule(PLURAL_RULES_LANGUAGE[code] ?? code, options);
}

export function initI18n(): typeof i18n {
  if (!i18n.isInitialized) {
    void i18n.use(initReactI18next).init({
      lng: DEFAULT_LOCALE,
      fallbackLng: DEFAULT_LOCALE,
      ns: [...NAMESPACES],
      defaultNS: 'common',
      resources: { en: enResources } as Resource,
      interpolation: { escapeValue: false },
      returnNull: false,
      initAsync: false,
      react: { useSuspense: false },
    });
    askPluralRulesOfTheLanguage();
  }
  return i18n;
}

export async function loadLocale(locale: Locale): Promise<void> {
  initI18n();
  if (locale !== DEFAULT_LOCALE && !i18n.hasResourceBundle(locale, 'common')) {
    await Promise.all(
      NAMESPACES.map(async (ns) => {
        const load = lazyResources[`./locales/${locale}/${ns}.json`];
        if (!load) return;
        const module = await load();
        i18n.addResourceBundle(locale, ns, module.default, true, true);
      }),
    );
  }
  if (i18n.language !== locale) await i18n.changeLanguage(locale);
}
