import { useTranslation } from 'react-i18next';
import { NumberField } from '../console/admin-ui';
import { type CreateStageForm, TIEBREAK_KEYS, type TiebreakKey } from './stage-forms';

/** Sets one field of the Create stage form. */
export type SetField = <K extends keyof CreateStageForm>(key: K, value: CreateStageForm[K]) => void;

export interface SeedCandidate {
  id: string;
  name: string;
  /** Placement in the previous stage (ladder standings), when it has one. */
  placement: number | null;
  /** Placed into this stage by the previous stage's advance rule. */
  qualified?: boolean;
}

/** Swaps the typed seed of `id` with the team one seed above (-1) or below (+1). */
function swapSeed(seeds: Record<string, string>, id: string, step: -1 | 1) {
  const mine = Number.parseInt(seeds[id] ?? '', 10);
  if (!Number.isInteger(mine)) return seeds;
  const other = Object.keys(seeds).find((key) => Number.parseInt(seeds[key] ?? '', 10) === mine + step);
  if (!other) return seeds;
  return { ...seeds, [id]: String(mine + step), [other]: String(mine) };
}

/** The swiss tiebreaks in order, each movable and removable, and the unused ones to add. */
function TiebreakList({ tiebreaks, set }: { tiebreaks: TiebreakKey[]; set: SetField }) {
  const { t } = useTranslation('adminstages');
  function moveTiebreak(key: TiebreakKey, step: -1 | 1) {
    const list = [...tiebreaks];
    const at = list.indexOf(key);
    const to = at + step;
    if (at < 0 || to < 0 || to >= list.length) return;
    [list[at], list[to]] = [list[to]!, list[at]!];
    set('tiebreaks', list);
  }
  function toggleTiebreak(key: TiebreakKey, on: boolean) {
    set('tiebreaks', on ? [...tiebreaks, key] : tiebreaks.filter((k) => k !== key));
  }
  const unused = TIEBREAK_KEYS.filter((k) => !tiebreaks.includes(k));
  return (
    <>
      <h4 id="tiebreak-title">{t('create.tiebreaks')}</h4>
      <ol className="stage-tiebreaks" aria-labelledby="tiebreak-title">
        {tiebreaks.map((key, index) => (
          <li key={key} data-testid="tiebreak">
            <span>{t(`tiebreak.${key}`)}</span>
            <span className="stage-tiebreaks__actions">
              <button
                type="button"
                className="button button--ghost"
                disabled={index === 0}
                onClick={() => moveTiebreak(key, -1)}
                aria-label={t('create.tiebreakUp', { name: t(`tiebreak.${key}`) })}
              >
                ↑
              </button>
              <button
                type="button"
                className="button button--ghost"
                disabled={index === tiebreaks.length - 1}
                onClick={() => moveTiebreak(key, 1)}
                aria-label={t('create.tiebreakDown', { name: t(`tiebreak.${key}`) })}
              >
                ↓
              </button>
              <button
                type="button"
                className="button button--ghost"
                onClick={() => toggleTiebreak(key, false)}
                aria-label={t('create.tiebreakRemove', { name: t(`tiebreak.${key}`) })}
              >
                ✕
              </button>
            </span>
          </li>
        ))}
      </ol>
      {unused.length > 0 ? (
        <p className="stage-tiebreaks__unused">
          {unused.map((key) => (
            <button key={key} type="button" className="button" onClick={() => toggleTiebreak(key, true)}>
              {t('create.tiebreakAdd', { name: t(`tiebreak.${key}`) })}
            </button>
          ))}
        </p>
      ) : null}
    </>
  );
}

