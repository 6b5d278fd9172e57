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
import { Modal } from '../../lib/modal';
import { adminApi } from './admin-api';
import { useAction } from './admin-ui';
import { PickbanSetupPanel } from './pickban-setup-panel';
import { type Advancement, type AdvanceRule, type StageInfo, stageApi } from './stage-api';
import { type SeedCandidate, StageCreateForm } from './stage-create-form';
import { useStageCall } from './stage-refusal';
import { StageSeriesTable } from './stage-series-table';
import './stages.css';
import { gmt } from './console-date';

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

function StageSummary({ info, names }: { info: StageInfo; names: Map<string, string> }) {
  const { t } = useTranslation('adminstages');
  const a = info.attributes;
  const name = (id: string | null) => (id ? (names.get(id) ?? id) : '—');
  const complete = a.swiss?.complete ?? a.doubleElimination?.complete ?? false;
  return (
    <section className="admin-card" data-testid="stage-summary">
      <h3>{t('summary.title')}</h3>
      <dl className="stage-facts">
        <dt>{t('summary.format')}</dt>
        <dd data-testid="stage-format">{t(`format.${a.format}`)}</dd>
        <dt>{t('summary.startsAt')}</dt>
        <dd>{gmt(a.startsAt)}</dd>
        <dt>{t('summary.teams')}</dt>
        <dd>{a.teams.length}</dd>
        {a.swiss ? (
          <>
            <dt>{t('summary.mode')}</dt>
            <dd>
              {a.swiss.mode === 'fixed'
                ? t('summary.fixed', { rounds: a.swiss.rounds ?? a.swiss.maxRounds })
                : t('summary.earlyExit', { wins: a.swiss.wins ?? 0, losses: a.swiss.losses ?? 0 })}
            </dd>
            <dt>{t('summary.tiebreaks')}</dt>
            <dd>{a.swiss.tiebreaks.map((k) => t(`tiebreak.${k}`)).join(' › ')}</dd>
            <dt>{t('summary.currentRound')}</dt>
            <dd data-testid="stage-current-round">
              {t('summary.roundOf', { round: a.swiss.currentRound, max: a.swiss.maxRounds })}
            </dd>
          </>
        ) : null}
        {a.doubleElimination ? (
          <>
            <dt>{t('summary.played')}</dt>
            <dd data-testid="stage-played">
              {t('summary.playedOf', {
                played: a.doubleElimination.playedMatches,
                total: a.doubleElimination.matches,
              })}
            </dd>
            <dt>{t('summary.champion')}</dt>
            <dd data-testid="stage-champion">{name(a.doubleElimination.championRosterId)}</dd>
          </>
        ) : null}
        <dt>{t('summary.complete')}</dt>
        <dd data-testid="stage-complete">{complete ? t('summary.yes') : t('summary.no')}</dd>
      </dl>
      <details>
        <summary>{t('summary.seeds', { count: a.teams.length })}</summary>
        <ol className="stage-seed-list" data-testid="stage-seeds">
          {[...a.teams]
            .sort((x, y) => x.seed - y.seed)
            .map((team) => (
              <li key={team.rosterId} value={team.seed}>
                {name(team.rosterId)}
              </li>
            ))}
        </ol>
      </details>
    </section>
  );
}

