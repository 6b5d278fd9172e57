import { API } from '@cwh/contract/constants';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { api } from '../../../lib/api-client';
import { Field, useAction } from '../console/admin-ui';

/** /admin/password-reset?token=…: the link of the reset mail; works signed out. */
export function PasswordResetPage() {
  const { t } = useTranslation('admin');
  const [params] = useSearchParams();
  const [token, setToken] = useState(params.get('token') ?? '');
  const [password, setPassword] = useState('');
  const { run, busy, message } = useAction();
  async function submit(e: FormEvent) {
    e.preventDefault();
    await run(
      () =>
        api.post(`${API.users}/user/password/reset/change`, { data: { attributes: { token, password } } }),
      t('reset.done'),
    );
  }
  return (
    <form className="admin-card admin-sign-in" onSubmit={submit} data-testid="password-reset">
      <h2>{t('reset.title')}</h2>
      <Field label={t('reset.token')}>
        <input
          className="input"
          value={token}
          onChange={(e) => setToken(e.target.value)}
          required
          data-testid="reset-token"
        />
      </Field>
      <Field label={t('reset.password')}>
        <input
          className="input"
          type="password"
          minLength={8}
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          required
          data-testid="reset-new-password"
        />
      </Field>
      <button className="button button--primary" type="submit" disabled={busy}>
        {t('reset.submit')}
      </button>
      {message}
    </form>
  );
}
