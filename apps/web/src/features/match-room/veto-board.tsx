import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNow } from '../../lib/ticker';
import { type Challenge, type VetoItem, voteChallenge, voteRefusal } from './pickban-api';
import { type SeriesVeto, useSeriesVeto } from './use-series-veto';
import { clock, lastStep, toggleSelection, type VetoLine, type VetoView, vetoView } from './veto-view';
import './pickban.css';

/** Refusals of a vote with their own text (pickban:refusal.*); any other is 'other'. */
const KNOWN_REFUSALS: ReadonlySet<string> = new Set([
  'VETO_NOT_YOUR_TURN',
  'VETO_ITEM_UNAVAILABLE',
  'VETO_WRONG_COUNT',
  'VETO_CLOSED',
  'VETO_UNKNOWN_ITEM',
]);
/** The board's id: `/match/{id}#pickban` (the turn banner's link) brings it into view. */
export const VETO_BOARD_ANCHOR = 'pickban';

/** A ref that scrolls the board into view once it shows, when the URL names it (#pickban). */
function useScrollToBoard() {
  return useCallback((node: HTMLElement | null) => {
    if (node && window.location.hash === `#${VETO_BOARD_ANCHOR}`) node.scrollIntoView?.({ block: 'start' });
  }, []);
}

interface Refusal {
  reason: string;
  count: number;
}

export interface SideNames {
  home: string;
  away: string;
}

/** The live announcement of the last step ("Team banned X"), for the live region. */
function useStepText(names: SideNames) {
  const { t } = useTranslation('pickban');
  return (line: VetoLine | null) =>
    line
      ? `${t(`step.done.${line.action}`, { team: names[line.side], items: line.items.join(', ') })}${
          line.auto ? ` (${t('step.auto')})` : ''
        }`
      : '';
}

function ItemList({ items, testId }: { items: VetoItem[]; testId: string }) {
  const { t } = useTranslation('pickban');
  return items.length === 0 ? (
    <p className="muted veto__none">{t('none')}</p>
  ) : (
    <ul className="veto__chips" data-testid={testId}>
      {items.map((item) => (
        <li key={item.id} className="veto__chip">
          {item.name}
        </li>
      ))}
    </ul>
  );
}

/** Picked and banned: the veto's outcome (the board's foot, the start-war modal, the broadcast view). */
export function VetoOutcome({ view, compact = false }: { view: VetoView; compact?: boolean }) {
  const { t } = useTranslation('pickban');
  return (
    <div className={compact ? 'veto__outcome veto__outcome--compact' : 'veto__outcome'}>
      <div>
        <h4 className="veto__label">{t('picked')}</h4>
        <ItemList items={view.picked} testId="veto-picked" />
      </div>
      <div>
        <h4 className="veto__label">{t('banned')}</h4>
        <ItemList items={view.banned} testId="veto-banned" />
      </div>
    </div>
  );
}

function Steps({ view, names }: { view: VetoView; names: SideNames }) {
  const { t } = useTranslation('pickban');
  const stepText = useStepText(names);
  return (
    <ol className="veto__steps" aria-label={t('stepsLabel')} data-testid="veto-steps">
      {view.lines.map((line) => (
        <li
          key={line.step}
          className={`veto__step veto__step--${line.state} veto__step--${line.action}`}
          data-state={line.state}
          aria-current={line.state === 'current' ? 'step' : undefined}
        >
          {line.state === 'done'
            ? stepText(line)
            : t(`step.next.${line.action}`, { team: names[line.side], count: line.count })}
        </li>
      ))}
    </ol>
  );
}

/** The captain's choice for the current step: toggle buttons over the free items, then confirm. */
function Chooser({
  challenge,
  view,
  onVoted,
  onRefused,
}: {
  challenge: Challenge;
  view: VetoView;
  onVoted: (challenge: Challenge) => void;
  onRefused: (refusal: Refusal) => void;
}) {
  const { t } = useTranslation('pickban');
  const [selected, setSelected] = useState<string[]>([]);
  const [sending, setSending] = useState(false);
  const current = view.current;
  if (!current) return null;
  const confirm = async () => {
    setSending(true);
    try {
      const choice =
        current.action === 'ban' ? { banned: selected, picked: [] } : { banned: [], picked: selected };
      const next = await voteChallenge(challenge.id, choice);
      setSelected([]);
      onVoted(next);
    } catch (error) {
      const reason = voteRefusal(error);
      setSelected([]);
      onRefused({ reason: reason && KNOWN_REFUSALS.has(reason) ? reason : 'other', count: current.count });
    } finally {
      setSending(false);
    }
  };
  return (
    <fieldset className="veto__chooser" data-testid="veto-chooser">
      <legend className="veto__turn veto__turn--mine">
        {t(`turn.mine.${current.action}`, { selected: selected.length, count: current.count })}
      </legend>
      <ul className="veto__items">
        {view.remaining.map((item) => (
          <li key={item.id}>
            <button
              type="button"
              className="veto__item"
              aria-pressed={selected.includes(item.id)}
              data-testid="veto-item"
              onClick={() => setSelected((now) => toggleSelection(now, item.id, current.count))}
            >
              <span className="veto__item-name">{item.name}</span>
              {item.description ? <span className="veto__item-desc muted">{item.description}</span> : null}
            </button>
          </li>
        ))}
      </ul>
      <button
        type="button"
        className={`button button--block ${current.action === 'ban' ? 'button--danger' : 'button--primary'}`}
        disabled={sending || selected.length !== current.count}
        data-testid="veto-confirm"
        onClick={() => void confirm()}
      >
        {sending ? t('sending') : t(`confirm.${current.action}`)}
      </button>
    </fieldset>
  );
}