function SwissStandings({ records }: { records: SwissRecordResource[] }) {
  const { t } = useTranslation('adminstages');
  if (records.length === 0) return null;
  return (
    <section className="admin-card" data-testid="stage-standings">
      <h3>{t('standings.title', { round: records[0]!.attributes.roundNumber })}</h3>
      <table className="admin-table stage-table">
        <thead>
          <tr>
            <th scope="col">#</th>
            <th scope="col">{t('standings.team')}</th>
            <th scope="col">{t('standings.record')}</th>
            <th scope="col">{t('tiebreak.matchPoints')}</th>
            <th scope="col">{t('tiebreak.buchholz')}</th>
            <th scope="col">{t('standings.status')}</th>
          </tr>
        </thead>
        <tbody>
          {records.map((r) => (
            <tr key={r.id}>
              <td data-label="#">{r.attributes.rank}</td>
              <td data-label={t('standings.team')}>{r.attributes.roster.displayName}</td>
              <td data-label={t('standings.record')}>{r.attributes.record}</td>
              <td data-label={t('tiebreak.matchPoints')}>{r.attributes.matchPoints}</td>
              <td data-label={t('tiebreak.buchholz')}>{r.attributes.buchholz}</td>
              <td data-label={t('standings.status')}>{t(`standings.${r.attributes.status}`)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

function AdvanceResults({
  outcomes,
  names,
  segments,
}: {
  outcomes: Advancement[];
  names: Map<string, string>;
  segments: SegmentResource[];
}) {
  const { t } = useTranslation('adminstages');
  const segmentName = (id: string) => segments.find((s) => s.id === id)?.attributes.name ?? id;
  return (
    <table className="admin-table stage-table" data-testid="advance-results">
      <caption>{t('advance.results')}</caption>
      <thead>
        <tr>
          <th scope="col">#</th>
          <th scope="col">{t('standings.team')}</th>
          <th scope="col">{t('advance.outcome')}</th>
          <th scope="col">{t('advance.next')}</th>
        </tr>
      </thead>
      <tbody>
        {outcomes.map((o) => {
          const a = o.attributes;
          return (
            <tr key={o.id}>
              <td data-label="#">{a.rank}</td>
              <td data-label={t('standings.team')}>{names.get(a.roster.id) ?? a.roster.id}</td>
              <td data-label={t('advance.outcome')}>
                {t(`advance.${a.outcome}`)}
                {a.ticket ? ` (${t(`advance.ticket.${a.ticket}`)})` : ''}
              </td>
              <td data-label={t('advance.next')}>
                {a.nextSegment
                  ? t('advance.nextSeed', { segment: segmentName(a.nextSegment.id), seed: a.nextSeed ?? '—' })
                  : '—'}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

/**
 * Ladder placements of the stage's rosters: the best placement in the standings of the ladder
 * segments of the same stage (the container and its children), as the server seeds.
 */
async function placements(segment: SegmentResource, all: SegmentResource[]) {
  const root = parentOf(segment) ?? segment.id;
  const ladders = all.filter(
    (s) => s.attributes.eliminationType === 'ladder' && (s.id === root || parentOf(s) === root),
  );
  const best = new Map<string, number>();
  for (const ladder of ladders) {
    const rows = await stageApi.standings(ladder.id).catch(() => []);
    for (const row of rows) {
      const id = row.attributes.roster.id;
      // Ladder and swiss rows always have a placement; a bracket row only once its team is out
      // (its rank orders the teams still playing).
      const placement =
        row.type === 'bracket-standings'
          ? (row.attributes.placement ?? row.attributes.rank)
          : row.attributes.placement;
      best.set(id, Math.min(best.get(id) ?? Number.POSITIVE_INFINITY, placement));
    }
  }
  return best;
}

/** /admin/stages/{event}/{segment}: the segment's stage, its rounds, series and advancement. */
export function StagePage() {
  const { t } = useTranslation('adminstages');
  const { eventId = '', segmentId = '' } = useParams();
  const base = useConsoleBase();
  const [segments, setSegments] = useState<SegmentResource[]>([]);
  const [rosters, setRosters] = useState<RosterResource[]>([]);
  const [candidates, setCandidates] = useState<SeedCandidate[]>([]);
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
      const placed = await placements(own, list);
      setCandidates(
        all
          .filter((r) => r.attributes.locked && !r.attributes.withdrawnAt)
          .map((r) => ({ id: r.id, name: r.attributes.displayName, placement: placed.get(r.id) ?? null }))
          .sort(
            (x, y) => (x.placement ?? Number.POSITIVE_INFINITY) - (y.placement ?? Number.POSITIVE_INFINITY),
          ),
      );
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
            key={candidates.map((c) => c.id).join(',')}
            segmentId={segmentId}
            segmentFormat={segment.attributes.eliminationType}
            candidates={candidates}
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
            {outcomes ? <AdvanceResults outcomes={outcomes} names={names} segments={segments} /> : null}
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
