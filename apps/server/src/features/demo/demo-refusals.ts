/**
 * Why a demo team could not queue, and how the simulator console fixes it: shown in the simulator
 * console (GET /api/simulator/1.0/demo-bots) and logged once per team and reason.
 */
export interface DemoRefusal {
  rosterId: string;
  team: string;
  code: string;
  detail: string;
  /** What to do in the simulator so the team plays again (or that it resumes by itself). */
  fix: string;
  at: string;
}

const FIXES: Record<string, string> = {
  CLAN_IS_IN_WAR:
    'The clan is in a war in the simulator: open Simulator > Wars and play out or forfeit that war.',
  ROSTER_MISSING_MEMBER:
    'The roster has fewer than 5 players: in the simulator, put the removed player back in the clan, then have staff restore the roster member.',
  MEMBERS_MISSING:
    'A roster player left the clan in the simulator: move the player back into the clan (Simulator > Players).',
  TH_LEVELS_MISMATCH:
    "A player's town hall no longer matches the team's: set it back in Simulator > Players.",
  MATCH_LIMIT_REACHED:
    'The team played 6 matches in 24 hours: it queues again by itself once a day has passed.',
  ROSTER_ALREADY_PLAYED: "The team played all of this ladder's matches: nothing to fix, it rests.",
  NOT_IN_LADDER: 'No ladder segment of this event is open now: the team queues again when one opens.',
  UPCOMING_MATCH: 'The team has an upcoming match: it queues again after that match.',
  SUSPENDED: 'The captain is suspended: lift the suspension in the console (Users).',
};

export function fixFor(code: string): string {
  return FIXES[code] ?? 'See the error code in docs/api/ladder.md; the team tries again on the next pass.';
}
