import { defaultSelection, type SelectFiveContext } from '@cwh/domain';
import { useEffect, useMemo, useState } from 'react';
import { useSession } from '../session/session-store';

/**
 * The roster members and the five picked for a check-in: preselected per spec 5 (exactly 5 on the
 * clan's level, else only the captain) whenever `resetKey` changes (a new match, a reopened modal)
 * or the lineup itself changes; a clan reload that brings the same lineup keeps the pick.
 */
export function useCheckInSelection(resetKey: unknown) {
  const session = useSession();
  const roster = session.roster;
  const members = useMemo(() => roster?.members ?? [], [roster?.members]);
  const context = useMemo<SelectFiveContext>(
    () => ({
      clanThLevel: session.clan?.thLevel ?? roster?.thLevel ?? 0,
      captainTag: roster?.captainTag ?? null,
    }),
    [session.clan?.thLevel, roster?.thLevel, roster?.captainTag],
  );
  const lineup = members.map((member) => `${member.tag}:${member.townHallLevel}`).join(',');
  const [selected, setSelected] = useState<string[]>(() => defaultSelection(members, context));
  // biome-ignore lint/correctness/useExhaustiveDependencies: keyed on the lineup's content, not the array's identity
  useEffect(() => setSelected(defaultSelection(members, context)), [lineup, context, resetKey]);
  return { members, context, selected, setSelected };
}
