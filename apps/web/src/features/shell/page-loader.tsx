import { useTranslation } from 'react-i18next';

export function PageLoader({ fullscreen = false }: { fullscreen?: boolean }) {
  const { t } = useTranslation('common');
  return (
    <div className={fullscreen ? 'page-loader page-loader--fullscreen' : 'page-loader'} role="status">
      <span className="page-loader__spinner" aria-hidden="true" />
      <span className="visually-hidden">{t('loading')}</span>
    </div>
  );
}

/** A card with a spinner, where a page's data is still on its way (the page's frame is already shown). */
export function LoadingCard() {
  return (
    <div className="card state-card" role="status">
      <span className="page-loader__spinner" aria-hidden="true" />
    </div>
  );
}
