import { useTranslation } from 'react-i18next';
import { useLoaderData } from 'react-router';
import { PageShell } from '../shell/page-shell';
import { BackToTeamLink, SignedOutCard } from './team-ui';
import { useFreshClan } from './use-team';
import { type WechatData, WechatQr } from './wechat-qr';

/** /my-clan/china/wechat: the team's Chinese messaging-app group. */
export function MyClanWechatPage() {
  const { t } = useTranslation(['teams', 'errors']);
  const { session } = useFreshClan();
  const { qr } = useLoaderData() as WechatData;
  const app = t('errors:chatApp.china');
  return (
    <PageShell name="my-clan-china-wechat" title={t('wechat.title', { app })} eyebrow={session.clan?.name}>
      {session.status === 'signedOut' ? (
        <SignedOutCard />
      ) : (
        <>
          <p className="page__lead">{t('wechat.lead', { app })}</p>
          <WechatQr qr={qr} />
          <div className="action-bar">
            <BackToTeamLink />
          </div>
        </>
      )}
    </PageShell>
  );
}
