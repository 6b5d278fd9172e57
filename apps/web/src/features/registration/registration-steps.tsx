import { STEPPER_RESET_MS, type StepperState, stepperNext, stepperPrev } from '@cwh/domain';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

const MILESTONES = ['age', 'profile', 'done'] as const;

/** Where the stepper stands across the registration pages (it moves as the player goes on or back). */
let reached = 0;

/** Tests: back to the start. */
export function resetRegistrationStepper(): void {
  reached = 0;
}

/**
 * Spec 4 stepper on the registration steps: towards the page's step it grows or drops by 1 at a
 * time (domain stepperNext / stepperPrev, clamped between 0 and the milestone count); at the last
 * milestone it finishes, and STEPPER_RESET_MS later it resets to 0 (the indicator goes away).
 */
function useRegistrationStepper(target: number): StepperState {
  const [state, setState] = useState<StepperState>({ step: reached, finished: false });
  useEffect(() => {
    let next: StepperState = { step: reached, finished: false };
    while (next.step !== target) {
      const moved =
        next.step < target
          ? stepperNext(next.step, MILESTONES.length)
          : stepperPrev(next.step, MILESTONES.length);
      if (moved.step === next.step) break;
      next = moved;
    }
    // Already at the last milestone (a rerun of the effect): still finished, still to reset.
    if (next.step === MILESTONES.length) next = { ...next, finished: true };
    reached = next.step;
    setState(next);
    if (!next.finished) return;
    const timer = setTimeout(() => {
      reached = 0;
      setState({ step: 0, finished: false });
    }, STEPPER_RESET_MS);
    return () => clearTimeout(timer);
  }, [target]);
  return state;
}

/** The registration steps (age, profile, done) with the page's step current. */
export function Steps({ current }: { current: 1 | 2 | 3 }) {
  const { t } = useTranslation('registration');
  const { step, finished } = useRegistrationStepper(current);
  if (step === 0) return null;
  return (
    <ol
      className={finished ? 'steps steps--finished' : 'steps'}
      aria-label={t('steps.label')}
      data-testid="registration-steps"
      data-step={step}
    >
      {MILESTONES.map((milestone, index) => (
        <li
          key={milestone}
          className={`steps__item${index + 1 <= step ? ' steps__item--done' : ''}`}
          aria-current={index + 1 === step ? 'step' : undefined}
        >
          <span className="steps__dot">{index + 1}</span>
          <span className="steps__label">{t(`steps.${milestone}`)}</span>
        </li>
      ))}
    </ol>
  );
}
