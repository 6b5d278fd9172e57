import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLocalizedPath } from '../../i18n/use-locale';
import { useSession } from './session-store';

/**
 * The header's account button, on every page: who is signed in (its initial; the name and tag as
 * its label) and, one tap away on the verify page, sign-out and a switch to another player, so
 * five players can register one after the other on one phone. Signed out it leads to sign-in.
 * Inside the game the game signs the player in: no button.
 */
export function AccountLink() {
  const { t } = useTranslation('session');
  const to = useLocalizedPath();
  const session = useSession();
  if (session.inApp) return null;
  const signedIn = session.status !== 'signedOut' && session.playerName;
  const label = signedIn
    ? t('verify.signedInAs', { name: session.playerName, tag: session.playerTag ?? '' })
    : t('signedOut.action');
  return (
    <Link
      to={to('/registration/profile/verify')}
      className={signedIn ? 'account-link account-link--in' : 'account-link'}
      aria-label={label}
      title={label}
      data-testid="account-link"
      data-signed-in={signedIn ? 'true' : 'false'}
    >
      {signedIn ? (
        <span aria-hidden="true">{Array.from(session.playerName ?? '?')[0]?.toUpperCase()}</span>
      ) : (
        <svg viewBox="0 0 24 24" aria-hidden="true" className="account-link__icon">
          <path
            fill="currentColor"
            d="M12 12a4.5 4.5 0 1 0 0-9 4.5 4.5 0 0 0 0 9Zm0 2c-4.4 0-8 2.2-8 5v2h16v-2c0-2.8-3.6-5-8-5Z"
          />
        </svg>
      )}
    </Link>
  );
}