/**
 * The veto board of a match series (match page): whose turn, the clock, every step taken or to
 * come, the captain's chooser on their turn, and picked and banned. Steps are announced in a
 * polite live region. Shows nothing for a series without pick and ban, or to a stranger while
 * the veto runs.
 */
export function VetoBoard({ matchSeriesId, names }: { matchSeriesId: string; names: SideNames }) {
  const { t } = useTranslation('pickban');
  const veto = useSeriesVeto(matchSeriesId);
  const now = useNow(1_000);
  const stepText = useStepText(names);
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const scrollTarget = useScrollToBoard();
  if (veto.status === 'error')
    return (
      <p className="muted" role="status">
        {t('loadError')}
      </p>
    );
  if (!veto.challenge) return null;
  const view = vetoView(veto.challenge, veto.items, now);
  return (
    <section
      id={VETO_BOARD_ANCHOR}
      ref={scrollTarget}
      className="veto card"
      aria-labelledby="veto-title"
      data-testid="veto-board"
      data-phase={view.phase}
    >
      <h3 id="veto-title" className="veto__title">
        {t('title')}
      </h3>
      {view.phase !== 'closed' ? <p className="muted veto__intro">{t('intro')}</p> : null}
      <p className="visually-hidden" aria-live="polite" data-testid="veto-live">
        {stepText(lastStep(view))}
      </p>
      {view.phase === 'theirs' && view.current ? (
        <p className="veto__turn" data-testid="veto-turn">
          {t(`turn.theirs.${view.current.action}`, {
            team: names[view.current.side],
            count: view.current.count,
          })}
        </p>
      ) : view.phase === 'closed' ? (
        <p className="veto__turn" data-testid="veto-turn">
          {t('turn.closed')}
        </p>
      ) : null}
      {view.secondsLeft != null ? (
        <p className="veto__clock" data-testid="veto-clock">
          {view.secondsLeft > 0 ? t('timeLeft', { clock: clock(view.secondsLeft) }) : t('dueNow')}
        </p>
      ) : null}
      {view.phase === 'mine' ? (
        <Chooser
          key={veto.challenge.currentStep ?? -1}
          challenge={veto.challenge}
          view={view}
          onVoted={(next) => {
            setRefusal(null);
            veto.replace(next);
          }}
          onRefused={(next) => {
            setRefusal(next);
            veto.reload();
          }}
        />
      ) : null}
      {refusal ? (
        <p className="veto__refusal" role="alert" data-testid="veto-refusal">
          {t(`refusal.${refusal.reason}`, { count: refusal.count })}
        </p>
      ) : null}
      <Steps view={view} names={names} />
      <VetoOutcome view={view} />
    </section>
  );
}

/** The veto's result (or its progress) from a veto already read. */
export function VetoSummary({ veto, testId = 'veto-result' }: { veto: SeriesVeto; testId?: string }) {
  const { t } = useTranslation('pickban');
  if (!veto.challenge) return null;
  const view = vetoView(veto.challenge, veto.items, new Date());
  return (
    <section className="veto veto--result" data-testid={testId} aria-label={t('result')}>
      <h4 className="veto__title">{view.phase === 'closed' ? t('result') : t('inProgress')}</h4>
      <VetoOutcome view={view} compact />
    </section>
  );
}

/** The veto's result only (broadcast view): nothing until the series has one. */
export function VetoResult({
  matchSeriesId,
  testId = 'veto-result',
  pollMs,
}: {
  matchSeriesId: string;
  testId?: string;
  pollMs?: number;
}) {
  return <VetoSummary veto={useSeriesVeto(matchSeriesId, pollMs)} testId={testId} />;
}
