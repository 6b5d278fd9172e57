import type { OfficialWarAttributes } from '@cwh/contract';
import type { StoredWarReport } from '../../../game/official/official-war.js';

/** The esports war format (spec): 5 v 5, one attack each; the recorded friendly war's 5 + 45 min. */
export const OFFICIAL_MATCH_SETTINGS: OfficialWarAttributes['settings'] = {
  teamSize: 5,
  attacksPerMember: 1,
  preparationMinutes: 5,
  battleMinutes: 45,
};

type ReviewReason = OfficialWarAttributes['reviewReason'];

/**
 * match_series.war_report → the `officialWar` attribute. A series of the official game has a report
 * from its creation on (state notInWar), so a null report means the simulated game.
 */
export function officialWarAttributes(series: {
  warReport: unknown;
  reviewReason: string | null;
}): OfficialWarAttributes | null {
  const report = series.warReport as Partial<StoredWarReport> | null;
  if (!report) return null;
  const played = report.state !== undefined && report.state !== 'notInWar';
  return {
    settings: OFFICIAL_MATCH_SETTINGS,
    state: report.state ?? 'notInWar',
    destruction: played && report.destruction ? report.destruction : null,
    attacks: report.attacks ?? [],
    warLog: report.warLog ?? null,
    reviewReason: (series.reviewReason as ReviewReason) ?? null,
  };
}

/**
 * Opens the opponent's clan profile in the game (the official link service); a leader or co-leader
 * starts the friendly war from there.
 */
export function clanProfileDeepLink(clanTag: string): string {
  return `https://link.clashofclans.com/en?action=OpenClanProfile&tag=${encodeURIComponent(clanTag.replace(/^#/, ''))}`;
}
