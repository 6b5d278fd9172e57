import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocalizedPath } from '../../i18n/use-locale';
import { hubLinkHref } from '../session/in-app-bridge';
import type { SessionState } from '../session/session-store';
import { Notice } from '../shell/notice';
import { TeamPage } from './team-page';
import { BackToTeamLink, MemberLine, StatusBadge } from './team-ui';

/** /registration/team/invite: who still has to register, and a link to send them. */
export function TeamInvitePage() {
  return <TeamPage name="registration-team-invite" titleKey="invite.title" view={InviteView} />;
}

function InviteView({ session }: { session: SessionState }) {
  const { t } = useTranslation('teams');
  const to = useLocalizedPath();
  const [copied, setCopied] = useState(false);
  const link = `${window.location.origin}${to('/registration/profile/verify')}`;
  const waiting = session.roster?.members.filter((member) => member.registrationStatus !== 'ready') ?? [];
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };
  const share = async () => {
    try {
      await navigator.share({ title: t('invite.shareText'), url: link });
    } catch {
      // dismissed
    }
  };
  return (
    <>
      <p className="page__lead">{t('invite.lead')}</p>
      <div className="share-box card">
        <label className="field__label" htmlFor="invite-link">
          {t('invite.linkLabel')}
        </label>
        <div className="share-box__row">
          <input
            id="invite-link"
            className="input"
            readOnly
            value={link}
            data-testid="invite-link"
            onFocus={(e) => e.target.select()}
          />
          <button type="button" className="button button--ghost" onClick={copy} data-testid="copy-invite">
            {copied ? t('actions.copied') : t('actions.copy')}
          </button>
        </div>
        {typeof navigator.share === 'function' && !session.inApp ? (
          <button type="button" className="button button--primary" onClick={share}>
            {t('actions.share')}
          </button>
        ) : null}
        {session.inApp ? (
          <a className="button button--primary" href={hubLinkHref(link, true)}>
            {t('actions.share')}
          </a>
        ) : null}
      </div>
      <section className="team-section">
        <h2 className="section-title">{t('invite.stillToRegister')}</h2>
        {waiting.length === 0 ? (
          <Notice tone="success" testId="everyone-registered">
            {t('invite.everyoneRegistered')}
          </Notice>
        ) : (
          <ul className="member-list" data-testid="invite-waiting">
            {waiting.map((member) => (
              <li key={member.tag}>
                <MemberLine member={member}>
                  <StatusBadge status={member.registrationStatus} />
                </MemberLine>
              </li>
            ))}
          </ul>
        )}
      </section>
      <div className="action-bar">
        <BackToTeamLink />
      </div>
    </>
  );
}
