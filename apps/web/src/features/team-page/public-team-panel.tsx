import { useTranslation } from 'react-i18next';
import { Link, useLoaderData } from 'react-router';
import { useLocalizedPath } from '../../i18n/use-locale';
import type { Loadable } from '../../lib/loadable';
import { useStageName } from '../events/stage-name';
import { useNow } from '../events/use-now';
import { MatchRow } from '../matches/match-row';
import { teamPagePath } from '../matches/team-link';
import { isStagePhase } from '../teams/team-status';
import type { PublicTeam } from './public-team-api';
import { publicTeamPhase } from './public-team-phase';
import './public-team.css';

/** What the leaderboard route loads for `?team=<rosterId>`: the team, or null without the parameter. */
export interface PublicTeamData {
  team?: Loadable<PublicTeam> | null;
}

function Facts({ team }: { team: PublicTeam }) {
  const { t } = useTranslation(['matchdetail', 'teams', 'checkins']);
  const now = useNow(60_000);
  const phase = publicTeamPhase(team.roster, team.stages, { now: now.getTime(), champion: team.champion });
  const { standing } = team;
  const stageName = useStageName();
  return (
    <>
      <dl className="team-card__facts public-team__facts">
        <div>
          <dt>{t('teams:phase.label')}</dt>
          <dd data-testid="public-team-phase" data-phase={phase}>
            {isStagePhase(phase) ? t(`checkins:phase.${phase}`) : t(`teams:phase.${phase}`)}
          </dd>
        </div>
        <div>
          <dt>{t('teams:play.rank')}</dt>
          <dd data-testid="public-team-rank">{standing ? `#${standing.rank}` : t('team.notRanked')}</dd>
        </div>
        <div>
          <dt>{t('teams:play.record')}</dt>
          <dd data-testid="public-team-record">{standing ? standing.record : '–'}</dd>
        </div>
        <div>
          <dt>{t('teams:play.points')}</dt>
          <dd data-testid="public-team-points">{standing ? standing.points : '–'}</dd>
        </div>
      </dl>
      {team.rankedIn ? (
        <p className="muted public-team__ranked-in" data-testid="public-team-ranked-in">
          {t('matchdetail:team.rankedIn', { stage: stageName(team.rankedIn) })}
        </p>
      ) : null}
    </>
  );
}

function Members({ team }: { team: PublicTeam }) {
  const { t } = useTranslation('matchdetail');
  const level = team.roster.thLevel;
  return (
    <section aria-labelledby="public-team-members">
      <h3 id="public-team-members" className="public-team__label">
        {t('team.members')}
      </h3>
      <ul className="public-team__members">
        {team.roster.players.map((player) => (
          <li key={player.tag} className="public-team__member" data-testid="public-team-member">
            <span className="public-team__name">
              {player.name}
              {player.position === 'captain' ? (
                <span className="badge badge--open">{t('lineups.captain')}</span>
              ) : null}
            </span>
            <span className="muted public-team__meta">
              {player.tag}
              {level != null ? ` · ${t('lineups.townHall', { level })}` : ''}
              {' · '}
              {player.registered ? t('team.registered') : t('team.notRegistered')}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

function Match({ label, series, testId }: { label: string; series: PublicTeam['last']; testId: string }) {
  const { t } = useTranslation('matchdetail');
  return (
    <div data-testid={testId}>
      <h3 className="public-team__label">{label}</h3>
      {series ? (
        <ul className="match-list">
          <MatchRow series={series} />
        </ul>
      ) : (
        <p className="muted">{t('team.noMatch')}</p>
      )}
    </div>
  );
}

/**
 * A team's panel above the leaderboard (`/leaderboard?team=<rosterId>`, linked from the team's page
 * `/team/<rosterId>`, which team names everywhere open): members, phase (spec 4), rank, record, last
 * and next match.
 */
export function PublicTeamPanel() {
  const { t } = useTranslation(['matchdetail', 'teams']);
  const localize = useLocalizedPath();
  const data = useLoaderData() as PublicTeamData | undefined;
  const load = data?.team;
  if (!load) return null;
  const close = (
    <Link className="button button--ghost" to={localize('/leaderboard')} data-testid="public-team-close">
      {t('team.close')}
    </Link>
  );
  if (load.status !== 'ready')
    return (
      <div className="card state-card" role="alert" data-testid="public-team-missing">
        <p>{t('team.notFound')}</p>
        {close}
      </div>
    );
  const team = load.value;
  return (
    <article className="card public-team" data-testid="public-team" data-roster-id={team.id}>
      <p className="public-team__eyebrow muted">{t('team.title')}</p>
      <h2 className="public-team__title" data-testid="public-team-name">
        {team.roster.displayName}
      </h2>
      <Facts team={team} />
      <Members team={team} />
      <Match label={t('teams:play.lastMatch')} series={team.last} testId="public-team-last" />
      <Match label={t('teams:play.nextMatch')} series={team.next} testId="public-team-next" />
      <p>
        <Link to={localize(teamPagePath(team.id))} data-testid="public-team-statistics">
          {t('team.statistics')}
        </Link>
      </p>
      <p className="public-team__back">{close}</p>
    </article>
  );
}
