import type { RosterInvitationResource } from '@cwh/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLoaderData, useRevalidator } from 'react-router';
import type { Loadable } from '../../lib/loadable';
import { Notice } from '../shell/notice';
import { answerRosterInvitation } from './team-api';
import { useTeamAction } from './use-team';

/**
 * A team that is not a clan's enlists a player only with their consent: its invitations wait here
 * until the player accepts (they join the roster) or declines. Nothing shows without invitations.
 */
export function RosterInvitations() {
  const { t } = useTranslation('teams');
  const data = useLoaderData() as { invitations?: Loadable<RosterInvitationResource[]> } | undefined;
  const { revalidate } = useRevalidator();
  const { busy, run } = useTeamAction();
  const [answered, setAnswered] = useState<{ team: string; answer: 'accept' | 'decline' } | null>(null);
  const invitations = data?.invitations?.status === 'ready' ? data.invitations.value : [];

  async function answer(invitation: RosterInvitationResource, choice: 'accept' | 'decline') {
    const done = await run(() => answerRosterInvitation(invitation.id, choice).then(() => true), {
      reload: choice === 'accept',
    });
    if (!done) return;
    setAnswered({ team: invitation.attributes.roster.displayName, answer: choice });
    await revalidate();
  }

  if (invitations.length === 0 && !answered) return null;
  return (
    <section
      className="card roster-invitations"
      aria-labelledby="roster-invitations-title"
      data-testid="roster-invitations"
    >
      <h2 id="roster-invitations-title" className="section-title">
        {t('invitations.title')}
      </h2>
      {answered ? (
        <Notice tone={answered.answer === 'accept' ? 'success' : 'info'} testId="roster-invitation-answered">
          {t(answered.answer === 'accept' ? 'invitations.accepted' : 'invitations.declined', {
            team: answered.team,
          })}
        </Notice>
      ) : null}
      <ul className="roster-invitations__list">
        {invitations.map((invitation) => (
          <li key={invitation.id} className="roster-invitations__item" data-testid="roster-invitation">
            <p>{t('invitations.body', { team: invitation.attributes.roster.displayName })}</p>
            <div className="action-bar">
              <button
                type="button"
                className="button button--ghost"
                disabled={busy}
                data-testid="roster-invitation-decline"
                onClick={() => void answer(invitation, 'decline')}
              >
                {t('invitations.decline')}
              </button>
              <button
                type="button"
                className="button button--primary"
                disabled={busy}
                data-testid="roster-invitation-accept"
                onClick={() => void answer(invitation, 'accept')}
              >
                {t('invitations.accept')}
              </button>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
