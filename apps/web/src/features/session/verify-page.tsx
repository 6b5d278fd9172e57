import { type FormEvent, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useGoTo, useLocalizedPath } from '../../i18n/use-locale';
import { formatDuration, seconds } from '../../lib/durations';
import { FormField, FormSubmitBar } from '../shell/form-field';
import { Notice } from '../shell/notice';
import { PageShell } from '../shell/page-shell';
import { type SimPlayer, useSimulatedPlayers } from '../simulator/simulator-api';
import { type SignInProblem, signIn, signInProblem, signOut } from './load-session';
import { getSession, useSession } from './session-store';

/** Signs in with a player tag and token; a refusal is kept with how long to wait before retrying. */
function useVerify() {
  const go = useGoTo();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<SignInProblem | null>(null);
  const [waitMs, setWaitMs] = useState(seconds(60));

  const verify = async (player: { playerTag: string; apiToken: string }) => {
    setBusy(true);
    setError(null);
    const answer = await signIn(player);
    setBusy(false);
    const problem = signInProblem(answer);
    if (problem) {
      setWaitMs(seconds(Math.max(1, answer.retryAfterSeconds ?? 60)));
      setError(problem);
      return;
    }
    const after = getSession();
    go(
      after.status === 'signedIn' && after.showRegistrationButton && !after.hasAccount
        ? '/registration/profile/age'
        : '/my-clan',
    );
  };
  return { busy, error, waitMs, verify };
}

/** Who is signed in, a link to their team and Sign out. */
function SignedInCard({ name, tag }: { name: string; tag: string }) {
  const { t } = useTranslation('session');
  return (
    <div className="card signed-in" data-testid="signed-in">
      <p>{t('verify.signedInAs', { name, tag })}</p>
      <div className="action-bar">
        <MyTeamLink />
        <button
          type="button"
          className="button button--ghost"
          onClick={() => void signOut()}
          data-testid="sign-out"
        >
          {t('verify.signOut')}
        </button>
      </div>
    </div>
  );
}

/** Player tag and API token, each required once touched, the refusal, and Verify. */
function VerifyForm({
  busy,
  error,
  waitMs,
  onVerify,
}: {
  busy: boolean;
  error: SignInProblem | null;
  waitMs: number;
  onVerify: (player: { playerTag: string; apiToken: string }) => Promise<void>;
}) {
  const { t } = useTranslation('session');
  const [playerTag, setPlayerTag] = useState('');
  const [apiToken, setApiToken] = useState('');
  const [touched, setTouched] = useState({ playerTag: false, apiToken: false });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched({ playerTag: true, apiToken: true });
    if (!playerTag.trim() || !apiToken.trim()) return;
    void onVerify({ playerTag: playerTag.trim(), apiToken: apiToken.trim() });
  };
  return (
    <form className="card form" onSubmit={submit} noValidate data-testid="verify-form">
      <p className="muted">{t('verify.lead')}</p>
      <FormField
        id="playerTag"
        label={t('verify.playerTag')}
        error={touched.playerTag && !playerTag.trim() ? t('fieldRequired') : null}
      >
        <input
          id="playerTag"
          className="input"
          placeholder="#2PQ8LYRV"
          autoCapitalize="characters"
          autoComplete="off"
          value={playerTag}
          onChange={(e) => setPlayerTag(e.target.value)}
          onBlur={() => setTouched((c) => ({ ...c, playerTag: true }))}
          data-testid="verify-tag"
        />
      </FormField>
      <FormField
        id="apiToken"
        label={t('verify.apiToken')}
        error={touched.apiToken && !apiToken.trim() ? t('fieldRequired') : null}
        hint={
          <p className="field__hint" data-testid="token-hint">
            {t('verify.tokenHint')}
          </p>
        }
      >
        <input
          id="apiToken"
          className="input"
          autoComplete="off"
          value={apiToken}
          onChange={(e) => setApiToken(e.target.value)}
          onBlur={() => setTouched((c) => ({ ...c, apiToken: true }))}
          data-testid="verify-token"
        />
      </FormField>
      {error ? (
        <Notice tone="danger" testId="verify-error">
          {t(`verify.errors.${error}`, { time: formatDuration(waitMs) })}
        </Notice>
      ) : null}
      <FormSubmitBar busy={busy} testId="verify-submit">
        {t('verify.submit')}
      </FormSubmitBar>
    </form>
  );
}

