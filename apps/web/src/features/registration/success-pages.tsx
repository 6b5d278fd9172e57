import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLoaderData, useSearchParams } from 'react-router';
import { useLocalizedPath } from '../../i18n/use-locale';
import { hubLinkHref } from '../session/in-app-bridge';
import { useSession } from '../session/session-store';
import { Notice } from '../shell/notice';
import { PageShell } from '../shell/page-shell';
import { SignedOutCard } from '../teams/team-ui';
import { type WechatData, WechatQr } from '../teams/wechat-qr';
import { discordAccessToken, discordAuthorizationUrl } from './registration-api';
import { Steps } from './registration-steps';

type ChatState =
  | { kind: 'idle' }
  | { kind: 'busy' }
  | { kind: 'connected'; name: string }
  | { kind: 'failed' };

/**
 * /registration/profile/success: registered; then the chat step — the community chat (Discord)
 * sign-up, whose OAuth return (`?code=`) lands back here, or the Chinese messaging app by region.
 */
export function ProfileSuccessPage() {
  const { t } = useTranslation(['registration', 'errors', 'teams', 'common']);
  const to = useLocalizedPath();
  const session = useSession();
  const [search, setSearch] = useSearchParams();
  const [chat, setChat] = useState<ChatState>({ kind: 'idle' });
  const returnUri = `${window.location.origin}${to('/registration/profile/success')}`;
  const app = t(session.isChinese ? 'errors:chatApp.china' : 'errors:chatApp.community');
  const exchanged = useRef(false);

  const code = search.get('code');
  useEffect(() => {
    if (!code || exchanged.current || !session.scToken) return;
    exchanged.current = true;
    setChat({ kind: 'busy' });
    discordAccessToken(code, returnUri, search.get('state'))
      .then((name) => setChat({ kind: 'connected', name }))
      .catch(() => setChat({ kind: 'failed' }))
      .finally(() => setSearch({}, { replace: true }));
  }, [code, returnUri, search, setSearch, session.scToken]);

  const connect = async () => {
    setChat({ kind: 'busy' });
    try {
      const url = await discordAuthorizationUrl(returnUri);
      window.location.assign(hubLinkHref(url, session.inApp));
    } catch {
      setChat({ kind: 'failed' });
    }
  };

  return (
    <PageShell name="registration-profile-success" title={t('common:dialog.success')}>
      <Steps current={3} />
      {session.status === 'signedOut' ? (
        <SignedOutCard />
      ) : (
        <>
          <div className="card state-card" data-testid="registration-success">
            <h2>{t('success.title')}</h2>
            <p>{t('success.lead')}</p>
          </div>
          <section className="card chat-card" data-testid="chat-step">
            <h2 className="section-title">{t('success.chatTitle', { app })}</h2>
            <p className="muted">{t('success.chatLead', { app })}</p>
            {session.isChinese ? (
              <Link
                className="button button--primary"
                to={to('/registration/china/wechat')}
                data-testid="wechat-step"
              >
                {t('success.openWechat', { app })}
              </Link>
            ) : chat.kind === 'connected' ? (
              <Notice tone="success" testId="discord-connected">
                {t('success.connected', { app, name: chat.name })}
              </Notice>
            ) : (
              <button
                type="button"
                className="button button--discord"
                onClick={connect}
                disabled={chat.kind === 'busy'}
                data-testid="discord-connect"
              >
                {chat.kind === 'busy' ? t('success.connecting') : t('success.connect', { app })}
              </button>
            )}
            {chat.kind === 'failed' ? (
              <Notice tone="warning" testId="discord-failed">
                {t('success.connectFailed', { app })}
              </Notice>
            ) : null}
          </section>
          <div className="action-bar">
            <Link className="button button--ghost" to={to('/')}>
              {t('common:actions.viewEvent')}
            </Link>
            <Link className="button button--primary" to={to('/my-clan')} data-testid="back-to-team">
              {t('teams:actions.backToTeam')}
            </Link>
          </div>
        </>
      )}
    </PageShell>
  );
}

/** /registration/china/wechat: the Chinese messaging-app registration step (scan the team's code). */
export function RegistrationWechatPage() {
  const { t } = useTranslation(['registration', 'errors', 'teams']);
  const to = useLocalizedPath();
  const session = useSession();
  const { qr } = useLoaderData() as WechatData;
  const app = t('errors:chatApp.china');
  return (
    <PageShell name="registration-china-wechat" title={t('wechat.title', { app })} eyebrow={t('eyebrow')}>
      {session.status === 'signedOut' ? (
        <SignedOutCard />
      ) : (
        <>
          <p className="page__lead">{t('wechat.lead', { app })}</p>
          <WechatQr qr={qr} />
          <div className="action-bar">
            <Link className="button button--ghost" to={to('/my-clan')} data-testid="skip-for-now">
              {t('wechat.skip')}
            </Link>
          </div>
        </>
      )}
    </PageShell>
  );
}
