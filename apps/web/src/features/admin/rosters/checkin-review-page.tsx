import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearchParams } from 'react-router';
import { Field, useAction } from '../console/admin-ui';
import { type CheckinReview, rostersAdminApi } from './rosters-admin-api';
import { useEventsAndSegments } from './rosters-page';
import { localToIso } from './seed-order';
import { SeedingPanel } from './seeding-panel';
import './rosters-admin.css';
import { gmt } from '../console/console-date';

function WindowCard({
  review,
  onChange,
}: {
  review: CheckinReview;
  onChange: (action: () => Promise<CheckinReview>, done: string) => Promise<boolean>;
}) {
  const { t } = useTranslation('adminrosters');
  const [to, setTo] = useState('');
  const openWindow = review.segment.checkins.openWindow;
  const missing = review.rosters.filter((r) => !r.checkedIn).length;
  async function extend(event: FormEvent) {
    event.preventDefault();
    const iso = localToIso(to);
    if (iso) await onChange(() => rostersAdminApi.extend(review.segment.id, iso), t('done.extended'));
  }
  return (
    <section className="admin-card" data-testid="checkin-window">
      <h3>{t('review.window')}</h3>
      {!review.segment.checkins.enabled || !openWindow ? (
        <p className="muted">{t('review.noWindow')}</p>
      ) : (
        <>
          <p>
            {t('review.windowRange', { from: gmt(openWindow.from), to: gmt(openWindow.to) })}{' '}
            <span className="badge" data-testid="window-state">
              {review.windowOpen ? t('review.open') : t('review.closed')}
            </span>
          </p>
          <form className="checkin-review__actions" onSubmit={extend}>
            <Field label={t('review.extendTo')}>
              <input
                className="input"
                type="datetime-local"
                value={to}
                onChange={(e) => setTo(e.target.value)}
              />
            </Field>
            <button type="submit" className="button" disabled={!to}>
              {t('action.extend')}
            </button>
          </form>
          {review.stageCreated || missing === 0 ? null : (
            <div className="checkin-review__actions">
              <button
                type="button"
                className="button button--danger"
                data-testid="continue-without"
                onClick={() =>
                  onChange(() => rostersAdminApi.continueWithout(review.segment.id), t('done.continued'))
                }
              >
                {t('action.continueWithout', { total: missing })}
              </button>
              <span className="muted">{t('review.continueHelp')}</span>
            </div>
          )}
        </>
      )}
    </section>
  );
}

