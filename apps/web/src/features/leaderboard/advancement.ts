import { advancesFromLadder, type Competition, ladderAdvanceTop, promptsChatCheck } from '@cwh/domain';

export interface RowMarks {
  advances: boolean;
  /** Where the advancing teams go: the Monthly Qualifier (championship) or the Finals (cup). */
  target: 'monthlyQualifier' | 'finals';
}

/** Spec 9: top 128 advance to the Monthly Qualifier (championship), top 8 to the Finals (cup). */
export function rowMarks(rank: number, competition: Competition): RowMarks {
  return {
    advances: advancesFromLadder(rank, competition),
    target: competition === 'championship' ? 'monthlyQualifier' : 'finals',
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
