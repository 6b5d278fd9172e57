import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Field, useAction } from '../console/admin-ui';
import { gmt } from '../console/console-date';
import { rostersAdminApi, type SeedEntry, type Seeding } from './rosters-admin-api';
import { localToIso, moveSeed, placeSeed } from './seed-order';
import { StagePreview } from './stage-preview';

/** One seed: its number (typed, applied on Enter or leaving the field) and up/down buttons. */
function SeedRow({
  entry,
  index,
  count,
  editable,
  onPlace,
  onMove,
}: {
  entry: SeedEntry;
  index: number;
  count: number;
  editable: boolean;
  onPlace: (index: number, seed: string) => void;
  onMove: (index: number, step: -1 | 1) => void;
}) {
  const { t } = useTranslation('adminrosters');
  const [typed, setTyped] = useState(String(index + 1));
  useEffect(() => setTyped(String(index + 1)), [index]);
  const name = entry.roster.name ?? entry.roster.clanTag ?? entry.roster.id;
  const apply = () => {
    if (typed !== String(index + 1)) onPlace(index, typed);
  };
  return (
    <li className="seeding__row" data-testid="seed-row" data-roster={name}>
      {editable ? (
        <input
          className="input seeding__seed"
          inputMode="numeric"
          value={typed}
          aria-label={t('seeding.seedOf', { name })}
          onChange={(e) => setTyped(e.target.value)}
          onBlur={apply}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              apply();
            }
          }}
        />
      ) : (
        <strong className="seeding__seed">{entry.seed}</strong>
      )}
      <span className="seeding__name">
        {name}
        {entry.previousRank !== null ? (
          <span className="muted">
            {' '}
            · {t(`seeding.source.${entry.source}`, { rank: entry.previousRank })}
          </span>
        ) : null}
      </span>
      {entry.lineupChangedAt ? (
        <span className="badge seeding__flag" data-testid="lineup-changed">
          {t('seeding.lineupChanged', { date: gmt(entry.lineupChangedAt) })}
        </span>
      ) : null}
      {editable ? (
        <span className="seeding__buttons">
          <button
            type="button"
            className="button button--ghost"
            disabled={index === 0}
            onClick={() => onMove(index, -1)}
            aria-label={t('seeding.up', { name })}
          >
            ↑
          </button>
          <button
            type="button"
            className="button button--ghost"
            disabled={index === count - 1}
            onClick={() => onMove(index, 1)}
            aria-label={t('seeding.down', { name })}
          >
            ↓
          </button>
        </span>
      ) : null}
    </li>
  );
}

/**
 * Seeding of a stage segment: the proposed seeds (previous stage's placements), reordered by the
 * organizer, then the stage created with them. Once the stage exists, its seeds with late lineup
 * changes flagged.
 */
export function SeedingPanel({ segmentId, refreshKey }: { segmentId: string; refreshKey: number }) {
  const { t } = useTranslation('adminrosters');
  const [seeding, setSeeding] = useState<Seeding | null>(null);
  const [order, setOrder] = useState<SeedEntry[]>([]);
  const [startsAt, setStartsAt] = useState('');
  const { run, busy, message, setStatus } = useAction();
  async function load() {
    const next = await rostersAdminApi.seeding(segmentId);
    setSeeding(next);
    setOrder(next.seeds);
  }
  // biome-ignore lint/correctness/useExhaustiveDependencies: reload when the segment or the review changes
  useEffect(() => {
    void run(load, '');
  }, [segmentId, refreshKey]);

  const editable = seeding !== null && seeding.stage === null;
  function place(index: number, seed: string) {
    const next = placeSeed(order, index, seed);
    if (next) setOrder(next);
    else setStatus({ kind: 'error', text: t('seeding.badSeed') });
  }
  async function create() {
    const ok = await run(
      () =>
        rostersAdminApi.createStage(
          segmentId,
          order.map((s) => s.roster.id),
          localToIso(startsAt),
        ),
      t('seeding.created'),
    );
    if (ok) await load();
  }

  return (
    <section className="admin-card" data-testid="seeding-panel">
      <h3>{t('seeding.title')}</h3>
      {seeding === null ? null : editable ? (
        <p className="muted">{t('seeding.lead')}</p>
      ) : (
        <p className="muted" data-testid="seeding-stage">
          {t('seeding.stageCreated', { date: gmt(seeding.stage!.createdAt) })}
        </p>
      )}
      {seeding !== null && order.length === 0 ? <p className="muted">{t('seeding.none')}</p> : null}
      <ol className="seeding__list" data-testid="seeding-list">
        {order.map((entry, index) => (
          <SeedRow
            key={entry.roster.id}
            entry={entry}
            index={index}
            count={order.length}
            editable={editable}
            onPlace={place}
            onMove={(i, step) => setOrder((list) => moveSeed(list, i, step))}
          />
        ))}
      </ol>
      {editable && order.length > 0 && seeding.segment.eliminationType !== 'ladder' ? (
        <StagePreview
          format={seeding.segment.eliminationType as 'swiss' | 'double_elimination'}
          segmentId={segmentId}
          rosterIds={order.map((s) => s.roster.id)}
          swiss={undefined}
          names={new Map(order.map((s) => [s.roster.id, s.roster.name ?? s.roster.clanTag ?? s.roster.id]))}
        />
      ) : null}
      {editable && order.length > 0 ? (
        <div className="checkin-review__actions">
          <button type="button" className="button button--ghost" onClick={() => setOrder(seeding.seeds)}>
            {t('seeding.reset')}
          </button>
          <Field label={t('seeding.startsAt')}>
            <input
              className="input"
              type="datetime-local"
              value={startsAt}
              onChange={(e) => setStartsAt(e.target.value)}
            />
          </Field>
          <button
            type="button"
            className="button button--primary"
            disabled={busy || order.length < 2}
            onClick={create}
            data-testid="seeding-create"
          >
            {t('seeding.create')}
          </button>
        </div>
      ) : null}
      {message}
    </section>
  );
}
