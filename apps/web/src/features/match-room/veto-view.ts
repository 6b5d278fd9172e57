import type { Challenge, VetoItem } from './pickban-api';

export type VetoSide = 'home' | 'away';
export type VetoAction = 'ban' | 'pick';

/** One line of the board's history: a step taken (by a captain or, on a time-out, by the hub) or to come. */
export interface VetoLine {
  step: number;
  side: VetoSide;
  action: VetoAction;
  count: number;
  /** The chosen items' names; empty while the step is to come. */
  items: string[];
  auto: boolean;
  state: 'done' | 'current' | 'next';
}

export interface VetoView {
  /** Whose move it is from the viewer's seat: theirs, the other side's, or nobody's (finished). */
  phase: 'mine' | 'theirs' | 'closed';
  current: { side: VetoSide; action: VetoAction; count: number } | null;
  /** Whole seconds before the hub chooses for the side to play (0 once due); null when finished. */
  secondsLeft: number | null;
  lines: VetoLine[];
  /** The items still free, in the pool's order. */
  remaining: VetoItem[];
  picked: VetoItem[];
  banned: VetoItem[];
}

const nameOf = (items: ReadonlyMap<string, VetoItem>, id: string): VetoItem =>
  items.get(id) ?? { id, name: id, description: null };

/** What the veto board shows of a challenge at `now` (pure: the board and its tests share it). */
export function vetoView(challenge: Challenge, items: ReadonlyMap<string, VetoItem>, now: Date): VetoView {
  const votes = new Map(challenge.votes.map((vote) => [vote.step, vote]));
  const lines: VetoLine[] = challenge.steps.map((step, index) => {
    const vote = votes.get(index);
    return {
      step: index,
      side: step.side,
      action: step.action,
      count: step.count,
      items: vote ? vote.items.map((id) => nameOf(items, id).name) : [],
      auto: vote?.auto ?? false,
      state: vote ? 'done' : index === challenge.currentStep ? 'current' : 'next',
    };
  });
  const open = challenge.status === 'open' && challenge.currentStep != null;
  const currentStep = open ? challenge.steps[challenge.currentStep ?? 0] : undefined;
  const current = currentStep
    ? { side: currentStep.side, action: currentStep.action, count: currentStep.count }
    : null;
  const secondsLeft =
    open && challenge.turnEndsAt
      ? Math.max(0, Math.ceil((Date.parse(challenge.turnEndsAt) - now.getTime()) / 1000))
      : null;
  return {
    phase: !current ? 'closed' : challenge.mySide === current.side ? 'mine' : 'theirs',
    current,
    secondsLeft,
    lines,
    remaining: challenge.remaining.map((id) => nameOf(items, id)),
    picked: challenge.picked.map((id) => nameOf(items, id)),
    banned: challenge.banned.map((id) => nameOf(items, id)),
  };
}

/** The last step taken, for the live region: who did what, and whether the hub chose on a time-out. */
export function lastStep(view: VetoView): VetoLine | null {
  const done = view.lines.filter((line) => line.state === 'done');
  return done[done.length - 1] ?? null;
}

/** m:ss for the turn clock. */
export function clock(seconds: number): string {
  const minutes = Math.floor(seconds / 60);
  return `${minutes}:${String(seconds % 60).padStart(2, '0')}`;
}

/** Toggles an item in the selection, never holding more than the step's count (the oldest drops out). */
export function toggleSelection(selected: readonly string[], id: string, count: number): string[] {
  if (selected.includes(id)) return selected.filter((other) => other !== id);
  const next = [...selected, id];
  return next.length > count ? next.slice(next.length - count) : next;
}
