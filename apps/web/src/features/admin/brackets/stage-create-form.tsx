import { defaultSwissRounds, type SwissConfig } from '@cwh/domain';
import { type FormEvent, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Field, useAction } from '../console/admin-ui';
import { StagePreview } from '../rosters/stage-preview';
import { stageApi } from './stage-api';
import {
  type CreateStageForm,
  createStageBody,
  seedOrder,
  TIEBREAK_KEYS,
  type TiebreakKey,
} from './stage-forms';
import { useStageCall } from './stage-refusal';

export interface SeedCandidate {
  id: string;
  name: string;
  /** Placement in the previous stage (ladder standings), when it has one. */
  placement: number | null;
  /** Placed into this stage by the previous stage's advance rule. */
  qualified?: boolean;
}

interface Props {
  segmentId: string;
  /** The segment's own format; a ladder segment lets the organizer choose. */
  segmentFormat: 'ladder' | 'swiss' | 'double_elimination';
  /** Locked rosters of the stage, in placement order. */
  candidates: SeedCandidate[];
  /**
   * The proposed field in seed order (the seeding proposal: the teams that qualified from the
   * previous stage, else the best placed, only the checked-in ones when check-ins are on); empty:
   * the best placed candidates.
   */
  proposed?: string[];
  onCreated: () => void;
}

/** Teams the default seeding takes: swiss 128, double elimination 8 (as the server does). */
const DEFAULT_FIELD = { swiss: 128, double_elimination: 8 } as const;

function placementSeeds(candidates: SeedCandidate[], format: CreateStageForm['format'], proposed: string[]) {
  if (proposed.length > 0) {
    return Object.fromEntries(
      candidates.map((c) => [c.id, proposed.includes(c.id) ? String(proposed.indexOf(c.id) + 1) : '']),
    );
  }
  return Object.fromEntries(
    candidates.map((c, index) => [c.id, index < DEFAULT_FIELD[format] ? String(index + 1) : '']),
  );
}

/** The proposed teams first, in their order, then the other candidates. */
function ordered(candidates: SeedCandidate[], proposed: string[]) {
  const rank = (c: SeedCandidate) => (proposed.includes(c.id) ? proposed.indexOf(c.id) : proposed.length);
  return [...candidates].sort((a, b) => rank(a) - rank(b));
}

/** The swiss rules the preview pairs with (round 1 only needs a valid count of rounds). */
function previewSwiss(form: CreateStageForm): SwissConfig | undefined {
  const n = (text: string) => Number.parseInt(text, 10);
  if (form.swissMode === 'fixed')
    return n(form.rounds) >= 1 ? { format: { mode: 'fixed', rounds: n(form.rounds) } } : undefined;
  return n(form.wins) >= 1 && n(form.losses) >= 1
    ? { format: { mode: 'early_exit', wins: n(form.wins), losses: n(form.losses) } }
    : undefined;
}

/** Swaps the typed seed of `id` with the team one seed above (-1) or below (+1). */
function swapSeed(seeds: Record<string, string>, id: string, step: -1 | 1) {
  const mine = Number.parseInt(seeds[id] ?? '', 10);
  if (!Number.isInteger(mine)) return seeds;
  const other = Object.keys(seeds).find((key) => Number.parseInt(seeds[key] ?? '', 10) === mine + step);
  if (!other) return seeds;
  return { ...seeds, [id]: String(mine + step), [other]: String(mine) };
}

