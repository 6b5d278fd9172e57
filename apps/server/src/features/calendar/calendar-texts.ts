import type { Locale } from '@cwh/domain';

/**
 * The texts of the calendar feeds in the 9 locales (`?lang=`), with `{name}` placeholders filled by
 * `calendarText`. The words follow the web's own (apps/web/src/i18n/locales: "vs", "TBD", stage,
 * check-in window).
 */
export type CalendarTextKey =
  | 'teamCalendar'
  | 'teamDescription'
  | 'eventCalendar'
  | 'eventDescription'
  | 'match'
  | 'tbd'
  | 'stageLine'
  | 'matchPage'
  | 'checkIn';

type Texts = Record<CalendarTextKey, string>;

const TEXTS: Record<Locale, Texts> = {
  en: {
    teamCalendar: '{team} · matches · Clan War Hub',
    teamDescription: 'The matches of {team} in {event}, kept up to date by Clan War Hub.',
    eventCalendar: '{event} · Clan War Hub',
    eventDescription: 'Stages, check-in windows and scheduled matches of {event}.',
    match: '{team} vs {opponent} · {stage}',
    tbd: 'TBD',
    stageLine: 'Stage: {stage}',
    matchPage: 'Match page: {url}',
    checkIn: 'Check-in window: {stage}',
  },
  fr: {
    teamCalendar: '{team} · matchs · Clan War Hub',
    teamDescription: 'Les matchs de {team} dans {event}, tenus à jour par Clan War Hub.',
    eventCalendar: '{event} · Clan War Hub',
    eventDescription: 'Étapes, fenêtres de check-in et matchs programmés de {event}.',
    match: '{team} contre {opponent} · {stage}',
    tbd: 'À déterminer',
    stageLine: 'Étape : {stage}',
    matchPage: 'Page du match : {url}',
    checkIn: 'Fenêtre de check-in : {stage}',
  },
  it: {
    teamCalendar: '{team} · partite · Clan War Hub',
    teamDescription: 'Le partite di {team} in {event}, aggiornate da Clan War Hub.',
    eventCalendar: '{event} · Clan War Hub',
    eventDescription: 'Fasi, finestre di check-in e partite in programma di {event}.',
    match: '{team} contro {opponent} · {stage}',
    tbd: 'Da definire',
    stageLine: 'Fase: {stage}',
    matchPage: 'Pagina della partita: {url}',
    checkIn: 'Finestra di check-in: {stage}',
  },
  de: {
    teamCalendar: '{team} · Matches · Clan War Hub',
    teamDescription: 'Die Matches von {team} in {event}, aktuell gehalten von Clan War Hub.',
    eventCalendar: '{event} · Clan War Hub',
    eventDescription: 'Stufen, Check-in-Zeitfenster und geplante Matches von {event}.',
    match: '{team} gegen {opponent} · {stage}',
    tbd: 'Offen',
    stageLine: 'Stufe: {stage}',
    matchPage: 'Match-Seite: {url}',
    checkIn: 'Check-in-Zeitfenster: {stage}',
  },
  es: {
    teamCalendar: '{team} · partidas · Clan War Hub',
    teamDescription: 'Las partidas de {team} en {event}, actualizadas por Clan War Hub.',
    eventCalendar: '{event} · Clan War Hub',
    eventDescription: 'Fases, ventanas de check-in y partidas programadas de {event}.',
    match: '{team} contra {opponent} · {stage}',
    tbd: 'Por definir',
    stageLine: 'Fase: {stage}',
    matchPage: 'Página de la partida: {url}',
    checkIn: 'Ventana de check-in: {stage}',
  },
  pt: {
    teamCalendar: '{team} · partidas · Clan War Hub',
    teamDescription: 'As partidas de {team} em {event}, atualizadas pelo Clan War Hub.',
    eventCalendar: '{event} · Clan War Hub',
    eventDescription: 'Fases, janelas de check-in e partidas agendadas de {event}.',
    match: '{team} contra {opponent} · {stage}',
    tbd: 'A definir',
    stageLine: 'Fase: {stage}',
    matchPage: 'Página da partida: {url}',
    checkIn: 'Janela de check-in: {stage}',
  },
  jp: {
    teamCalendar: '{team}・試合・Clan War Hub',
    teamDescription: '{event}での{team}の試合（Clan War Hubが最新の状態に保ちます）。',
    eventCalendar: '{event}・Clan War Hub',
    eventDescription: '{event}のステージ、チェックイン受付期間、予定された試合。',
    match: '{team} 対 {opponent}・{stage}',
    tbd: '未定',
    stageLine: 'ステージ：{stage}',
    matchPage: '試合ページ：{url}',
    checkIn: 'チェックイン受付期間：{stage}',
  },
  ko: {
    teamCalendar: '{team} · 경기 · Clan War Hub',
    teamDescription: '{event}에서 {team}의 경기 (Clan War Hub가 최신 상태로 유지합니다).',
    eventCalendar: '{event} · Clan War Hub',
    eventDescription: '{event}의 스테이지, 체크인 기간, 예정된 경기.',
    match: '{team} 대 {opponent} · {stage}',
    tbd: '미정',
    stageLine: '스테이지: {stage}',
    matchPage: '경기 페이지: {url}',
    checkIn: '체크인 기간: {stage}',
  },
  zh_TW: {
    teamCalendar: '{team}・比賽・Clan War Hub',
    teamDescription: '{team} 在 {event} 的比賽，由 Clan War Hub 隨時更新。',
    eventCalendar: '{event}・Clan War Hub',
    eventDescription: '{event} 的階段、報到時段與已排定的比賽。',
    match: '{team} 對 {opponent}・{stage}',
    tbd: '待定',
    stageLine: '階段：{stage}',
    matchPage: '比賽頁面：{url}',
    checkIn: '報到時段：{stage}',
  },
};

/** Every text of every locale (the locale test compares their placeholders). */
export const CALENDAR_TEXTS = TEXTS;

/** The text `key` in `locale` with its `{name}` placeholders filled from `values`. */
export function calendarText(
  locale: Locale,
  key: CalendarTextKey,
  values: Record<string, string> = {},
): string {
  return TEXTS[locale][key].replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);
}
