import type { PlayerProfileAttributes } from '@cwh/contract';
import { useTranslation } from 'react-i18next';
import { useLoaderData } from 'react-router';
import type { Loadable } from '../../lib/loadable';
import { PageShell } from '../shell/page-shell';
import { ProfilePrivacy } from './profile-privacy';
import {
  BackToLeaderboard,
  FigureList,
  PlacementList,
  StatsMissing,
  StatsSection,
  TeamLink,
  WarList,
} from './statistics-parts';
import './statistics.css';

export interface PlayerProfileData {
  tag: string;
  profile: Loadable<PlayerProfileAttributes>;
  /** The signed-in player reads their own profile (with its privacy switch). */
  own: boolean;
}

function Identity({ profile }: { profile: PlayerProfileAttributes }) {
  const { t } = useTranslation('statistics');
  return (
    <div className="card stats-hero" data-testid="player-identity">
      <p className="muted" data-testid="player-meta">
        {/* Each fact stays on one line: a narrow phone wraps between them, never inside a word. */}
        {[
          profile.tag,
          profile.townHallLevel != null ? t('player.townHall', { level: profile.townHallLevel }) : null,
          profile.clanTag ? t('player.clan', { tag: profile.clanTag }) : null,
        ]
          .filter((fact): fact is string => Boolean(fact))
          .map((fact, i) => (
            <span key={fact}>
              {i > 0 ? ' · ' : ''}
              <span className="stats-hero__fact">{fact}</span>
            </span>
          ))}
      </p>
      {profile.currentTeam ? (
        <p data-testid="player-team">
          {t('player.team')}{' '}
          <TeamLink rosterId={profile.currentTeam.rosterId} name={profile.currentTeam.displayName} />
        </p>
      ) : null}
    </div>
  );
}

/** `/player/{tag}`: a player's figures overall and by event, last wars and placements (public). */
export function PlayerProfilePage() {
  const { t } = useTranslation('statistics');
  const { profile: load, own } = useLoaderData() as PlayerProfileData;
  if (load.status !== 'ready')
    return (
      <StatsMissing
        name="player"
        title={t('player.eyebrow')}
        message={load.status === 'missing' ? t('player.missing') : t('loadFailed')}
      />
    );
  const profile = load.value;
  return (
    <PageShell name="player" title={profile.name ?? profile.tag} eyebrow={t('player.eyebrow')}>
      <div className="stats-page" data-testid="player-profile">
        <Identity profile={profile} />
        {own ? <ProfilePrivacy tag={profile.tag} hidden={profile.profileHidden} /> : null}
        <StatsSection id="player-overall" title={t('player.overall')}>
          <FigureList figures={profile.overall} testId="player-overall" />
        </StatsSection>
        {profile.byEvent.length > 1 || profile.byStage.length > 1 ? (
          <StatsSection id="player-by-event" title={t('player.byEvent')}>
            {profile.byEvent.map((row) => (
              <div key={row.event.id}>
                <h3 className="stats-section__sub">{row.event.name}</h3>
                <FigureList figures={row.figures} testId={`player-event-${row.event.id}`} />
              </div>
            ))}
            {profile.byStage.map((row) => (
              <div key={row.segment.id}>
                <h3 className="stats-section__sub">{`${row.event.name} — ${row.segment.name}`}</h3>
                <FigureList figures={row.figures} testId={`player-stage-${row.segment.id}`} />
              </div>
            ))}
          </StatsSection>
        ) : null}
        <StatsSection id="player-wars" title={t('player.recentWars')}>
          <WarList wars={profile.recentWars} testId="player-wars" />
        </StatsSection>
        <StatsSection id="player-placements" title={t('placements')}>
          <PlacementList placements={profile.placements} testId="player-placements" />
        </StatsSection>
        <BackToLeaderboard />
      </div>
    </PageShell>
  );
}
