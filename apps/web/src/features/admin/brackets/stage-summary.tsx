import type { SegmentResource, SwissRecordResource } from '@cwh/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { gmt } from '../console/console-date';
import type { Advancement, StageInfo } from './stage-api';

/** The Stages page's read-only parts: the stage's facts, its swiss standings, the advancement. */
export function StageSummary({ info, names }: { info: StageInfo; names: Map<string, string> }) {
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

export function SwissStandings({ records }: { records: SwissRecordResource[] }) {
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

export function AdvanceResults({
  outcomes,
  names,
  segments,
  stageHref,
}: {
  outcomes: Advancement[];
  names: Map<string, string>;
  segments: SegmentResource[];
  /** The Stages page of a segment: the qualified teams' next stage, to seed it from here. */
  stageHref: (segmentId: string) => string;
}) {
  const { t } = useTranslation('adminstages');
  const segmentName = (id: string) => segments.find((s) => s.id === id)?.attributes.name ?? id;
  const next = [
    ...new Set(outcomes.flatMap((o) => (o.attributes.nextSegment ? [o.attributes.nextSegment.id] : []))),
  ];
  return (
    <>
      {next.length > 0 ? (
        <p data-testid="advance-next">
          {next.map((id) => (
            <Link key={id} className="button button--primary" to={stageHref(id)}>
              {t('advance.openNext', { segment: segmentName(id) })}
            </Link>
          ))}
        </p>
      ) : null}
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
                    ? t('advance.nextSeed', {
                        segment: segmentName(a.nextSegment.id),
                        seed: a.nextSeed ?? '—',
                      })
                    : '—'}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </>
  );
}
