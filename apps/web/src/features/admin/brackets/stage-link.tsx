import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';

/** From a segment row of the events page to that segment's Stages page. */
export function StageLink({
  eventId,
  segmentId,
  name,
}: {
  eventId: string;
  segmentId: string;
  name: string;
}) {
  const { t } = useTranslation('adminstages');
  const { pathname } = useLocation();
  const base = pathname.slice(0, pathname.indexOf('/admin') + '/admin'.length);
  return (
    <Link to={`${base}/stages/${eventId}/${segmentId}`} data-testid="stage-link">
      {t('index.open', { name })}
    </Link>
  );
}
