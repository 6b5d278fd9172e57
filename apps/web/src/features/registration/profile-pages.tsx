import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useGoTo, useLocalizedPath } from '../../i18n/use-locale';
import { useLadderSegment } from '../events/ladder-segment';
import { useEventName } from '../events/stage-name';
import { refreshClan } from '../session/load-session';
import { getSession, type SessionState, useSession } from '../session/session-store';
import { FormField, FormSubmitBar } from '../shell/form-field';
import { Notice } from '../shell/notice';
import { PageShell } from '../shell/page-shell';
import { teamErrorRoute } from '../teams/error-route';
import { registerForTeam } from '../teams/team-api';
import { SignedOutCard } from '../teams/team-ui';
import { type FieldError, PROFILE_FIELDS, type ProfileField, validateProfile } from './profile-form';
import {
  checkAge,
  createProfile,
  isConflict,
  isUnderAge,
  markUnderAge,
  rememberDateOfBirth,
  rememberedDateOfBirth,
} from './registration-api';
import { Steps } from './registration-steps';

function useUnderAgeRedirect() {
  const go = useGoTo();
  useEffect(() => {
    if (isUnderAge()) go('/registration/profile/gate');
  }, [go]);
}

/** /registration/profile/age: date of birth to the age service; gated players go to the gate page. */
export function ProfileAgePage() {
  const { t } = useTranslation('registration');
  const session = useSession();
  const go = useGoTo();
  useUnderAgeRedirect();
  const [value, setValue] = useState(rememberedDateOfBirth() ?? '');
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const error: FieldError | null = value.trim() === '' ? 'required' : null;
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (error) return;
    setBusy(true);
    rememberDateOfBirth(value);
    const gated = await checkAge(value);
    setBusy(false);
    if (gated) {
      markUnderAge();
      go('/registration/profile/gate');
    } else go('/registration/profile/create');
  };
  return (
    <PageShell name="registration-profile-age" title={t('age.title')} eyebrow={t('eyebrow')}>
      <Steps current={1} />
      <PickedNotice session={session} />
      {session.status === 'signedOut' ? (
        <SignedOutCard />
      ) : (
        <form className="card form" onSubmit={submit} noValidate>
          <p className="muted">{t('age.lead')}</p>
          <Field
            id="dateOfBirth"
            label={t('age.dateOfBirth')}
            error={touched || value !== '' ? error : null}
            input={
              <input
                id="dateOfBirth"
                type="date"
                className="input"
                value={value}
                max={new Date().toISOString().slice(0, 10)}
                onChange={(e) => {
                  setValue(e.target.value);
                  setTouched(true);
                }}
                onBlur={() => setTouched(true)}
                data-testid="date-of-birth"
              />
            }
          />
          <FormSubmitBar busy={busy} testId="age-continue">
            {t('continue')}
          </FormSubmitBar>
        </form>
      )}
    </PageShell>
  );
}

/** An invited member lands here: say which team picked them (and who captains it) before the steps. */
function PickedNotice({ session }: { session: SessionState }) {
  const { t } = useTranslation('registration');
  const { roster, clan, playerTag } = session;
  // The event they were picked for, by name (in their language); said once it is known.
  const ladder = useLadderSegment(session.activeEventId, session.activeSegmentId);
  const eventName = useEventName();
  const event = ladder.status === 'ready' && ladder.value ? eventName(ladder.value.event) : null;
  // The leader picked the team: only the members it picked are told.
  if (session.isLeader || !roster || !clan) return null;
  if (!roster.members.some((member) => member.tag === playerTag)) return null;
  const captain = roster.members.find((member) => member.tag === roster.captainTag)?.name;
  return (
    <Notice testId="picked-notice">
      {event
        ? captain
          ? t('age.pickedFor', { team: clan.name, captain, event })
          : t('age.pickedForNoCaptain', { team: clan.name, event })
        : captain
          ? t('age.picked', { team: clan.name, captain })
          : t('age.pickedNoCaptain', { team: clan.name })}
    </Notice>
  );
}

/** First and last name from the game name where it has both ("Marcus Stone"); else the first only. */
export function namesFromGameName(gameName: string | null): { firstName: string; lastName: string } {
  const words = (gameName ?? '').trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return { firstName: '', lastName: '' };
  return { firstName: words[0] ?? '', lastName: words.slice(1).join(' ') };
}

function Field({
  id,
  label,
  error,
  input,
}: {
  id: string;
  label: string;
  error: FieldError | null | undefined;
  input: React.ReactNode;
}) {
  const { t } = useTranslation('registration');
  return (
    <FormField
      id={id}
      label={label}
      error={error ? t(`fieldErrors.${error}`) : null}
      errorTestId={`error-${id}`}
      errorRole="alert"
    >
      {input}
    </FormField>
  );
}