/**
 * /registration/profile/verify: standalone sign-in with player tag + in-game API token; with the
 * simulated game a one-tap pick of its players. The player is kept so a reload signs in again.
 */
export function ProfileVerifyPage() {
  const { t } = useTranslation('session');
  const session = useSession();
  const { busy, error, waitMs, verify } = useVerify();

  if (session.inApp) {
    return (
      <PageShell name="registration-profile-verify" title={t('verify.title')}>
        <Notice testId="in-app-only">{t('verify.inApp')}</Notice>
      </PageShell>
    );
  }

  return (
    <PageShell name="registration-profile-verify" title={t('verify.title')}>
      {session.status !== 'signedOut' && session.playerName ? (
        <SignedInCard name={session.playerName} tag={session.playerTag ?? ''} />
      ) : null}
      <VerifyForm busy={busy} error={error} waitMs={waitMs} onVerify={verify} />
      <QuickPick
        busy={busy}
        onPick={(player) => verify({ playerTag: player.tag, apiToken: player.apiToken })}
      />
    </PageShell>
  );
}

function MyTeamLink() {
  const { t } = useTranslation('common');
  const to = useLocalizedPath();
  return (
    <Link className="button button--primary" to={to('/my-clan')}>
      {t('nav.myTeam')}
    </Link>
  );
}

/** With the simulated game: its players grouped by clan, one tap signs in. */
function QuickPick({ busy, onPick }: { busy: boolean; onPick: (player: SimPlayer) => void }) {
  const { t } = useTranslation(['session', 'teams']);
  const state = useSimulatedPlayers();
  const [filter, setFilter] = useState('');
  const groups = useMemo(() => {
    if (state.status !== 'on') return [];
    const needle = filter.trim().toLowerCase();
    const byClan = new Map<string, SimPlayer[]>();
    for (const player of state.players) {
      if (needle && !`${player.name} ${player.tag} ${player.clanName ?? ''}`.toLowerCase().includes(needle))
        continue;
      const key = player.clanName ?? t('session:quickPick.noClan');
      byClan.set(key, [...(byClan.get(key) ?? []), player]);
    }
    return [...byClan.entries()];
  }, [state, filter, t]);
  if (state.status !== 'on') return null;
  return (
    <section className="card quick-pick" data-testid="quick-pick">
      <h2 className="section-title">{t('session:quickPick.title')}</h2>
      <p className="muted">{t('session:quickPick.lead')}</p>
      <input
        className="input"
        type="search"
        placeholder={t('session:quickPick.filter')}
        aria-label={t('session:quickPick.filter')}
        value={filter}
        onChange={(e) => setFilter(e.target.value)}
      />
      {groups.map(([clan, players]) => (
        <div key={clan} className="quick-pick__group">
          <h3 className="quick-pick__clan">{clan}</h3>
          <ul className="quick-pick__list">
            {players.map((player) => (
              <li key={player.tag}>
                <button
                  type="button"
                  className="quick-pick__player"
                  disabled={busy}
                  onClick={() => onPick(player)}
                  data-testid={`quick-pick-${player.tag.replace('#', '')}`}
                >
                  <span className="quick-pick__name">{player.name}</span>
                  <span className="quick-pick__meta">
                    {player.tag} · {player.role ? t(`teams:roles.${player.role}`) : '—'} ·{' '}
                    {t('teams:badges.thLevel', { level: player.townHallLevel })}
                  </span>
                </button>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </section>
  );
}
