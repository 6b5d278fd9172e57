import './turn-banner.css';
import { PICKBAN_STEP_EVENT } from '@cwh/contract/constants';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useLocalizedPath } from '../../i18n/use-locale';
import { reportError } from '../../lib/error-reporter';
import { MODAL_WIDTH_STYLE } from '../../lib/modal';
import { realtimeFor } from '../../lib/realtime';
import { useNow } from '../../lib/ticker';
import { useSession } from '../session/session-store';
import { type Challenge, fetchMyOpenChallenges } from './pickban-api';
import { VETO_BOARD_ANCHOR } from './veto-board';
import { clock } from './veto-view';

/** After a turn's deadline, how long to wait for the hub's choice before reading again. */
const AFTER_DEADLINE_MS = 2_000;

/** The running pick and ban where it is this captain's move (the earliest deadline first), or null. */
export function myTurn(challenges: readonly Challenge[]): Challenge | null {
  const mine = challenges.filter(
    (challenge) =>
      challenge.status === 'open' &&
      challenge.currentStep != null &&
      challenge.mySide != null &&
      challenge.turn === challenge.mySide,
  );
  mine.sort((a, b) => Date.parse(a.turnEndsAt ?? '') - Date.parse(b.turnEndsAt ?? ''));
  return mine[0] ?? null;
}

/**
 * The captain's open picks and bans (GET /challenges/mine?filter[status]=open), kept current as the
 * match room keeps its board: read on sign-in, on every `pickban:challenge_updated`, on a socket
 * reconnect, and once the turn's deadline has passed (the hub then chooses).
 */
function useMyOpenChallenges(): Challenge[] {
  const session = useSession();
  const userId = session.status === 'signedIn' ? session.userId : null;
  const token = session.scToken?.value ?? null;
  const [challenges, setChallenges] = useState<Challenge[]>([]);
  const [version, setVersion] = useState(0);
  const reload = useCallback(() => setVersion((v) => v + 1), []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `version` re-runs the read on purpose
  useEffect(() => {
    if (!userId) {
      setChallenges([]);
      return;
    }
    const controller = new AbortController();
    fetchMyOpenChallenges(controller.signal).then(
      (list) => {
        if (!controller.signal.aborted) setChallenges(list);
      },
      (error: unknown) => {
        if (!controller.signal.aborted) void reportError(error, { pickban: 'my turn' });
      },
    );
    return () => controller.abort();
  }, [userId, version]);

  useEffect(() => {
    const client = realtimeFor(userId, token);
    if (!client) return;
    const off = client.subscribe((message) => {
      if (message.event === PICKBAN_STEP_EVENT) reload();
    });
    const offReconnect = client.onReconnect(reload);
    return () => {
      off();
      offReconnect();
    };
  }, [userId, token, reload]);

  const deadline = myTurn(challenges)?.turnEndsAt ?? null;
  useEffect(() => {
    if (!deadline) return;
    const wait = Math.max(0, Date.parse(deadline) - Date.now()) + AFTER_DEADLINE_MS;
    const timer = setTimeout(reload, wait);
    return () => clearTimeout(timer);
  }, [deadline, reload]);

  return challenges;
}

/** How often the match page is checked for its board (it mounts once its read is in). */
const BOARD_LOOKUP_MS = 500;

/**
 * Whether the pick and ban board is on screen (the match page, scrolled to it): the banner then
 * steps aside, so it never covers the board's own turn, clock and Confirm.
 */
function useBoardInView(active: boolean): boolean {
  const [inView, setInView] = useState(false);
  useEffect(() => {
    setInView(false);
    if (!active || typeof IntersectionObserver === 'undefined') return;
    let observed: Element | null = null;
    const observer = new IntersectionObserver((entries) => {
      setInView(entries.some((entry) => entry.isIntersecting));
    });
    const attach = () => {
      const board = document.getElementById(VETO_BOARD_ANCHOR);
      if (board === observed) return;
      if (observed) observer.unobserve(observed);
      observed = board;
      if (board) observer.observe(board);
      else setInView(false);
    };
    attach();
    const timer = setInterval(attach, BOARD_LOOKUP_MS);
    return () => {
      clearInterval(timer);
      observer.disconnect();
    };
  }, [active]);
  return inView;
}

/**
 * "Your turn" (issue 31): while it is this captain's move in a pick and ban, a banner on every page
 * of the hub says so, with the time left and a link to the board; it goes once they voted or the
 * turn timed out (the next read has another side to play), and while the board itself is on screen.
 */
export function TurnBanner() {
  const challenges = useMyOpenChallenges();
  const turn = myTurn(challenges);
  const { pathname } = useLocation();
  const onItsMatchPage = turn != null && pathname.endsWith(`/match/${turn.matchSeriesId}`);
  const boardInView = useBoardInView(onItsMatchPage);
  return turn && !boardInView ? <TurnBannerView challenge={turn} /> : null;
}

/** The page's CSS variable the other bottom docks (Queue) rise by while the banner is shown. */
export const TURN_BANNER_SPACE = '--turn-banner-space';

/**
 * Keeps `--turn-banner-space` on <html> at the banner's height and gap while it is shown, so the
 * docked Queue button sits above it instead of under it (both are fixed to the bottom).
 */
function useBannerSpace() {
  const banner = useRef<HTMLElement>(null);
  useEffect(() => {
    const element = banner.current;
    if (!element) return;
    const root = document.documentElement.style;
    const measure = () => root.setProperty(TURN_BANNER_SPACE, `${Math.ceil(element.offsetHeight) + 12}px`);
    measure();
    const observer = typeof ResizeObserver === 'function' ? new ResizeObserver(measure) : null;
    observer?.observe(element);
    return () => {
      observer?.disconnect();
      root.removeProperty(TURN_BANNER_SPACE);
    };
  }, []);
  return banner;
}

function TurnBannerView({ challenge }: { challenge: Challenge }) {
  const { t } = useTranslation('pickban');
  const banner = useBannerSpace();
  const localize = useLocalizedPath();
  const now = useNow(1_000);
  const step = challenge.steps[challenge.currentStep ?? 0];
  const action = step?.action ?? 'ban';
  const left = challenge.turnEndsAt
    ? Math.max(0, Math.ceil((Date.parse(challenge.turnEndsAt) - now.getTime()) / 1000))
    : null;
  return (
    <aside
      ref={banner}
      className="turn-banner"
      aria-labelledby="turn-banner-title"
      data-testid="turn-banner"
      data-series={challenge.matchSeriesId}
      style={MODAL_WIDTH_STYLE}
    >
      <p className="turn-banner__text">
        <strong id="turn-banner-title" role="status">
          {t(`banner.${action}`)}
        </strong>
        {left != null ? (
          <span className="turn-banner__clock" data-testid="turn-banner-clock">
            {left > 0 ? t('timeLeft', { clock: clock(left) }) : t('dueNow')}
          </span>
        ) : null}
      </p>
      <Link
        className="button button--primary turn-banner__link"
        to={localize(`/match/${challenge.matchSeriesId}#pickban`)}
        data-testid="turn-banner-link"
      >
        {t('toBoard')}
      </Link>
    </aside>
  );
}
