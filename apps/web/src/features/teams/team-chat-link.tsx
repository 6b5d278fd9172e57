import { API } from '@cwh/contract/constants';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { refreshClan } from '../session/load-session';
import { authApi } from '../session/session-api';
import type { SessionState } from '../session/session-store';
import { Notice } from '../shell/notice';

/** The team's own chat group link: an https invite, or nothing (the event's group serves). */
export const isChatLink = (value: string) => /^https:\/\/\S+$/.test(value.trim());

/** PATCH /rosters/{id} chatGroupUrl (the captain's own roster); null clears it. */
export async function saveTeamChatLink(rosterId: string, link: string | null) {
  await authApi.patch(`${API.tournaments}/rosters/${encodeURIComponent(rosterId)}`, {
    data: { attributes: { chatGroupUrl: link } },
  });
}

type Status =
  | { kind: 'idle' }
  | { kind: 'busy' }
  | { kind: 'saved' }
  | { kind: 'invalid' }
  | { kind: 'failed' };

/**
 * My Team, for the captain: the team's own chat group invite (the WeChat group in the China region,
 * else a community chat channel). Each team has its own; the Team chat button opens it.
 */
export function TeamChatLinkForm({ session }: { session: SessionState }) {
  const { t } = useTranslation(['teamchat', 'errors']);
  const roster = session.roster;
  const [value, setValue] = useState(roster?.chatGroupUrl ?? '');
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  if (!roster || !session.isCaptain) return null;
  const app = t(session.isChinese ? 'errors:chatApp.china' : 'errors:chatApp.community');
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const link = value.trim();
    if (link && !isChatLink(link)) return setStatus({ kind: 'invalid' });
    setStatus({ kind: 'busy' });
    try {
      await saveTeamChatLink(roster.id, link || null);
      await refreshClan();
      setStatus({ kind: 'saved' });
    } catch {
      setStatus({ kind: 'failed' });
    }
  };
  return (
    <form className="card team-chat-link" onSubmit={submit} data-testid="team-chat-link-form" noValidate>
      <h2 className="section-title">{t('title', { app })}</h2>
      <p className="muted">{t('lead', { app })}</p>
      <label className="field">
        <span className="field__label">{t('label')}</span>
        <input
          className="input"
          type="url"
          inputMode="url"
          placeholder="https://"
          value={value}
          onChange={(event) => setValue(event.target.value)}
          aria-invalid={status.kind === 'invalid' ? true : undefined}
          data-testid="team-chat-link-input"
        />
      </label>
      {status.kind === 'invalid' ? (
        <p className="field__error" role="alert">
          {t('invalid')}
        </p>
      ) : null}
      {status.kind === 'saved' ? (
        <Notice tone="success" testId="team-chat-link-saved">
          {t('saved')}
        </Notice>
      ) : null}
      {status.kind === 'failed' ? (
        <Notice tone="warning" testId="team-chat-link-failed">
          {t('failed')}
        </Notice>
      ) : null}
      <button
        type="submit"
        className="button button--ghost"
        disabled={status.kind === 'busy'}
        data-testid="team-chat-link-save"
      >
        {t('save')}
      </button>
    </form>
  );
}
