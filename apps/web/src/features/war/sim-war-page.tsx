import { DAY_TWO_ATTACK_ORDER_MINUTES } from '@cwh/domain';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLoaderData, useParams } from 'react-router';
import { useLocale, useLocalizedPath } from '../../i18n/use-locale';
import { formatDuration, minutes } from '../../lib/durations';
import { reportError } from '../../lib/error-reporter';
import type { Loadable } from '../../lib/loadable';
import { formatDestruction, resultReason } from '../../lib/war-result';
import { PageShell } from '../shell/page-shell';
import { fetchSimWar, forfeitSimWar, playSimWar, type SimWar, type SimWarSideName } from './war-api';

/** How often an open war screen looks for the result the other captain's screen played. */
const RUNNING_WAR_REFRESH_MS = 5_000;

/** What the war route loads: the simulated war of the URL's id. */
export interface SimWarData {
  war: Loadable<SimWar>;
}

function Lineup({ war, side }: { war: SimWar; side: SimWarSideName }) {
  const { t } = useTranslation('war');
  const locale = useLocale();
  const lineup = war[side];
  const stars = war.result?.stars[side];
  const destruction = war.result?.destruction?.[side];
  const won = war.result?.winner === side;
  return (
    <section
      className={won ? 'war-side war-side--won card' : 'war-side card'}
      data-testid={`war-side-${side}`}
    >
      <header className="war-side__head">
        <span className="war-side__label">{t(side)}</span>
        <h2 className="war-side__name">{lineup.clanName}</h2>
        <span className="muted">{lineup.clanTag}</span>
        {stars != null ? (
          <span className="war-side__stars" data-testid={`war-stars-${side}`}>
            ★ {stars}
          </span>
        ) : null}
        {destruction != null ? (
          <span className="war-side__destruction" data-testid={`war-destruction-${side}`}>
            {formatDestruction(destruction, locale)}
          </span>
        ) : null}
      </header>
      <ol className="war-lineup">
        {lineup.players.map((player) => (
          <li key={player.tag} className="war-lineup__player">
            <span className="war-lineup__pos">{player.position}</span>
            <span className="war-lineup__name">{player.name}</span>
            <span className="muted">{t('th', { level: player.townHallLevel })}</span>
          </li>
        ))}
      </ol>
    </section>
  );
}

function Timeline({ war }: { war: SimWar }) {
  const { t } = useTranslation('war');
  const names = new Map([...war.home.players, ...war.away.players].map((p) => [p.tag, p.name]));
  const attacks =
    war.attackOrder.length > 0
      ? war.attackOrder
      : (['home', 'away'] as const).flatMap((side) =>
          DAY_TWO_ATTACK_ORDER_MINUTES[side].map((minutesLeft, index) => ({
            order: 0,
            side,
            position: index + 1,
            minutesLeft,
            attackerTag: '',
            defenderTag: '',
          })),
        );
  const ordered = [...attacks].sort((a, b) => b.minutesLeft - a.minutesLeft);
  return (
    <section className="card war-timeline" data-testid="war-timeline">
      <h2 className="section-title">{t('timeline')}</h2>
      <ol className="war-timeline__list">
        {ordered.map((attack) => (
          <li
            key={`${attack.side}-${attack.position}-${attack.minutesLeft}`}
            className={`war-attack war-attack--${attack.side}`}
            data-testid="war-attack"
            data-minutes={attack.minutesLeft}
            data-side={attack.side}
            data-attacker={attack.attackerTag || undefined}
          >
            <span className="war-attack__clock">
              {t('minutesLeft', { time: formatDuration(minutes(attack.minutesLeft)) })}
            </span>
            <span className="war-attack__who">{names.get(attack.attackerTag) ?? t(attack.side)}</span>
            <span className="war-attack__stars">
              {'stars' in attack && attack.stars != null ? '★'.repeat(attack.stars) || '–' : ''}
            </span>
          </li>
        ))}
      </ol>
    </section>
  );
}

async function refetch(warId: string | null): Promise<SimWar | null> {
  if (!warId) return null;
  try {
    return await fetchSimWar(warId);
  } catch {
    return null;
  }
}

/**
 * The war shown: the loaded one, else as play or forfeit answered; while it runs, its result is
 * looked for now and then (the other captain may play it).
 */
