import type {
  EventResource,
  MatchSeriesResource,
  RosterResource,
  SegmentResource,
  SwissRecordResource,
} from '@cwh/contract';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams } from 'react-router';
import { Modal } from '../../../lib/modal';
import { adminApi } from '../console/admin-api';
import { useAction } from '../console/admin-ui';
import { PickbanSetupPanel } from '../match-room/pickban-setup-panel';
import { type Advancement, type AdvanceRule, type StageInfo, stageApi } from './stage-api';
import { stageCandidates } from './stage-candidates';
import { type SeedCandidate, StageCreateForm } from './stage-create-form';
import { useStageCall } from './stage-refusal';
import { StageSeriesTable } from './stage-series-table';
import { AdvanceResults, StageSummary, SwissStandings } from './stage-summary';
import './stages.css';

/** The console's root (`…/admin`, with any locale prefix) for absolute links. */
function useConsoleBase() {
  const { pathname } = useLocation();
  return pathname.slice(0, pathname.indexOf('/admin') + '/admin'.length);
}

const parentOf = (segment: SegmentResource) => segment.relationships?.parent?.data?.id ?? null;

/** /admin/stages: every event's segments, each a link to its Stages page. */
export function StagesIndex() {
  const { t } = useTranslation('adminstages');
  const base = useConsoleBase();
  const [events, setEvents] = useState<{ event: EventResource; segments: SegmentResource[] }[]>([]);
  const { run, message } = useAction();
  // biome-ignore lint/correctness/useExhaustiveDependencies: load once on mount
  useEffect(() => {
    void run(async () => {
      const list = (await adminApi.events()).data;
      setEvents(
        await Promise.all(
          list.map(async (event) => ({ event, segments: (await adminApi.segments(event.id)).data })),
        ),
      );
    }, '');
  }, []);
  return (
    <section data-testid="admin-stages-index">
      <h2 className="section-title">{t('index.title')}</h2>
      <p className="muted">{t('index.lead')}</p>
      {message}
      {events.map(({ event, segments }) => (
        <article key={event.id} className="admin-card">
          <h3>{event.attributes.name}</h3>
          <ul className="stage-links">
            {[...segments]
              .sort((a, b) => a.attributes.date.from.localeCompare(b.attributes.date.from))
              .map((s) => (
                <li key={s.id}>
                  <Link to={`${base}/stages/${event.id}/${s.id}`}>{s.attributes.name}</Link>{' '}
                  <span className="muted">{t(`format.${s.attributes.eliminationType}`)}</span>
                </li>
              ))}
          </ul>
        </article>
      ))}
    </section>
  );
}

