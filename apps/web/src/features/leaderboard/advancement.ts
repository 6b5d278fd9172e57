import { advancesFromLadder, type Competition, ladderAdvanceTop, promptsChatCheck } from '@cwh/domain';
import type { CutLine } from './standings-api';

export interface RowMarks {
  advances: boolean;
  /** Where the advancing teams go: the Monthly Qualifier (championship) or the Finals (cup). */
  target: 'monthlyQualifier' | 'finals';
  /** For a team tied across the cut: what put it above the next tied team. */
  tiebreak: CutTiebreak | null;
}

export type CutTiebreak = NonNullable<CutLine['tied'][number]['decidedBy']>;

/**
 * Spec 9: top 128 advance to the Monthly Qualifier (championship), top 8 to the Finals (cup). A team
 * tied on points across the cut advances as the one cut-line rule decides (`cut`, from the server,
 * the same order the advancement uses), with the tiebreak that placed it.
 */
export function rowMarks(
  entry: { rank: number; points: number; roster: { id: string } },
  competition: Competition,
  cut?: CutLine | null,
): RowMarks {
  const tied =
    cut?.tiedPoints === entry.points ? cut.tied.find((row) => row.roster.id === entry.roster.id) : undefined;
  return {
    advances: tied ? tied.advances : advancesFromLadder(entry.rank, competition),
    target: competition === 'championship' ? 'monthlyQualifier' : 'finals',
    tiebreak: tied?.decidedBy ?? null,
  };
}

/** The last advancing rank, for the cut line under it. */
export const cutLine = (competition: Competition) => ladderAdvanceTop(competition);

/** Spec 9: 170th or better is asked to check the chat-app link (Discord; WeChat in China). */
export function chatCheck(
  ownRank: number | null | undefined,
  isChinese: boolean,
): 'discord' | 'wechat' | null {
  if (ownRank == null || !promptsChatCheck(ownRank)) return null;
  return isChinese ? 'wechat' : 'discord';
}
