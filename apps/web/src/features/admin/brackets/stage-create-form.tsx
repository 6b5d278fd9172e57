import { defaultSwissRounds, type SwissConfig } from '@cwh/domain';
import { type FormEvent, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Field, useAction } from '../console/admin-ui';
import { StagePreview } from '../rosters/stage-preview';
import { stageApi } from './stage-api';
import {
  type SeedCandidate,
  SeedingFieldset,
  type SetField,
  SwissRulesFieldset,
} from './stage-create-fieldsets';
import { type CreateStageForm, createStageBody, seedOrder, TIEBREAK_KEYS } from './stage-forms';
import { useStageCall } from './stage-refusal';

export type { SeedCandidate };

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

/** The form's state, its first seeds from the proposal (else the placements), and its submit. */
function useStageCreateForm({
  segmentId,
  segmentFormat,
  candidates: given,
  proposed = [],
  onCreated,
}: Props) {
  const { t } = useTranslation('adminstages');
  const initialFormat = segmentFormat === 'double_elimination' ? 'double_elimination' : 'swiss';
  const candidates = useMemo(() => ordered(given, proposed), [given, proposed]);
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
  const set: SetField = (key, value) => setForm((f) => ({ ...f, [key]: value }));
  const setFormat = (format: CreateStageForm['format']) =>
    setForm((f) => ({ ...f, format, seeds: placementSeeds(candidates, format, proposed) }));
  const resetSeeds = () => set('seeds', placementSeeds(candidates, form.format, proposed));

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
  return { form, set, setFormat, resetSeeds, candidates, submit, busy, message };
}

/** The Create stage form: format, swiss rules and tiebreaks, seeds. */
export function StageCreateForm(props: Props) {
  const { segmentId, segmentFormat, proposed = [] } = props;
  const { t } = useTranslation('adminstages');
  const { form, set, setFormat, resetSeeds, candidates, submit, busy, message } = useStageCreateForm(props);
  const names = useMemo(() => new Map(candidates.map((c) => [c.id, c.name])), [candidates]);
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
            onChange={(e) => setFormat(e.target.value as CreateStageForm['format'])}
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

      {form.format === 'swiss' ? <SwissRulesFieldset form={form} set={set} /> : null}

      <SeedingFieldset
        form={form}
        set={set}
        candidates={candidates}
        defaultSize={DEFAULT_FIELD[form.format]}
        hasProposal={proposed.length > 0}
        onReset={resetSeeds}
      />
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
