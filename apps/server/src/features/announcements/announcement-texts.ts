import { DEFAULT_LOCALE, isLocale, type Locale } from '@cwh/domain';

/**
 * The announcements' texts in the 9 locales (issue #34: in the event's language). Each is a title
 * and a line; `{name}` is filled from the announcement's parameters, a list joined by commas.
 */
export type AnnouncementKind = 'stageStarted' | 'finalsResult' | 'advancement' | 'test';
export type AnnouncementParams = Record<string, string | number | string[]>;

interface Template {
  title: string;
  line: string;
}
type Texts = Record<AnnouncementKind, Template> & { draw: string; nobody: string };

const TEXTS: Record<Locale, Texts> = {
  en: {
    stageStarted: { title: '{stage} has started', line: '{event}: {teams} teams take part. Good luck!' },
    finalsResult: { title: '{stage}: {home} {homeStars} – {awayStars} {away}', line: '{winner} wins.' },
    advancement: { title: '{stage}: the teams that advance', line: '{teams}' },
    test: { title: 'Test message from Clan War Hub', line: 'Announcements of {event} will be posted here.' },
    draw: 'A draw.',
    nobody: 'No team advances.',
  },
  fr: {
    stageStarted: {
      title: '{stage} a commencé',
      line: '{event} : {teams} équipes participent. Bonne chance !',
    },
    finalsResult: { title: '{stage} : {home} {homeStars} – {awayStars} {away}', line: '{winner} gagne.' },
    advancement: { title: '{stage} : les équipes qualifiées', line: '{teams}' },
    test: {
      title: 'Message de test de Clan War Hub',
      line: 'Les annonces de {event} seront publiées ici.',
    },
    draw: 'Match nul.',
    nobody: 'Aucune équipe ne se qualifie.',
  },
  it: {
    stageStarted: {
      title: '{stage} è iniziata',
      line: '{event}: partecipano {teams} squadre. Buona fortuna!',
    },
    finalsResult: { title: '{stage}: {home} {homeStars} – {awayStars} {away}', line: 'Vince {winner}.' },
    advancement: { title: '{stage}: le squadre che passano il turno', line: '{teams}' },
    test: {
      title: 'Messaggio di prova da Clan War Hub',
      line: 'Gli annunci di {event} saranno pubblicati qui.',
    },
    draw: 'Pareggio.',
    nobody: 'Nessuna squadra passa il turno.',
  },
  de: {
    stageStarted: { title: '{stage} hat begonnen', line: '{event}: {teams} Teams nehmen teil. Viel Glück!' },
    finalsResult: { title: '{stage}: {home} {homeStars} – {awayStars} {away}', line: '{winner} gewinnt.' },
    advancement: { title: '{stage}: die Teams, die weiterkommen', line: '{teams}' },
    test: {
      title: 'Testnachricht von Clan War Hub',
      line: 'Die Ankündigungen von {event} werden hier veröffentlicht.',
    },
    draw: 'Unentschieden.',
    nobody: 'Kein Team kommt weiter.',
  },
  es: {
    stageStarted: {
      title: '{stage} ha comenzado',
      line: '{event}: participan {teams} equipos. ¡Buena suerte!',
    },
    finalsResult: { title: '{stage}: {home} {homeStars} – {awayStars} {away}', line: 'Gana {winner}.' },
    advancement: { title: '{stage}: los equipos que avanzan', line: '{teams}' },
    test: {
      title: 'Mensaje de prueba de Clan War Hub',
      line: 'Los anuncios de {event} se publicarán aquí.',
    },
    draw: 'Empate.',
    nobody: 'Ningún equipo avanza.',
  },
  pt: {
    stageStarted: { title: '{stage} começou', line: '{event}: {teams} equipes participam. Boa sorte!' },
    finalsResult: { title: '{stage}: {home} {homeStars} – {awayStars} {away}', line: '{winner} vence.' },
    advancement: { title: '{stage}: as equipes que avançam', line: '{teams}' },
    test: {
      title: 'Mensagem de teste do Clan War Hub',
      line: 'Os anúncios de {event} serão publicados aqui.',
    },
    draw: 'Empate.',
    nobody: 'Nenhuma equipe avança.',
  },
  jp: {
    stageStarted: {
      title: '{stage} が始まりました',
      line: '{event}：{teams} チームが参加します。健闘を祈ります！',
    },
    finalsResult: {
      title: '{stage}：{home} {homeStars} – {awayStars} {away}',
      line: '{winner} の勝利です。',
    },
    advancement: { title: '{stage}：進出するチーム', line: '{teams}' },
    test: {
      title: 'Clan War Hub からのテストメッセージ',
      line: '{event} のお知らせはここに投稿されます。',
    },
    draw: '引き分けです。',
    nobody: '進出するチームはありません。',
  },
  ko: {
    stageStarted: { title: '{stage} 시작', line: '{event}: {teams}개 팀이 참가합니다. 행운을 빕니다!' },
    finalsResult: { title: '{stage}: {home} {homeStars} – {awayStars} {away}', line: '{winner} 승리.' },
    advancement: { title: '{stage}: 진출 팀', line: '{teams}' },
    test: {
      title: 'Clan War Hub 테스트 메시지',
      line: '{event}의 공지가 여기에 게시됩니다.',
    },
    draw: '무승부입니다.',
    nobody: '진출하는 팀이 없습니다.',
  },
  zh_TW: {
    stageStarted: { title: '{stage} 已開始', line: '{event}：共 {teams} 支隊伍參賽。祝好運！' },
    finalsResult: { title: '{stage}：{home} {homeStars} – {awayStars} {away}', line: '{winner} 獲勝。' },
    advancement: { title: '{stage}：晉級的隊伍', line: '{teams}' },
    test: {
      title: '來自 Clan War Hub 的測試訊息',
      line: '{event} 的公告將發布在這裡。',
    },
    draw: '平手。',
    nobody: '沒有隊伍晉級。',
  },
};

function fill(template: string, params: AnnouncementParams): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) => {
    const value = params[key];
    if (value === undefined) return whole;
    return Array.isArray(value) ? value.join(', ') : String(value);
  });
}

/** The announcement's title and line in `locale` (English for an unknown one). */
export function announcementText(
  kind: AnnouncementKind,
  params: AnnouncementParams,
  locale: string,
): { title: string; line: string } {
  const texts = TEXTS[isLocale(locale) ? locale : DEFAULT_LOCALE];
  const template = texts[kind];
  let line = fill(template.line, params);
  if (kind === 'finalsResult' && !params.winner) line = texts.draw;
  if (kind === 'advancement' && (params.teams as string[] | undefined)?.length === 0) line = texts.nobody;
  return { title: fill(template.title, params), line };
}

/** Discord's limits: 256 characters for an embed title, 4096 for its description. */
const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/**
 * The webhook's JSON body (Discord's execute-webhook payload): the title as content, the line in an
 * embed, and no mentions at all (a team named "@everyone" pings nobody).
 */
export function discordPayload(kind: AnnouncementKind, params: AnnouncementParams, locale: string) {
  const { title, line } = announcementText(kind, params, locale);
  return {
    content: clip(title, 2000),
    embeds: [{ title: clip(title, 256), description: clip(line, 4096) }],
    allowed_mentions: { parse: [] as string[] },
  };
}