/** The Create stage form: format, swiss rules and tiebreaks, seeds. */
export function StageCreateForm({
  segmentId,
  segmentFormat,
  candidates: given,
  proposed = [],
  onCreated,
}: Props) {
  const { t } = useTranslation('adminstages');
  const initialFormat = segmentFormat === 'double_elimination' ? 'double_elimination' : 'swiss';
  const candidates = useMemo(() => ordered(given, proposed), [given, proposed]);
  const names = useMemo(() => new Map(candidates.map((c) => [c.id, c.name])), [candidates]);
  const [form, setForm] = useState<CreateStageForm>(() => ({
    format: initialFormat,
    seeding: 'manual',
    size: '',
    swissMode: 'fixed',
    // The server's default for the proposed field (6 teams: 3 rounds), so a usual stage needs no typing.
    rounds: String(
      defaultSwissRounds(
        Object.values(placementSeeds(candidates, initialFormat, proposed)).filter(Boolean).length,
      ),
    ),
    wins: '3',
    losses: '3',
    tiebreaks: [...TIEBREAK_KEYS],
    seeds: placementSeeds(candidates, initialFormat, proposed),
    startsAt: '',
  }));
  const { run, busy, message, setStatus } = useAction();
  const stageCall = useStageCall();
  const set = <K extends keyof CreateStageForm>(key: K, value: CreateStageForm[K]) =>
    setForm((f) => ({ ...f, [key]: value }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    const checked = createStageBody(form);
    if (!checked.ok) {
      setStatus({ kind: 'error', text: t(checked.error.key, checked.error.values) });
      return;
    }
    const ok = await run(() => stageCall(() => stageApi.create(segmentId, checked.value)), t('create.done'));
    if (ok) onCreated();
  }

  function moveTiebreak(key: TiebreakKey, step: -1 | 1) {
    const list = [...form.tiebreaks];
    const at = list.indexOf(key);
    const to = at + step;
    if (at < 0 || to < 0 || to >= list.length) return;
    [list[at], list[to]] = [list[to]!, list[at]!];
    set('tiebreaks', list);
  }
  function toggleTiebreak(key: TiebreakKey, on: boolean) {
    set('tiebreaks', on ? [...form.tiebreaks, key] : form.tiebreaks.filter((k) => k !== key));
  }
  const unused = TIEBREAK_KEYS.filter((k) => !form.tiebreaks.includes(k));
  const preview = seedOrder(form.seeds);

  return (
    <form className="admin-card stage-create" onSubmit={submit} data-testid="stage-create-form" noValidate>
      <h3>{t('create.title')}</h3>
      <div className="admin-form">
        <Field label={t('create.format')}>
          <select
            className="input"
            value={form.format}
            disabled={segmentFormat !== 'ladder'}
            onChange={(e) => {
              const format = e.target.value as CreateStageForm['format'];
              setForm((f) => ({ ...f, format, seeds: placementSeeds(candidates, format, proposed) }));
            }}
          >
            <option value="swiss">{t('format.swiss')}</option>
            <option value="double_elimination">{t('format.double_elimination')}</option>
          </select>
        </Field>
        <Field label={t('create.startsAt')}>
          <input
            className="input"
            type="datetime-local"
            value={form.startsAt}
            onChange={(e) => set('startsAt', e.target.value)}
          />
        </Field>
      </div>

      {form.format === 'swiss' ? (
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
              <Field label={t('create.rounds')}>
                <input
                  className="input stage-number"
                  inputMode="numeric"
                  value={form.rounds}
                  onChange={(e) => set('rounds', e.target.value)}
                />
              </Field>
            ) : (
              <>
                <Field label={t('create.wins')}>
                  <input
                    className="input stage-number"
                    inputMode="numeric"
                    value={form.wins}
                    onChange={(e) => set('wins', e.target.value)}
                  />
                </Field>
                <Field label={t('create.losses')}>
                  <input
                    className="input stage-number"
                    inputMode="numeric"
                    value={form.losses}
                    onChange={(e) => set('losses', e.target.value)}
                  />
                </Field>
              </>
            )}
          </div>
          <h4 id="tiebreak-title">{t('create.tiebreaks')}</h4>
          <ol className="stage-tiebreaks" aria-labelledby="tiebreak-title">
            {form.tiebreaks.map((key, index) => (
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
                    disabled={index === form.tiebreaks.length - 1}
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
        </fieldset>
      ) : null}

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
          <Field label={t('create.size', { count: DEFAULT_FIELD[form.format] })}>
            <input
              className="input stage-number"
              inputMode="numeric"
              value={form.size}
              onChange={(e) => set('size', e.target.value)}
            />
          </Field>
        ) : candidates.length === 0 ? (
          <p className="muted">{t('create.noRosters')}</p>
        ) : (
          <>
            <p className="muted">{t('create.seedHelp')}</p>
            <button
              type="button"
              className="button button--ghost"
              onClick={() => set('seeds', placementSeeds(candidates, form.format, proposed))}
            >
              {t(proposed.length > 0 ? 'create.seedProposed' : 'create.seedReset')}
            </button>
            <ol className="stage-seeds" data-testid="seed-list">
              {candidates.map((c) => (
                <li key={c.id}>
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
                      value={form.seeds[c.id] ?? ''}
                      onChange={(e) => set('seeds', { ...form.seeds, [c.id]: e.target.value })}
                      aria-label={t('create.seedOf', { name: c.name })}
                      data-testid="seed-input"
                      data-roster={c.name}
                    />
                    <button
                      type="button"
                      className="button button--ghost"
                      onClick={() => set('seeds', swapSeed(form.seeds, c.id, -1))}
                      aria-label={t('create.seedUp', { name: c.name })}
                    >
                      ↑
                    </button>
                    <button
                      type="button"
                      className="button button--ghost"
                      onClick={() => set('seeds', swapSeed(form.seeds, c.id, 1))}
                      aria-label={t('create.seedDown', { name: c.name })}
                    >
                      ↓
                    </button>
                  </div>
                </li>
              ))}
            </ol>
          </>
        )}
      </fieldset>
      {form.seeding === 'manual' && candidates.length > 0 ? (
        <StagePreview
          format={form.format}
          segmentId={segmentId}
          rosterIds={preview.ok ? preview.value : null}
          swiss={form.format === 'swiss' ? previewSwiss(form) : undefined}
          names={names}
        />
      ) : null}
      <button className="button button--primary" type="submit" disabled={busy} data-testid="stage-create">
        {t('create.submit')}
      </button>
      {message}
    </form>
  );
}
