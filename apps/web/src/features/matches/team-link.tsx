import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useLocalizedPath } from '../../i18n/use-locale';

/**
 * A team's public page. The spec's route table has no team route, so the team is a panel of
 * /leaderboard (where its rank lives): `/leaderboard?team=<rosterId>`.
 */
export const teamPagePath = (rosterId: string) => `/leaderboard?team=${encodeURIComponent(rosterId)}`;

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