function TeamsCard({
  review,
  onReadmit,
}: {
  review: CheckinReview;
  onReadmit: (rosterId: string, matchSeriesId?: string) => void;
}) {
  const { t } = useTranslation('adminrosters');
  const done = review.rosters.filter((r) => r.checkedIn);
  const missing = review.rosters.filter((r) => !r.checkedIn);
  const label = (r: { name: string | null; clanTag: string | null; id: string }) =>
    r.name ?? r.clanTag ?? r.id;
  return (
    <section className="admin-card" data-testid="checkin-teams">
      <h3>{t('review.teams', { done: done.length, total: review.rosters.length })}</h3>
      <h4>{t('review.missing', { total: missing.length })}</h4>
      <ul className="checkin-review__list" data-testid="checkin-missing">
        {missing.map((r) => (
          <li key={r.id} className="checkin-review__team" data-roster={label(r)}>
            <span>{label(r)}</span>
            <button type="button" className="button" onClick={() => onReadmit(r.id)}>
              {t('action.readmit')}
            </button>
          </li>
        ))}
      </ul>
      <h4>{t('review.checkedIn', { total: done.length })}</h4>
      <ul className="checkin-review__list" data-testid="checkin-done">
        {done.map((r) => (
          <li key={r.id} className="checkin-review__team" data-roster={label(r)}>
            <span>{label(r)}</span>
            <span className="badge rosters-admin__badge--ok">{t('status.checkedIn')}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

function MatchesCard({
  review,
  onReadmit,
}: {
  review: CheckinReview;
  onReadmit: (rosterId: string, matchSeriesId?: string) => void;
}) {
  const { t } = useTranslation('adminrosters');
  if (review.series.length === 0) return null;
  return (
    <section className="admin-card" data-testid="checkin-matches">
      <h3>{t('review.matches')}</h3>
      <ul className="checkin-review__list">
        {review.series.map((s) => (
          <li key={s.id} className="checkin-review__team">
            <span className="muted">
              {s.roundNumber !== null ? t('review.round', { round: s.roundNumber }) : null} {gmt(s.date)}
            </span>
            {s.sides.map((side, i) =>
              side.roster ? (
                <span key={side.roster.id} className="checkin-review__actions">
                  <span>{side.roster.name ?? side.roster.id}</span>
                  {side.checkedIn ? (
                    <span className="badge rosters-admin__badge--ok">{t('status.checkedIn')}</span>
                  ) : (
                    <button type="button" className="button" onClick={() => onReadmit(side.roster!.id, s.id)}>
                      {t('action.readmit')}
                    </button>
                  )}
                </span>
              ) : (
                // biome-ignore lint/suspicious/noArrayIndexKey: a side without a team is known by its position only
                <span key={i} className="muted">
                  {t('review.tbd')}
                </span>
              ),
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * /admin/checkins: a stage segment's check-in review (who checked in, re-admit, extend the window,
 * continue without the missing teams) and its seeding before the stage is created.
 */
export function CheckinReviewPage() {
  const { t } = useTranslation('adminrosters');
  const { events, segments, message: loadMessage } = useEventsAndSegments();
  // ?event=…&segment=… (the Stages page links here) opens that stage's review at once.
  const [params] = useSearchParams();
  const [eventId, setEventId] = useState(params.get('event') ?? '');
  const [segmentId, setSegmentId] = useState(params.get('segment') ?? '');
  const [review, setReview] = useState<CheckinReview | null>(null);
  const [refreshKey, setRefreshKey] = useState(0);
  const { run, message } = useAction();
  const { pathname } = useLocation();
  const base = pathname.slice(0, pathname.indexOf('/admin') + '/admin'.length);
  const chosenEvent = eventId || events[0]?.id || '';
  const stages = (segments[chosenEvent] ?? []).filter((s) => s.attributes.level > 0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: load when the chosen segment changes
  useEffect(() => {
    setReview(null);
    if (segmentId) void run(async () => setReview(await rostersAdminApi.review(segmentId)), '');
  }, [segmentId]);

  const change = (action: () => Promise<CheckinReview>, done: string) =>
    run(async () => {
      setReview(await action());
      setRefreshKey((k) => k + 1);
    }, done);
  const readmit = (rosterId: string, matchSeriesId?: string) =>
    void change(() => rostersAdminApi.readmit(segmentId, rosterId, matchSeriesId), t('done.readmitted'));

  return (
    <section data-testid="admin-checkins">
      <h2 className="section-title">{t('review.title')}</h2>
      <p className="muted">{t('review.lead')}</p>
      {loadMessage}
      <div className="admin-card admin-form">
        <Field label={t('filter.event')}>
          <select
            className="input"
            value={chosenEvent}
            onChange={(e) => {
              setEventId(e.target.value);
              setSegmentId('');
            }}
          >
            {events.map((e) => (
              <option key={e.id} value={e.id}>
                {e.attributes.name}
              </option>
            ))}
          </select>
        </Field>
        <Field label={t('filter.stage')}>
          <select className="input" value={segmentId} onChange={(e) => setSegmentId(e.target.value)}>
            <option value="">{t('filter.chooseStage')}</option>
            {stages.map((s) => (
              <option key={s.id} value={s.id}>
                {s.attributes.name}
              </option>
            ))}
          </select>
        </Field>
      </div>
      {message}
      {review ? (
        <div className="checkin-review__grid">
          <WindowCard review={review} onChange={change} />
          <TeamsCard review={review} onReadmit={readmit} />
          <MatchesCard review={review} onReadmit={readmit} />
        </div>
      ) : null}
      {segmentId ? <SeedingPanel segmentId={segmentId} refreshKey={refreshKey} /> : null}
      {segmentId ? (
        <p>
          <Link to={`${base}/stages/${chosenEvent}/${segmentId}`}>{t('review.stagesLink')}</Link>
        </p>
      ) : null}
    </section>
  );
}
