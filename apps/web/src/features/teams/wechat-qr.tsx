import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Notice } from '../shell/notice';
import { fetchWechatQrCode } from './team-api';

/** The roster's messaging-app group QR code (GET /api/clan/1.0/wechatqrcode/by-roster/{id}). */
export function WechatQr({ rosterId }: { rosterId: string | null }) {
  const { t } = useTranslation('teams');
  const [state, setState] = useState<{ url: string | null; failed: boolean }>({ url: null, failed: false });
  useEffect(() => {
    if (!rosterId) return;
    const controller = new AbortController();
    let url: string | null = null;
    fetchWechatQrCode(rosterId, controller.signal)
      .then((objectUrl) => {
        url = objectUrl;
        setState({ url: objectUrl, failed: false });
      })
      .catch(() => {
        if (!controller.signal.aborted) setState({ url: null, failed: true });
      });
    return () => {
      controller.abort();
      if (url) URL.revokeObjectURL(url);
    };
  }, [rosterId]);
  if (!rosterId) return <Notice testId="wechat-no-team">{t('wechat.noTeam')}</Notice>;
  if (state.failed)
    return (
      <Notice tone="warning" testId="wechat-failed">
        {t('wechat.loadFailed')}
      </Notice>
    );
  return (
    <div className="qr-card card">
      {state.url ? (
        <img
          className="qr-card__image"
          src={state.url}
          alt={t('wechat.qrAlt')}
          width={256}
          height={256}
          data-testid="wechat-qr"
        />
      ) : (
        <span className="qr-card__placeholder page-loader__spinner" aria-hidden="true" />
      )}
    </div>
  );
}
