import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useLocalizedPath } from '../../i18n/use-locale';

/**
 * A team's page (issue #38): `/team/<rosterId>`, its record, points history, line-ups, head-to-head
 * and placements. It links the team's panel on the leaderboard (`teamPanelPath`: members, phase,
 * rank, last and next match), which links back.
 */
export const teamPagePath = (rosterId: string) => `/team/${encodeURIComponent(rosterId)}`;

/** The team's panel above the leaderboard, where its rank lives (issue #10). */
export const teamPanelPath = (rosterId: string) => `/leaderboard?team=${encodeURIComponent(rosterId)}`;

/** A team's name linking to its page; a side without a roster (TBD) is plain text. */
export function TeamLink({
  rosterId,
  className,
  children,
  testId = 'team-link',
}: {
  rosterId: string | null | undefined;
  className?: string;
  children: ReactNode;
  testId?: string;
}) {
  const localize = useLocalizedPath();
  if (!rosterId) return <span className={className}>{children}</span>;
  return (
    <Link
      className={['team-link', className].filter(Boolean).join(' ')}
      to={localize(teamPagePath(rosterId))}
      data-testid={testId}
      data-roster-id={rosterId}
    >
      {children}
    </Link>
  );
}
