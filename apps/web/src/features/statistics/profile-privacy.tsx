import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRevalidator } from 'react-router';
import { setProfileHidden } from './statistics-api';

/**
 * The player's own privacy switch on their profile: hidden, the public gets "not found" and only
 * the player and staff see it. Saved at once; the page reloads its data to show the new state.
 */
export function ProfilePrivacy({ tag, hidden }: { tag: string; hidden: boolean }) {
  const { t } = useTranslation('statistics');
  const revalidator = useRevalidator();
  const [saving, setSaving] = useState(false);
  const [failed, setFailed] = useState(false);
  const change = async (next: boolean) => {
    setSaving(true);
    setFailed(false);
    try {
      await setProfileHidden(tag, next);
      await revalidator.revalidate();
    } catch {
      setFailed(true);
    } finally {
      setSaving(false);
    }
  };
  return (
    <div className="card stats-privacy" data-testid="profile-privacy">
      <label className="stats-privacy__label">
        <input
          type="checkbox"
          checked={hidden}
          disabled={saving}
          onChange={(event) => void change(event.target.checked)}
          data-testid="profile-privacy-hidden"
        />{' '}
        {t('privacy.hide')}
      </label>
      <p className="muted">{hidden ? t('privacy.hiddenNote') : t('privacy.publicNote')}</p>
      {failed ? (
        <p role="alert" className="stats-privacy__error">
          {t('privacy.failed')}
        </p>
      ) : null}
    </div>
  );
}
