import {
  ACCEPTED_BY_BOTH_FETCH_DELAY_MS,
  type AcceptMatchUpFailure,
  acceptMatchUpErrorRoute,
  CLOSE_AFTER_DEEP_LINK_MS,
  DECLINE_CLOSE_DELAY_MS,
  type ErrorRoute,
  errorRouteFor,
  MATCHUP_ACCEPT_WINDOW_MS,
  OPEN_GAME_DEEP_LINK_DELAY_MS,
  type QueueStatus,
} from '@cwh/domain';
import { ApiError } from '../../lib/api-client';

/**
 * The match found modal (spec 4), as a small state machine with injected effects so every timing
 * can be tested with fake timers:
 * found → accepting → accepted → bothAccepted (war link after 2 s, opened 1 s later, closed 2 s later)
 * found → declined (closes after 3 s); accepted + countdown end → declined (closes after 3 s);
 * found + countdown end → declined (missed, queue status none, closes after 3 s); opponent declined →
 * declined (opponent; back in the queue when the server requeued us, closes after 3 s).
 */
export type DeclinedBy = 'user' | 'opponent' | 'timeout' | 'missed';

export type MatchFoundPhase = 'closed' | 'found' | 'accepting' | 'accepted' | 'declined' | 'bothAccepted';

export interface MatchFoundState {
  phase: MatchFoundPhase;
  matchUpId: string | null;
  /** Epoch ms of the server's deadline. */
  expiresAt: number;
  /**
   * Why the declined notice shows: the user declined, the opponent declined, the window ran out
   * after the user accepted (`timeout`) or before the user answered (`missed`).
   */
  declinedBy: DeclinedBy | null;
  /** Whether the server put this team back in the queue after the match-up ended (the next step). */
  requeued: boolean;
  /** The other team's name, when the match-up named it. */
  opponent: string | null;
  /** Set once the war link is known (bothAccepted). */
  warLink: string | null;
}

export interface MatchFoundDeps {
  accept(id: string): Promise<void>;
  decline(id: string): Promise<void>;
  createWar(matchSeriesId: string): Promise<string>;
  openLink(link: string): void;
  setQueueStatus(status: QueueStatus): void;
  navigate(route: ErrorRoute): void;
  report(error: unknown): void;
  now(): number;
}

export const CLOSED_STATE: MatchFoundState = {
  phase: 'closed',
  matchUpId: null,
  expiresAt: 0,
  declinedBy: null,
  requeued: false,
  opponent: null,
  warLink: null,
};

/** Spec 8 accept failures: clan in war → 23, a failed status/player check → derived, else /error. */
export function acceptFailure(error: unknown): AcceptMatchUpFailure {
  if (!(error instanceof ApiError)) return { kind: 'acceptCall' };
  const first = error.errors[0];
  if (first?.code === 'CLAN_IS_IN_WAR') return { kind: 'clanInWar' };
  const hint = { code: first?.code ?? null, detail: first?.detail ?? null };
  return errorRouteFor(error.status, hint)
    ? { kind: 'check', status: error.status, ...hint }
    : { kind: 'acceptCall' };
}

export class MatchFoundMachine {
  private state: MatchFoundState = CLOSED_STATE;
  private readonly listeners = new Set<() => void>();
  private timers: ReturnType<typeof setTimeout>[] = [];
  private countdown: ReturnType<typeof setTimeout> | null = null;

  constructor(private readonly deps: MatchFoundDeps) {}

  getState = (): MatchFoundState => this.state;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  private set(patch: Partial<MatchFoundState>) {
    this.state = { ...this.state, ...patch };
    for (const listener of this.listeners) listener();
  }

  private later(ms: number, run: () => void) {
    this.timers.push(setTimeout(run, ms));
  }

  private clearTimers() {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers = [];
    if (this.countdown) clearTimeout(this.countdown);
    this.countdown = null;
  }

  private close(queueStatus: QueueStatus | null) {
    this.clearTimers();
    this.set(CLOSED_STATE);
    if (queueStatus) this.deps.setQueueStatus(queueStatus);
  }

  /** A match-up to confirm: from the socket notice or a pending match-up. Deadline from the server. */
  open(matchUp: {
    id: string;
    expiresAt?: string | null;
    createdAt?: string | null;
    opponent?: string | null;
  }): void {
    if (this.state.phase !== 'closed') return;
    const expiresAt = matchUp.expiresAt
      ? Date.parse(matchUp.expiresAt)
      : (matchUp.createdAt ? Date.parse(matchUp.createdAt) : this.deps.now()) + MATCHUP_ACCEPT_WINDOW_MS;
    this.set({
      ...CLOSED_STATE,
      phase: 'found',
      matchUpId: matchUp.id,
      expiresAt,
      opponent: matchUp.opponent ?? null,
    });
    this.countdown = setTimeout(() => this.onCountdownEnd(), Math.max(0, expiresAt - this.deps.now()));
  }

