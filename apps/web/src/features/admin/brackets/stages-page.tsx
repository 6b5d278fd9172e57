import type { EventResource, SegmentResource } from '@cwh/contract';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams } from 'react-router';
import { Modal } from '../../../lib/modal';
import { adminApi } from '../console/admin-api';
import { useAction } from '../console/admin-ui';
import { PickbanSetupPanel } from '../match-room/pickban-setup-panel';
import { stageApi } from './stage-api';
import { StageCreateForm } from './stage-create-form';
import { StageActionsCard, useStagePageData } from './stage-page-parts';
import { useStageCall } from './stage-refusal';
import { StageSeriesTable } from './stage-series-table';
import { StageSummary, SwissStandings } from './stage-summary';
import './stages.css';

/** The console's root (`…/admin`, with any locale prefix) for absolute links. */
function useConsoleBase() {
  const { pathname } = useLocation();
  return pathname.slice(0, pathname.indexOf('/admin') + '/admin'.length);
}

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

/** The open confirmation: reset the swiss round (`round`: the current one, null without swiss), or advance. */
function StageConfirm({
  confirming,
  round,
  onReset,
  onAdvance,
  onCancel,
}: {
  confirming: 'reset' | 'advance' | null;
  round: number | null;
  onReset: () => void;
  onAdvance: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('adminstages');
  if (confirming === 'reset' && round !== null)
    return (
      <Confirm
        title={t('confirm.resetTitle', { round })}
        text={t('confirm.resetText')}
        confirm={t('confirm.reset')}
        onConfirm={onReset}
        onCancel={onCancel}
      />
    );
  if (confirming === 'advance')
    return (
      <Confirm
        title={t('confirm.advanceTitle')}
        text={t('confirm.advanceText')}
        confirm={t('confirm.advance')}
        onConfirm={onAdvance}
        onCancel={onCancel}
      />
    );
  return null;
}

/** /admin/stages/{event}/{segment}: the segment's stage, its rounds, series and advancement. */
export function StagePage() {
  const { t } = useTranslation('adminstages');
  const { eventId = '', segmentId = '' } = useParams();
  const base = useConsoleBase();
  const data = useStagePageData(eventId, segmentId);
  const { segments, seeding, info, series, records, outcomes, rules, names, rosterMap, refresh } = data;
  const [confirming, setConfirming] = useState<'reset' | 'advance' | null>(null);
  const act = useAction();
  const stageCall = useStageCall();
  const segment = segments.find((s) => s.id === segmentId);

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
      data.setOutcomes(await stageCall(() => stageApi.advance(segmentId, rules)));
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
      {data.loadMessage}
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
          <StageActionsCard
            swiss={swiss}
            busy={act.busy}
            rules={rules}
            segments={segments}
            outcomes={outcomes}
            names={names}
            message={act.message}
            stageHref={(id) => `${base}/stages/${eventId}/${id}`}
            onNextRound={() => void nextRound()}
            onConfirm={setConfirming}
          />
          {swiss ? <SwissStandings records={records} /> : null}
          <StageSeriesTable series={series} rosters={rosterMap} onChanged={() => void refresh()} />
        </>
      ) : null}
      {segment ? <PickbanSetupPanel eventId={eventId} segmentId={segmentId} /> : null}
      <StageConfirm
        confirming={confirming}
        round={swiss?.currentRound ?? null}
        onReset={() => void resetRound()}
        onAdvance={() => void advance()}
        onCancel={() => setConfirming(null)}
      />
    </section>
  );
}