function useSimWar(load: SimWarData['war']) {
  // Play and forfeit answer with the war as it is now: shown as is, without loading it again.
  const [acted, setActed] = useState<Loadable<SimWar> | null>(null);
  const [busy, setBusy] = useState(false);
  const run = async (action: () => Promise<SimWar>) => {
    setBusy(true);
    try {
      setActed({ status: 'ready', value: await action() });
    } catch (error) {
      // The other captain's screen may have played the war meanwhile: show the war as it is now.
      const now = await refetch(warId);
      if (now?.result) setActed({ status: 'ready', value: now });
      else {
        void reportError(error, { war: 'simulated war action' });
        setActed({ status: 'error', error });
      }
    } finally {
      setBusy(false);
    }
  };
  const shown = acted ?? load;
  const warId = shown.status === 'ready' ? shown.value.id : null;
  const running = shown.status === 'ready' && !shown.value.result;
  // While the war runs, look for its result now and then: the other captain may play it.
  useEffect(() => {
    if (!warId || !running) return;
    const timer = setInterval(async () => {
      const now = await refetch(warId);
      if (now?.result) setActed({ status: 'ready', value: now });
    }, RUNNING_WAR_REFRESH_MS);
    return () => clearInterval(timer);
  }, [warId, running]);
  return { shown, busy, run };
}

type WarResultValue = NonNullable<SimWar['result']>;

/** The played war: stars, destruction, the winner (and a forfeit), why, and back to the hub. */
function WarResult({ war, result }: { war: SimWar; result: WarResultValue }) {
  const { t } = useTranslation('war');
  const locale = useLocale();
  const localize = useLocalizedPath();
  const reason = resultReason({
    stars: result.stars,
    winner: result.winner,
    forfeit: result.forfeit != null,
  });
  return (
    <div className="card war-result" data-testid="war-result" data-winner={result.winner}>
      <p className="war-result__score">
        <span>★ {result.stars.home}</span>
        <span className="muted">–</span>
        <span>★ {result.stars.away}</span>
      </p>
      {result.destruction ? (
        <p className="war-result__destruction muted" data-testid="war-result-destruction">
          {formatDestruction(result.destruction.home, locale)} –{' '}
          {formatDestruction(result.destruction.away, locale)}
        </p>
      ) : null}
      <p className="war-result__winner" data-testid="war-winner">
        {result.winner === 'draw' ? t('draw') : t('winner', { team: war[result.winner].clanName })}
        {result.forfeit ? ` · ${t('forfeited', { team: war[result.forfeit].clanName })}` : ''}
      </p>
      {reason && reason !== 'draw' && result.winner !== 'draw' ? (
        <p className="war-result__reason" data-testid="war-result-reason" data-reason={reason}>
          {t(`reason.${reason}`, { team: war[result.winner].clanName })}
        </p>
      ) : null}
      <Link className="button button--primary" to={localize('/leaderboard')} data-testid="war-back-to-hub">
        {t('backToHub')}
      </Link>
    </div>
  );
}

/** A running war: Play, or forfeit it for one side. */
function WarActions({
  war,
  busy,
  run,
}: {
  war: SimWar;
  busy: boolean;
  run: (action: () => Promise<SimWar>) => Promise<void>;
}) {
  const { t } = useTranslation('war');
  return (
    <div className="card war-actions">
      <p className="muted">{t('intro')}</p>
      <button
        type="button"
        className="button button--primary button--block"
        data-testid="war-play"
        disabled={busy}
        onClick={() => void run(() => playSimWar(war.id))}
      >
        {t('play')}
      </button>
      <div className="war-actions__forfeits">
        {(['home', 'away'] as const).map((side) => (
          <button
            key={side}
            type="button"
            className="button button--ghost"
            data-testid={`war-forfeit-${side}`}
            disabled={busy}
            onClick={() => void run(() => forfeitSimWar(war.id, side))}
          >
            {t('forfeit', { team: war[side].clanName })}
          </button>
        ))}
      </div>
    </div>
  );
}

function War({ load }: { load: SimWarData['war'] }) {
  const { t } = useTranslation('war');
  const { shown, busy, run } = useSimWar(load);
  if (shown.status === 'missing')
    return (
      <div className="card state-card" data-testid="war-missing">
        <p>{t('missing')}</p>
      </div>
    );
  if (shown.status === 'error')
    return (
      <div className="card state-card state-card--error" role="alert">
        <p>{t('error')}</p>
      </div>
    );
  const war = shown.value;
  return (
    <div className="war" data-testid="sim-war" data-status={war.status}>
      {war.result ? (
        <WarResult war={war} result={war.result} />
      ) : (
        <WarActions war={war} busy={busy} run={run} />
      )}
      <div className="war-sides">
        <Lineup war={war} side="home" />
        <Lineup war={war} side="away" />
      </div>
      <Timeline war={war} />
    </div>
  );
}

/** /simulator/war/:warId: the simulated game's war screen, target of the war deep link. */
export function SimWarPage() {
  const { t } = useTranslation('war');
  const { warId } = useParams();
  const { war } = useLoaderData() as SimWarData;
  return (
    <PageShell name="sim-war" title={t('title')} eyebrow={t('eyebrow')}>
      {/* Keyed by war: another war starts from its loaded state, not from this one's actions. */}
      <War key={warId} load={war} />
    </PageShell>
  );
}