  async accept(): Promise<void> {
    const { phase, matchUpId } = this.state;
    if (phase !== 'found' || !matchUpId) return;
    this.set({ phase: 'accepting' });
    try {
      await this.deps.accept(matchUpId);
    } catch (error) {
      this.deps.report(error);
      if (this.state.matchUpId !== matchUpId) return;
      this.close('none');
      this.deps.navigate(acceptMatchUpErrorRoute(acceptFailure(error)));
      return;
    }
    // The other side may have accepted (or the window ended) while the call was in flight.
    if (this.state.phase === 'accepting' && this.state.matchUpId === matchUpId) {
      this.set({ phase: 'accepted' });
      this.deps.setQueueStatus('accepted');
    }
  }

  async decline(): Promise<void> {
    const { phase, matchUpId } = this.state;
    if (phase !== 'found' || !matchUpId) return;
    this.showDeclined('user');
    try {
      await this.deps.decline(matchUpId);
    } catch (error) {
      // Spec 8: a failed decline still closes after 3 s.
      this.deps.report(error);
    }
  }

  /** The declined notice (why, and what happens next) for 3 s, then the modal closes. */
  private showDeclined(by: DeclinedBy, requeued = false) {
    this.clearTimers();
    this.set({ phase: 'declined', declinedBy: by, requeued });
    this.deps.setQueueStatus(requeued ? 'inQueue' : 'none');
    this.later(DECLINE_CLOSE_DELAY_MS, () => this.close(null));
  }

  /**
   * `matches:match_up_declined`: the other side said no (`declined`), or the window ran out
   * (`expired`). `requeued` is the server saying this roster is back in the queue (it accepted);
   * unknown counts as back in queue. The notice says which, and what happens next, for 3 s.
   */
  onDeclined(requeued?: boolean, reason: 'declined' | 'expired' = 'declined'): void {
    const { phase, declinedBy } = this.state;
    if (phase === 'found' || phase === 'accepting' || phase === 'accepted') {
      const by: DeclinedBy = reason === 'declined' ? 'opponent' : phase === 'found' ? 'missed' : 'timeout';
      this.showDeclined(by, requeued !== false);
    } else if (
      phase === 'declined' &&
      (declinedBy === 'timeout' || declinedBy === 'missed') &&
      requeued === true
    ) {
      // Our countdown ended first: the notice stays its 3 s, the queue status follows the server.
      this.set({ requeued: true });
      this.deps.setQueueStatus('inQueue');
    }
  }

  /** `matches:match_up_accepted`: both sides accepted; the war is being created. */
  onBothAccepted(matchSeriesId: string): void {
    const { phase } = this.state;
    if (phase !== 'found' && phase !== 'accepting' && phase !== 'accepted') return;
    this.clearTimers();
    this.set({ phase: 'bothAccepted' });
    this.deps.setQueueStatus('accepted');
    this.later(ACCEPTED_BY_BOTH_FETCH_DELAY_MS, () => void this.startWar(matchSeriesId));
  }

  private async startWar(matchSeriesId: string) {
    let link: string;
    try {
      link = await this.deps.createWar(matchSeriesId);
    } catch (error) {
      // Start-war failure: stop and hand the error to the global handler; the start-war modal retries.
      // The match stays accepted (the queue status follows the server's entry, not this dialog).
      this.deps.report(error);
      this.close(null);
      return;
    }
    if (this.state.phase !== 'bothAccepted') return;
    this.set({ warLink: link });
    this.later(OPEN_GAME_DEEP_LINK_DELAY_MS, () => {
      this.deps.openLink(link);
      // The dialog closes; the match is on until it is played, so the queue status stays accepted
      // (no Find Match during an accepted match) until the server's entry says otherwise.
      this.later(CLOSE_AFTER_DEEP_LINK_MS, () => this.close(null));
    });
  }

  private onCountdownEnd() {
    this.countdown = null;
    const { phase } = this.state;
    if (phase === 'found') this.showDeclined('missed');
    else if (phase === 'accepting' || phase === 'accepted') this.showDeclined('timeout');
  }

  /** Sign-out or unmount. */
  dispose(): void {
    this.clearTimers();
    this.state = CLOSED_STATE;
    this.listeners.clear();
  }
}