/** Swiss rules: fixed rounds or early exit (wins, losses), and the tiebreaks. */
export function SwissRulesFieldset({ form, set }: { form: CreateStageForm; set: SetField }) {
  const { t } = useTranslation('adminstages');
  return (
    <fieldset className="stage-fieldset">
      <legend>{t('create.swissRules')}</legend>
      <div className="admin-form" role="radiogroup" aria-label={t('create.swissMode')}>
        <label className="stage-choice">
          <input
            type="radio"
            name="swiss-mode"
            checked={form.swissMode === 'fixed'}
            onChange={() => set('swissMode', 'fixed')}
          />
          {t('create.modeFixed')}
        </label>
        <label className="stage-choice">
          <input
            type="radio"
            name="swiss-mode"
            checked={form.swissMode === 'early_exit'}
            onChange={() => set('swissMode', 'early_exit')}
          />
          {t('create.modeEarlyExit')}
        </label>
      </div>
      <div className="admin-form">
        {form.swissMode === 'fixed' ? (
          <NumberField label={t('create.rounds')} value={form.rounds} onChange={(v) => set('rounds', v)} />
        ) : (
          <>
            <NumberField label={t('create.wins')} value={form.wins} onChange={(v) => set('wins', v)} />
            <NumberField label={t('create.losses')} value={form.losses} onChange={(v) => set('losses', v)} />
          </>
        )}
      </div>
      <TiebreakList tiebreaks={form.tiebreaks} set={set} />
    </fieldset>
  );
}

/** One candidate's seed: name, placement, qualified badge, the typed seed and the swap buttons. */
function SeedRow({
  candidate: c,
  seeds,
  set,
}: {
  candidate: SeedCandidate;
  seeds: Record<string, string>;
  set: SetField;
}) {
  const { t } = useTranslation('adminstages');
  return (
    <li>
      <div className="stage-seeds__row">
        <span className="stage-seeds__name">
          {c.name}
          {c.placement !== null ? (
            <span className="muted"> · {t('create.placement', { placement: c.placement })}</span>
          ) : null}
          {c.qualified ? (
            <span className="badge" data-testid="seed-qualified">
              {t('create.qualified')}
            </span>
          ) : null}
        </span>
        <input
          className="input stage-number"
          inputMode="numeric"
          value={seeds[c.id] ?? ''}
          onChange={(e) => set('seeds', { ...seeds, [c.id]: e.target.value })}
          aria-label={t('create.seedOf', { name: c.name })}
          data-testid="seed-input"
          data-roster={c.name}
        />
        <button
          type="button"
          className="button button--ghost"
          onClick={() => set('seeds', swapSeed(seeds, c.id, -1))}
          aria-label={t('create.seedUp', { name: c.name })}
        >
          ↑
        </button>
        <button
          type="button"
          className="button button--ghost"
          onClick={() => set('seeds', swapSeed(seeds, c.id, 1))}
          aria-label={t('create.seedDown', { name: c.name })}
        >
          ↓
        </button>
      </div>
    </li>
  );
}

/** Seeding: automatic (a field size) or manual (a seed per candidate). */
export function SeedingFieldset({
  form,
  set,
  candidates,
  defaultSize,
  hasProposal,
  onReset,
}: {
  form: CreateStageForm;
  set: SetField;
  candidates: SeedCandidate[];
  /** The field the automatic seeding takes when no size is typed. */
  defaultSize: number;
  hasProposal: boolean;
  onReset: () => void;
}) {
  const { t } = useTranslation('adminstages');
  return (
    <fieldset className="stage-fieldset">
      <legend>{t('create.seeding')}</legend>
      <div className="admin-form">
        <label className="stage-choice">
          <input
            type="radio"
            name="seeding"
            checked={form.seeding === 'manual'}
            onChange={() => set('seeding', 'manual')}
          />
          {t('create.seedManual')}
        </label>
        <label className="stage-choice">
          <input
            type="radio"
            name="seeding"
            checked={form.seeding === 'auto'}
            onChange={() => set('seeding', 'auto')}
          />
          {t('create.seedAuto')}
        </label>
      </div>
      {form.seeding === 'auto' ? (
        <NumberField
          label={t('create.size', { count: defaultSize })}
          value={form.size}
          onChange={(v) => set('size', v)}
        />
      ) : candidates.length === 0 ? (
        <p className="muted">{t('create.noRosters')}</p>
      ) : (
        <>
          <p className="muted">{t('create.seedHelp')}</p>
          <button type="button" className="button button--ghost" onClick={onReset}>
            {t(hasProposal ? 'create.seedProposed' : 'create.seedReset')}
          </button>
          <ol className="stage-seeds" data-testid="seed-list">
            {candidates.map((c) => (
              <SeedRow key={c.id} candidate={c} seeds={form.seeds} set={set} />
            ))}
          </ol>
        </>
      )}
    </fieldset>
  );
}
