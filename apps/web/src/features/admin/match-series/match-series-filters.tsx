import type { EventResource, SegmentResource } from '@cwh/contract';
import { useTranslation } from 'react-i18next';
import { Field } from '../console/admin-ui';
import { FILTER_STATES, type SeriesFilter } from './match-series-admin-api';
import type { SeriesView } from './match-series-table';

/** Live or deleted series. */
function ViewToggle({ view, onView }: { view: SeriesView; onView: (v: SeriesView) => void }) {
  const { t } = useTranslation('adminmatches');
  const button = (v: SeriesView) => (
    <button
      className={`button${view === v ? ' button--primary' : ''}`}
      type="button"
      aria-pressed={view === v}
      onClick={() => onView(v)}
      data-testid={`view-${v}`}
    >
      {t(`view.${v}`)}
    </button>
  );
  return (
    <fieldset className="match-series-view">
      <legend className="visually-hidden">{t('view.label')}</legend>
      {button('live')}
      {button('deleted')}
    </fieldset>
  );
}

/** Filters of the list: event, segment, state, round; and the live or deleted view. */
export function SeriesFilters({
  filter,
  onChange,
  events,
  segments,
  view,
  onView,
}: {
  filter: SeriesFilter;
  onChange: (f: SeriesFilter) => void;
  events: EventResource[];
  segments: SegmentResource[];
  view: SeriesView;
  onView: (v: SeriesView) => void;
}) {
  const { t } = useTranslation('adminmatches');
  return (
    <div className="match-series-filters" data-testid="series-filters">
      <Field label={t('filter.event')}>
        <select
          className="input"
          value={filter.eventId}
          onChange={(e) => onChange({ ...filter, eventId: e.target.value, segmentId: '' })}
          data-testid="filter-event"
        >
          <option value="">{t('filter.anyEvent')}</option>
          {events.map((e) => (
            <option key={e.id} value={e.id}>
              {e.attributes.name}
            </option>
          ))}
        </select>
      </Field>
      <Field label={t('filter.segment')}>
        <select
          className="input"
          value={filter.segmentId}
          disabled={!filter.eventId}
          onChange={(e) => onChange({ ...filter, segmentId: e.target.value })}
          data-testid="filter-segment"
        >
          <option value="">{t('filter.anySegment')}</option>
          {segments.map((s) => (
            <option key={s.id} value={s.id}>
              {s.attributes.name}
            </option>
          ))}
        </select>
      </Field>
      {view === 'live' ? (
        <>
          <Field label={t('filter.state')}>
            <select
              className="input"
              value={filter.state}
              onChange={(e) => onChange({ ...filter, state: e.target.value })}
              data-testid="filter-state"
            >
              <option value="">{t('filter.anyState')}</option>
              {FILTER_STATES.map((s) => (
                <option key={s} value={s}>
                  {t(`state.${s}`)}
                </option>
              ))}
            </select>
          </Field>
          <Field label={t('filter.round')}>
            <input
              className="input stage-number"
              inputMode="numeric"
              value={filter.round}
              onChange={(e) => onChange({ ...filter, round: e.target.value })}
              data-testid="filter-round"
            />
          </Field>
        </>
      ) : null}
      <ViewToggle view={view} onView={onView} />
    </div>
  );
}
