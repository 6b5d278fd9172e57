import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Loadable } from '../../lib/loadable';
import { Notice } from '../shell/notice';

/**
 * What the chat-group routes load: the group's QR code image (null inside: the organizer has not
 * set the group up yet), or null when there is no team.
 */
export interface WechatData {
  qr: Loadable<Blob | null> | null;
}

const PLACEHOLDER = (
  <div className="qr-card card">
    <span className="qr-card__placeholder page-loader__spinner" aria-hidden="true" />
  </div>
);

/** The image lives as an object URL while shown, and is released when it goes. */
function QrImage({ image }: { image: Blob }) {
  const { t } = useTranslation('teams');
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    const objectUrl = URL.createObjectURL(image);
    setUrl(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [image]);
  if (!url) return PLACEHOLDER;
  return (
    <div className="qr-card card">
      <img
        className="qr-card__image"
        src={url}
        alt={t('wechat.qrAlt')}
        width={256}
        height={256}
        data-testid="wechat-qr"
      />
    </div>
  );
}

/** The roster's messaging-app group QR code (GET /api/clan/1.0/wechatqrcode/by-roster/{id}). */
export function WechatQr({ qr: loaded }: WechatData) {
  const { t } = useTranslation(['teams', 'errors']);
  if (!loaded) return <Notice testId="wechat-no-team">{t('wechat.noTeam')}</Notice>;
  if (loaded.status !== 'ready')
    return (
      <Notice tone="warning" testId="wechat-failed">
        {t('wechat.loadFailed')}
      </Notice>
    );
  if (loaded.value === null)
    return (
      <Notice testId="wechat-not-set-up">{t('wechat.notSetUp', { app: t('errors:chatApp.china') })}</Notice>
    );
  return <QrImage image={loaded.value} />;
}
