import type { SegmentResource } from '@cwh/contract';
import { isTestSegment } from '@cwh/domain';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../../i18n/use-locale';
import { formatDateTime } from '../../lib/dates';
import { useStageName } from './stage-name';
import { timingOf } from './timing';

export function SegmentList({ segments: all, now }: { segments: SegmentResource[]; now: Date }) {
  const { t } = useTranslation('home');
  const locale = useLocale();
  const stageName = useStageName();
  // Test segments ("[TEST]") are the organizers' sandbox: never on a public page.
  const segments = all.filter((segment) => !isTestSegment(segment.attributes));
  if (segments.length === 0) return <p className="muted">{t('segments.empty')}</p>;
  return (
    <ol className="segment-list" data-testid="segment-list">
      {segments.map((segment) => {
        const { date, stageCode, registrationStatus } = segment.attributes;
        const timing = timingOf(date, now);
        return (
          <li key={segment.id} className={`segment segment--${timing}`} data-testid="segment">
            <span className="segment__code">{stageCode}</span>
            <div className="segment__main">
              <p className="segment__name">{stageName(segment)}</p>
              <p className="segment__dates">
                <time dateTime={date.from}>{formatDateTime(date.from, locale)}</time>
                <span aria-hidden="true"> – </span>
                <time dateTime={date.to}>{formatDateTime(date.to, locale)}</time>
              </p>
            </div>
            <div className="segment__badges">
              <span className={`badge badge--${timing}`}>{t(`segments.${timing}`)}</span>
              {registrationStatus === 'open' && timing !== 'finished' ? (
                <span className="badge badge--open">{t('segments.registrationOpen')}</span>
              ) : null}
            </div>
          </li>
        );
      })}
    </ol>
  );
}