/** A confirm dialog (native `<dialog>`, focus kept inside and given back on close). */
function Confirm({
  title,
  text,
  confirm,
  onConfirm,
  onCancel,
}: {
  title: string;
  text: string;
  confirm: string;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('adminstages');
  return (
    <Modal
      open
      title={title}
      onClose={onCancel}
      testId="stage-confirm"
      footer={
        <>
          <button className="button button--ghost" type="button" onClick={onCancel}>
            {t('confirm.cancel')}
          </button>
          <button className="button button--primary" type="button" onClick={onConfirm}>
            {confirm}
          </button>
        </>
      }
    >
      <p>{text}</p>
    </Modal>
  );
}

/** /admin/stages/{event}/{segment}: the segment's stage, its rounds, series and advancement. */
export function StagePage() {
  const { t } = useTranslation('adminstages');
  const { eventId = '', segmentId = '' } = useParams();
  const base = useConsoleBase();
  const [segments, setSegments] = useState<SegmentResource[]>([]);
  const [rosters, setRosters] = useState<RosterResource[]>([]);
  const [seeding, setSeeding] = useState<{ candidates: SeedCandidate[]; proposed: string[] }>({
    candidates: [],
    proposed: [],
  });
  const [info, setInfo] = useState<StageInfo | null | undefined>(undefined);
  const [series, setSeries] = useState<MatchSeriesResource[]>([]);
  const [records, setRecords] = useState<SwissRecordResource[]>([]);
  const [outcomes, setOutcomes] = useState<Advancement[] | null>(null);
  const [confirming, setConfirming] = useState<'reset' | 'advance' | null>(null);
  const [rules, setRules] = useState<AdvanceRule[]>([]);
  const load = useAction();
  const act = useAction();
  const stageCall = useStageCall();
  const segment = segments.find((s) => s.id === segmentId);

  const refresh = useCallback(async () => {
    const stage = await stageApi.info(segmentId);
    setInfo(stage);
    setSeries(stage ? await stageApi.series(stage.id) : []);
    setRecords(
      stage?.attributes.format === 'swiss'
        ? await stageApi
            .swissRecords(segmentId)
            .then((r) => r.data)
            .catch(() => [])
        : [],
    );
  }, [segmentId]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: reload when the segment changes
  useEffect(() => {
    // Another segment (the advancement's link to the next stage): nothing of the last one stays shown.
    setOutcomes(null);
    setInfo(undefined);
    setSeeding({ candidates: [], proposed: [] });
    void load.run(async () => {
      const list = (await adminApi.segments(eventId)).data;
      setSegments(list);
      const own = list.find((s) => s.id === segmentId);
      if (!own) return;
      setRules(
        (await adminApi.listItems<AdvanceRule>(eventId, segmentId, 'advance-rules')).data.map(
          (r) => r.attributes,
        ),
      );
      const all = await stageApi.rosters(parentOf(own) ?? own.id);
      setRosters(all);
      setSeeding(await stageCandidates(own, list, all));
      await refresh();
    }, '');
  }, [eventId, segmentId]);

  const names = useMemo(() => {
    const map = new Map(rosters.map((r) => [r.id, r.attributes.displayName]));
    for (const s of series)
      for (const c of s.attributes.competitors) if (c.roster) map.set(c.roster.id, c.displayName);
    return map;
  }, [rosters, series]);
  const rosterMap = useMemo(() => new Map(rosters.map((r) => [r.id, r])), [rosters]);

  const swiss = info?.attributes.swiss ?? null;
  async function nextRound() {
    await act.run(
      () => stageCall(() => stageApi.nextRound(segmentId)).then(refresh),
      t('actions.roundStarted', { round: (swiss?.currentRound ?? 0) + 1 }),
    );
  }
  async function resetRound() {
    setConfirming(null);
    await act.run(
      () => stageCall(() => stageApi.resetRound(segmentId)).then(refresh),
      t('actions.roundReset', { round: swiss?.currentRound ?? 0 }),
    );
  }
  async function advance() {
    setConfirming(null);
    await act.run(async () => {
      setOutcomes(await stageCall(() => stageApi.advance(segmentId, rules)));
    }, t('actions.advanced'));
  }

  return (
    <section data-testid="admin-stage-page" className="stage-page">
      <p>
        <Link to={`${base}/stages`}>{t('index.back')}</Link> ·{' '}
        <Link to={`${base}/checkins?event=${eventId}&segment=${segmentId}`}>
          {t('adminrosters:nav.checkins')}
        </Link>
      </p>
      <h2 className="section-title" data-testid="stage-segment-name">
        {segment ? t('page.title', { name: segment.attributes.name }) : t('index.title')}
      </h2>
      {load.message}
      {info === null && segment ? (
        <>
          <p className="muted" data-testid="stage-none">
            {t('page.none')}
          </p>
          <StageCreateForm
            key={`${seeding.candidates.map((c) => c.id).join(',')}/${seeding.proposed.join(',')}`}
            segmentId={segmentId}
            segmentFormat={segment.attributes.eliminationType}
            candidates={seeding.candidates}
            proposed={seeding.proposed}
            onCreated={() => void refresh()}
          />
        </>
      ) : null}
      {info ? (
        <>
          <StageSummary info={info} names={names} />
          <div className="admin-card stage-actions" data-testid="stage-actions">
            <h3>{t('actions.title')}</h3>
            <div className="admin-form">
              {swiss ? (
                <>
                  <button
                    className="button button--primary"
                    type="button"
                    disabled={act.busy || swiss.complete}
                    onClick={() => void nextRound()}
                    data-testid="stage-next-round"
                  >
                    {t('actions.nextRound', { round: swiss.currentRound + 1 })}
                  </button>
                  <button
                    className="button"
                    type="button"
                    disabled={act.busy || swiss.currentRound === 0}
                    onClick={() => setConfirming('reset')}
                    data-testid="stage-reset-round"
                  >
                    {t('actions.resetRound', { round: swiss.currentRound })}
                  </button>
                </>
              ) : null}
              <button
                className="button"
                type="button"
                disabled={act.busy}
                onClick={() => setConfirming('advance')}
                data-testid="stage-advance"
              >
                {t('actions.advance')}
              </button>
            </div>
            <p className="muted" data-testid="stage-advance-rules">
              {rules.length > 0
                ? t('actions.rules', {
                    rules: rules
                      .map(
                        (r) =>
                          `${r.placements.join(', ')} → ${segments.find((x) => x.id === r.nextSegmentId)?.attributes.name ?? '?'}`,
                      )
                      .join('; '),
                  })
                : t('actions.noRules')}
            </p>
            {act.message}
            {outcomes ? (
              <AdvanceResults
                outcomes={outcomes}
                names={names}
                segments={segments}
                stageHref={(id) => `${base}/stages/${eventId}/${id}`}
              />
            ) : null}
          </div>
          {swiss ? <SwissStandings records={records} /> : null}
          <StageSeriesTable series={series} rosters={rosterMap} onChanged={() => void refresh()} />
        </>
      ) : null}
      {segment ? <PickbanSetupPanel eventId={eventId} segmentId={segmentId} /> : null}
      {confirming === 'reset' && swiss ? (
        <Confirm
          title={t('confirm.resetTitle', { round: swiss.currentRound })}
          text={t('confirm.resetText')}
          confirm={t('confirm.reset')}
          onConfirm={() => void resetRound()}
          onCancel={() => setConfirming(null)}
        />
      ) : null}
      {confirming === 'advance' ? (
        <Confirm
          title={t('confirm.advanceTitle')}
          text={t('confirm.advanceText')}
          confirm={t('confirm.advance')}
          onConfirm={() => void advance()}
          onCancel={() => setConfirming(null)}
        />
      ) : null}
    </section>
  );
}
