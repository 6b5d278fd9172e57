import { describe, expect, it } from 'vitest';
import { stepperNext, stepperPrev } from './stepper.js';

describe('stepperNext', () => {
  it.each([
    [0, 3, 1, false],
    [2, 3, 3, true],
    [3, 3, 3, true],
    [-4, 3, 0, false],
    [0, 0, 0, true],
  ])('%i of %i → %i finished=%s', (step, milestones, expected, finished) => {
    expect(stepperNext(step, milestones)).toEqual({ step: expected, finished });
  });
});

describe('stepperPrev', () => {
  it.each([
    [2, 3, 1],
    [0, 3, 0],
    [9, 3, 3],
  ])('%i of %i → %i', (step, milestones, expected) => {
    expect(stepperPrev(step, milestones)).toEqual({ step: expected, finished: false });
  });
});
