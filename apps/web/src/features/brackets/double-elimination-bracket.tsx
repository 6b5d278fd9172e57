import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MatchSeriesValue } from '../matches/match-series-api';
import { BracketMatch } from './bracket-match';
import {
  type BracketRound,
  type BracketSectionName,
  doubleEliminationView,
  joinsPairs,
  openRoundIndex,
  stepRound,
} from './stage-model';
import './brackets.css';

export interface DoubleEliminationBracketProps {
  /** Every series of the stage (GET /bracket/{id}/match-series, all pages). */
  series: readonly MatchSeriesValue[];
  /** Seed of each roster (bracket info `teams`), shown before the team names. */
  seeds?: ReadonlyMap<string, number> | undefined;
  /** Level of the section headings (upper, lower, final); round titles are one level below. */
  headingLevel?: 2 | 3;
  /** Matches link to /match/{id}; off for the broadcast view. */
  linkMatches?: boolean;
  /** `broadcast`: every round side by side at any width, larger type, no navigation. */
  variant?: 'page' | 'broadcast';
}

type Heading = 'h2' | 'h3' | 'h4';

function useRoundTitle() {
  const { t } = useTranslation('brackets');
  return (round: BracketRound, index: number, total: number) => {
    if (round.section === 'final') return index === 0 ? t('rounds.grandFinal') : t('rounds.reset');
    if (index === total - 1 && total > 1)
      return round.section === 'upper' ? t('rounds.upperFinal') : t('rounds.lowerFinal');
    return t('rounds.round', { round: round.round });
  };
}

function RoundNav({
  index,
  total,
  title,
  onStep,
  controls,
}: {
  index: number;
  total: number;
  title: string;
  onStep: (step: number) => void;
  controls: string;
}) {
  const { t } = useTranslation('brackets');
  return (
    <div className="de__nav" data-testid="round-nav">
      <button
        type="button"
        className="button button--ghost button--small"
        disabled={index <= 0}
        onClick={() => onStep(-1)}
        aria-controls={controls}
        data-testid="round-prev"
      >
        <span aria-hidden="true">‹ </span>
        {t('nav.previous')}
      </button>
      <p className="de__nav-position" aria-live="polite" data-testid="round-position">
        {t('nav.position', { current: index + 1, total, title })}
      </p>
      <button
        type="button"
        className="button button--ghost button--small"
        disabled={index >= total - 1}
        onClick={() => onStep(1)}
        aria-controls={controls}
        data-testid="round-next"
      >
        {t('nav.next')}
        <span aria-hidden="true"> ›</span>
      </button>
    </div>
  );
}

function Section({
  name,
  rounds,
  seeds,
  heading,
  link,
  broadcast,
}: {
  name: BracketSectionName;
  rounds: BracketRound[];
  seeds: ReadonlyMap<string, number> | undefined;
  heading: 2 | 3;
  link: boolean;
  broadcast: boolean;
}) {
  const { t } = useTranslation('brackets');
  const titleOf = useRoundTitle();
  const [current, setCurrent] = useState(() => openRoundIndex(rounds));
  const index = stepRound(current, 0, rounds.length);
  const id = useId();
  const H = `h${heading}` as Heading;
  const R = `h${heading + 1}` as Heading;
  if (rounds.length === 0) return null;
  return (
    <section
      className={`de__section de__section--${name}`}
      aria-labelledby={`${id}-title`}
      data-testid={`bracket-${name}`}
    >
      <H className="de__title" id={`${id}-title`}>
        {t(`sections.${name}`)}
      </H>
      {!broadcast && rounds.length > 1 ? (
        <RoundNav
          index={index}
          total={rounds.length}
          title={titleOf(rounds[index]!, index, rounds.length)}
          onStep={(step) => setCurrent(stepRound(index, step, rounds.length))}
          controls={`${id}-rounds`}
        />
      ) : null}
      <div className="de__rounds" id={`${id}-rounds`}>
        {rounds.map((round, i) => {
          const title = titleOf(round, i, rounds.length);
          const last = i === rounds.length - 1;
          const classes = [
            'de__round',
            i === index ? 'de__round--current' : '',
            last ? 'de__round--last' : joinsPairs(rounds, i) ? 'de__round--joins' : 'de__round--straight',
            i > 0 ? 'de__round--fed' : '',
          ]
            .filter(Boolean)
            .join(' ');
          return (
            <div
              key={round.round}
              className={classes}
              data-testid="bracket-round"
              data-current={i === index ? 'true' : undefined}
            >
              <R
                className={
                  name === 'final' && rounds.length === 1
                    ? 'de__round-title visually-hidden'
                    : 'de__round-title'
                }
                id={`${id}-r${round.round}`}
              >
                {title}
              </R>
              <ol className="de__matches" aria-labelledby={`${id}-r${round.round}`}>
                {round.series.map((series) => (
                  <BracketMatch key={series.id} series={series} seeds={seeds} link={link} />
                ))}
              </ol>
            </div>
          );
        })}
      </div>
    </section>
  );
}

/**
 * A double-elimination stage: upper bracket, lower bracket and finals, each a section with its
 * heading and an ordered list of matches per round. Connectors between rounds are CSS lines (no
 * content for screen readers). On a phone one round per screen with previous/next buttons; from
 * 720 px every round side by side. The grand-final reset appears only when it is played.
 */
export function DoubleEliminationBracket({
  series,
  seeds,
  headingLevel = 2,
  linkMatches = true,
  variant = 'page',
}: DoubleEliminationBracketProps) {
  const view = doubleEliminationView(series);
  const broadcast = variant === 'broadcast';
  const common = { seeds, heading: headingLevel, link: linkMatches, broadcast };
  return (
    <div
      className={`de${broadcast ? ' de--broadcast' : ''}`}
      data-testid="double-elimination-bracket"
      data-reset-shown={view.resetShown ? 'true' : 'false'}
    >
      <Section name="upper" rounds={view.upper} {...common} />
      <Section name="lower" rounds={view.lower} {...common} />
      <Section name="final" rounds={view.final} {...common} />
    </div>
  );
}
