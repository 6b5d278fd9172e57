import type { ComponentType, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { SessionState } from '../session/session-store';
import { Notice } from '../shell/notice';
import { PageLoader } from '../shell/page-loader';
import { PageShell } from '../shell/page-shell';
import { BackToTeamLink, SignedOutCard } from './team-ui';
import { useFreshClan } from './use-team';

interface TeamPageProps {
  /** Goes to `data-testid="page-<name>"`. */
  name: string;
  /** The title's key in the teams namespace, fixed or chosen from the session (Pick vs Manage Team). */
  titleKey: string | ((session: SessionState) => string);
  /** The page body, shown once the player is signed in and the clan has been reloaded. */
  view: ComponentType<{ session: SessionState }>;
}

/**
 * The frame every team page shares: the clan is reloaded once on open (useFreshClan), the clan
 * name is the eyebrow, signed-out players see the sign-in card, and a loader shows meanwhile.
 */
export function TeamPage({ name, titleKey, view: View }: TeamPageProps) {
  const { t } = useTranslation('teams');
  const { session, loading } = useFreshClan();
  return (
    <PageShell
      name={name}
      title={t(typeof titleKey === 'function' ? titleKey(session) : titleKey)}
      eyebrow={session.clan?.name}
    >
      {session.status === 'signedOut' ? (
        <SignedOutCard />
      ) : loading ? (
        <PageLoader />
      ) : (
        <View session={session} />
      )}
    </PageShell>
  );
}

/** "You can't do this here": a warning (`not-allowed`) and a way out, back to the team by default. */
export function NotAllowedNotice({
  children,
  action = <BackToTeamLink />,
}: {
  children: ReactNode;
  action?: ReactNode;
}) {
  return (
    <>
      <Notice tone="warning" testId="not-allowed">
        {children}
      </Notice>
      <div className="action-bar">{action}</div>
    </>
  );
}
