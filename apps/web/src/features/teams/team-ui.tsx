import type { ClanRoleValue, MemberRegistrationStatusValue } from '@cwh/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLocalizedPath } from '../../i18n/use-locale';
import { Modal } from '../../lib/modal';
import { useSession } from '../session/session-store';
import { registrationBadge } from './team-status';

export function RoleLabel({ role }: { role: ClanRoleValue | null | undefined }) {
  const { t } = useTranslation('teams');
  return role ? t(`roles.${role}`) : null;
}

export function StatusBadge({ status }: { status: MemberRegistrationStatusValue | null | undefined }) {
  const { t } = useTranslation('teams');
  const badge = registrationBadge(status);
  return (
    <span
      className={`badge badge--status-${badge.tone}`}
      data-testid="member-status"
      data-status={status ?? 'none'}
    >
      {t(badge.key)}
    </span>
  );
}

/** Who a member line shows: any roster member, clan member or captain candidate has these. */
export interface MemberIdentity {
  name: string;
  tag: string;
  role: ClanRoleValue | null;
  townHallLevel: number;
}

interface MemberLineProps {
  member: MemberIdentity;
  captain?: boolean;
  you?: boolean;
  children?: ReactNode;
  trailing?: ReactNode;
  testId?: string;
  muted?: boolean;
}

/** One player: initial, name, tag, role and town hall, badges, an optional action on the right. */
export function MemberLine({
  member: { name, tag, role, townHallLevel },
  captain,
  you,
  children,
  trailing,
  testId = 'member',
  muted,
}: MemberLineProps) {
  const { t } = useTranslation('teams');
  return (
    <div className={`member${muted ? ' member--muted' : ''}`} data-testid={testId} data-tag={tag}>
      <span className="member__avatar" aria-hidden="true">
        {name.slice(0, 1).toUpperCase()}
      </span>
      <span className="member__main">
        <span className="member__name">
          {name}
          {you ? <span className="member__you">{t('badges.you')}</span> : null}
        </span>
        <span className="member__meta">
          <span className="member__tag">{tag}</span>
          <span aria-hidden="true"> · </span>
          <RoleLabel role={role} />
          <span aria-hidden="true"> · </span>
          <span data-testid="member-th">{t('badges.thLevel', { level: townHallLevel })}</span>
        </span>
        <span className="member__badges">
          {captain ? (
            <span className="badge badge--captain" data-testid="captain-badge">
              {t('badges.captain')}
            </span>
          ) : null}
          {children}
        </span>
      </span>
      {trailing ? <span className="member__trailing">{trailing}</span> : null}
    </div>
  );
}

/** The three dialog kinds the spec names: Success!, Oh No!, Hey, wait!. */
export type DialogKind = 'success' | 'error' | 'warning';

/** With `onClose` (a cancel), closing is harmless: a close button and a tap outside close it too. */
export function ResultDialog({
  kind,
  header,
  children,
  actions,
  onClose,
  testId,
}: {
  kind: DialogKind;
  header?: ReactNode;
  children?: ReactNode;
  actions: ReactNode;
  onClose?: () => void;
  testId?: string;
}) {
  const { t } = useTranslation('common');
  return (
    <Modal
      open
      title={t(`dialog.${kind}`)}
      footer={actions}
      testId={testId}
      {...(onClose ? { onClose, dismissible: true } : {})}
    >
      <div className={`result-dialog result-dialog--${kind}`}>
        {header ? <h3 className="result-dialog__header">{header}</h3> : null}
        {children}
      </div>
    </Modal>
  );
}

/** Shown on team and registration pages when nobody is signed in. */
export function SignedOutCard() {
  const { t } = useTranslation('session');
  const to = useLocalizedPath();
  const { inApp } = useSession();
  return (
    <div className="card state-card" data-testid="signed-out">
      <h2>{t('signedOut.title')}</h2>
      <p>{inApp ? t('signedOut.inApp') : t('signedOut.lead')}</p>
      {inApp ? null : (
        <Link
          className="button button--primary"
          to={to('/registration/profile/verify')}
          data-testid="sign-in"
        >
          {t('signedOut.action')}
        </Link>
      )}
    </div>
  );
}

export function BackToTeamLink() {
  const { t } = useTranslation('teams');
  const to = useLocalizedPath();
  return (
    <Link className="button button--ghost" to={to('/my-clan')} data-testid="back-to-team">
      {t('actions.backToTeam')}
    </Link>
  );
}
