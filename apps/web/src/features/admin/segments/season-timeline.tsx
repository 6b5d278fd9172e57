import type { SegmentResource } from '@cwh/contract';
import { useTranslation } from 'react-i18next';
import { StageLink } from '../brackets/stage-link';
import { gmt } from '../console/console-date';

/** The season's stages in date order: the organizer's overview before editing one. */
/** The kind the Add stage form offers (its `type`, the container apart). */
const kindOf = (s: SegmentResource) =>
  s.relationships?.segmentType?.data?.id === 'container' ? 'container' : s.attributes.eliminationType;

export function Timeline({ eventId, segments }: { eventId: string; segments: SegmentResource[] }) {
  const { t } = useTranslation('admin');
  const ordered = [...segments].sort((a, b) => a.attributes.date.from.localeCompare(b.attributes.date.from));
  return (
    <div>
      <h3>{t('events.timeline')}</h3>
      {ordered.length === 0 ? (
        <p className="muted" data-testid="timeline-empty">
          {t('events.timelineEmpty')}
        </p>
      ) : null}
      <ol className="admin-timeline">
        {ordered.map((s) => (
          <li key={s.id}>
            <strong>
              {'— '.repeat(s.attributes.level)}
              {s.attributes.name}
            </strong>
            <span className="badge">{t(`segment.kinds.${kindOf(s)}`)}</span>
            <span className="muted">
              {gmt(s.attributes.date.from)} → {gmt(s.attributes.date.to)}
            </span>
            <StageLink eventId={eventId} segmentId={s.id} name={s.attributes.name} />
          </li>
        ))}
      </ol>
    </div>
  );
}

/** A segment's phases or rules, each with a Remove button (the list above them reads as text). */
export function ItemList({
  items,
  busy,
  testId,
  onRemove,
}: {
  items: { id: string; label: string }[];
  busy: boolean;
  testId: string;
  onRemove: (id: string) => void;
}) {
  const { t } = useTranslation('admin');
  if (items.length === 0) return null;
  return (
    <ul className="admin-items" data-testid={testId}>
      {items.map((item) => (
        <li key={item.id} className="admin-form">
          <span>{item.label}</span>
          <button
            className="button button--ghost button--small"
            type="button"
            disabled={busy}
            aria-label={t('segment.removeItem', { item: item.label })}
            onClick={() => onRemove(item.id)}
          >
            {t('segment.remove')}
          </button>
        </li>
      ))}
    </ul>
  );
}
