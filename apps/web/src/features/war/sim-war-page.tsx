import { DAY_TWO_ATTACK_ORDER_MINUTES } from '@cwh/domain';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useLocalizedPath } from '../../i18n/use-locale';
import { ApiError } from '../../lib/api-client';
import { reportError } from '../../lib/error-reporter';
import { LoadingCard } from '../shell/page-loader';
import { PageShell } from '../shell/page-shell';
import { fetchSimWar, forfeitSimWar, playSimWar, type SimWar, type SimWarSideName } from './war-api';

type Load =
  | { status: 'loading' }
  | { status: 'missing' }
  | { status: 'error' }
  | { status: 'ready'; war: SimWar };

function Lineup({ war, side }: { war: SimWar; side: SimWarSideName }) {
  const { t } = useTranslation('war');
  const lineup = war[side];
  const stars = war.result?.stars[side];
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
          >
            <span className="war-attack__clock">{t('minutesLeft', { minutes: attack.minutesLeft })}</span>
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

/** /simulator/war/:warId: the simulated game's war screen, target of the war deep link. */
export function SimWarPage() {
  const { t } = useTranslation('war');
  const { warId } = useParams();
  const localize = useLocalizedPath();
  const [load, setLoad] = useState<Load>({ status: 'loading' });
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!warId) return setLoad({ status: 'missing' });
    const controller = new AbortController();
    fetchSimWar(warId, controller.signal).then(
      (war) => setLoad({ status: 'ready', war }),
      (error) =>
        !controller.signal.aborted &&
        setLoad({ status: error instanceof ApiError && error.status === 404 ? 'missing' : 'error' }),
    );
    return () => controller.abort();
  }, [warId]);

  const run = useCallback(async (action: () => Promise<SimWar>) => {
    setBusy(true);
    try {
      setLoad({ status: 'ready', war: await action() });
    } catch (error) {
      void reportError(error, { war: 'simulated war action' });
      setLoad({ status: 'error' });
    } finally {
      setBusy(false);
    }
  }, []);

  const war = load.status === 'ready' ? load.war : null;
  const result = war?.result ?? null;
  return (
    <PageShell name="sim-war" title={t('title')} eyebrow={t('eyebrow')}>
      {load.status === 'loading' ? (
        <LoadingCard />
      ) : load.status === 'missing' ? (
        <div className="card state-card" data-testid="war-missing">
          <p>{t('missing')}</p>
        </div>
      ) : !war ? (
        <div className="card state-card state-card--error" role="alert">
          <p>{t('error')}</p>
        </div>
      ) : (
        <div className="war" data-testid="sim-war" data-status={war.status}>
          {result ? (
            <div className="card war-result" data-testid="war-result" data-winner={result.winner}>
              <p className="war-result__score">
                <span>★ {result.stars.home}</span>
                <span className="muted">–</span>
                <span>★ {result.stars.away}</span>
              </p>
              <p className="war-result__winner" data-testid="war-winner">
                {result.winner === 'draw' ? t('draw') : t('winner', { team: war[result.winner].clanName })}
                {result.forfeit ? ` · ${t('forfeited', { team: war[result.forfeit].clanName })}` : ''}
              </p>
              <Link
                className="button button--primary"
                to={localize('/leaderboard')}
                data-testid="war-back-to-hub"
              >
                {t('backToHub')}
              </Link>
            </div>
          ) : (
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
          )}
          <div className="war-sides">
            <Lineup war={war} side="home" />
            <Lineup war={war} side="away" />
          </div>
          <Timeline war={war} />
        </div>
      )}
    </PageShell>
  );
}