/** /registration/profile/create: first/last name, username, e-mail; 'Field is required' instantly. */
export function ProfileCreatePage() {
  const { t } = useTranslation('registration');
  const session = useSession();
  const go = useGoTo();
  useUnderAgeRedirect();
  const [values, setValues] = useState<Record<ProfileField, string>>({
    ...namesFromGameName(session.playerName),
    username: session.playerName ?? '',
    email: '',
  });
  const [touched, setTouched] = useState<Partial<Record<ProfileField, boolean>>>({});
  const [busy, setBusy] = useState(false);
  const [conflict, setConflict] = useState(false);
  const errors = validateProfile(values);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTouched({ firstName: true, lastName: true, username: true, email: true });
    if (Object.keys(errors).length > 0) return;
    setBusy(true);
    setConflict(false);
    try {
      await createProfile(
        {
          firstName: values.firstName.trim(),
          lastName: values.lastName.trim(),
          username: values.username.trim(),
          email: values.email.trim(),
        },
        rememberedDateOfBirth(),
      );
      const current = await refreshClan().catch(() => getSession());
      const onRoster = current.roster?.members.some((member) => member.tag === current.playerTag) ?? false;
      if (onRoster) {
        await registerForTeam();
        await refreshClan().catch(() => undefined);
        go('/registration/profile/success');
      } else {
        go('/registration/feedback/account-creation-completed');
      }
    } catch (error) {
      if (isConflict(error)) setConflict(true);
      else go(teamErrorRoute(error, { isChinese: getSession().isChinese }));
    } finally {
      setBusy(false);
    }
  };
  return (
    <PageShell name="registration-profile-create" title={t('create.title')} eyebrow={t('eyebrow')}>
      <Steps current={2} />
      {session.status === 'signedOut' ? (
        <SignedOutCard />
      ) : (
        <form className="card form" onSubmit={submit} noValidate>
          <p className="muted">{t('create.lead')}</p>
          {PROFILE_FIELDS.map((field) => (
            <Field
              key={field}
              id={field}
              label={t(`create.${field}`)}
              error={touched[field] ? errors[field] : null}
              input={
                <input
                  id={field}
                  className="input"
                  type={field === 'email' ? 'email' : 'text'}
                  autoComplete={
                    {
                      firstName: 'given-name',
                      lastName: 'family-name',
                      username: 'nickname',
                      email: 'email',
                    }[field]
                  }
                  value={values[field]}
                  onChange={(e) => {
                    setValues((current) => ({ ...current, [field]: e.target.value }));
                    setTouched((current) => ({ ...current, [field]: true }));
                  }}
                  onBlur={() => setTouched((current) => ({ ...current, [field]: true }))}
                  data-testid={`field-${field}`}
                />
              }
            />
          ))}
          {conflict ? (
            <Notice tone="danger" testId="email-taken">
              {t('create.emailTaken')}
            </Notice>
          ) : null}
          <FormSubmitBar busy={busy} testId="create-account">
            {t('create.submit')}
          </FormSubmitBar>
        </form>
      )}
    </PageShell>
  );
}

/** /registration/profile/gate: under-age players stop here. */
export function ProfileGatePage() {
  const { t } = useTranslation(['registration', 'common']);
  const to = useLocalizedPath();
  return (
    <PageShell name="registration-profile-gate" title={t('gate.title')}>
      <div className="card state-card" data-testid="age-gate">
        <h2>{t('common:dialog.warning')}</h2>
        <p>{t('gate.lead')}</p>
        <Link className="button button--primary" to={to('/')}>
          {t('common:actions.backToEvent')}
        </Link>
      </div>
    </PageShell>
  );
}

/** /registration/feedback/account-creation-completed */
export function AccountCreatedPage() {
  const { t } = useTranslation(['registration', 'teams', 'common']);
  const to = useLocalizedPath();
  const session = useSession();
  const leaderWithoutTeam = session.isLeader && !session.roster;
  // The clan's team exists (perhaps locked) without this player: say so, not "your leader selects next".
  const notOnTeam =
    session.roster != null && !session.roster.members.some((member) => member.tag === session.playerTag);
  return (
    <PageShell name="registration-feedback-account-creation-completed" title={t('common:dialog.success')}>
      <div className="card state-card" data-testid="account-created">
        <h2>{t('accountCreated.title')}</h2>
        <p data-testid="account-created-next">
          {leaderWithoutTeam
            ? t('accountCreated.leaderNext')
            : notOnTeam
              ? t('teams:myTeam.notInvited')
              : t('accountCreated.memberNext')}
        </p>
        <div className="action-bar action-bar--center">
          {leaderWithoutTeam ? (
            <Link className="button button--primary" to={to('/my-clan/manage')} data-testid="pick-team">
              {t('teams:actions.pickTeam')}
            </Link>
          ) : null}
          <Link className="button button--ghost" to={to('/my-clan')}>
            {t('teams:actions.backToTeam')}
          </Link>
        </div>
      </div>
    </PageShell>
  );
}

/** /registration/feedback/captain-pick-completed */
export function CaptainPickedPage() {
  const { t } = useTranslation(['registration', 'teams', 'common']);
  const to = useLocalizedPath();
  const { roster } = useSession();
  const captain = roster?.members.find((member) => member.tag === roster.captainTag);
  return (
    <PageShell name="registration-feedback-captain-pick-completed" title={t('common:dialog.success')}>
      <div className="card state-card" data-testid="captain-picked">
        <h2>{t('captainPicked.title')}</h2>
        {captain ? (
          <p data-testid="captain-name">{t('captainPicked.captain', { name: captain.name })}</p>
        ) : null}
        <p>{t('captainPicked.lead')}</p>
        <div className="action-bar action-bar--center">
          <Link
            className="button button--primary"
            to={to('/registration/team/invite')}
            data-testid="invite-members"
          >
            {t('teams:actions.inviteMembers')}
          </Link>
          <Link className="button button--ghost" to={to('/my-clan')} data-testid="back-to-team">
            {t('teams:actions.backToTeam')}
          </Link>
        </div>
      </div>
    </PageShell>
  );
}
