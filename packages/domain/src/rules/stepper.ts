export interface StepperState {
  step: number;
  /** True when the last milestone was reached; the UI resets after STEPPER_RESET_MS. */
  finished: boolean;
}

function clamp(step: number, milestones: number): number {
  return Math.min(Math.max(step, 0), Math.max(milestones, 0));
}

export function stepperNext(step: number, milestones: number): StepperState {
  const next = clamp(step + 1, milestones);
  return { step: next, finished: next === Math.max(milestones, 0) };
}

export function stepperPrev(step: number, milestones: number): StepperState {
  return { step: clamp(step - 1, milestones), finished: false };
}
