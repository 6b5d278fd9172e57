import type { LineupPlayer, MatchSeriesDetail } from '@cwh/contract';
import { useTranslation } from 'react-i18next';
import './match-detail.css';

function Lineup({ team, players, side }: { team: string; players: LineupPlayer[]; side: 'home' | 'away' }) {
  const { t } = useTranslation('matchdetail');
  return (
    <div className="match-lineup" data-testid={`lineup-${side}`}>
      <h4 className="match-lineup__team">{team}</h4>
      {players.length === 0 ? (
        <p className="muted">{t('lineups.empty')}</p>
      ) : (
        <ol className="match-lineup__players">
          {players.map((player) => (
            <li key={player.tag} className="match-lineup__player" data-testid="lineup-player">
              <span className="match-lineup__name">{player.name ?? player.tag}</span>
              <span className="match-lineup__meta muted">
                {player.tag}
                {player.townHallLevel != null ? (
                  <span className="badge badge--th" data-testid="lineup-th">
                    {t('lineups.townHall', { level: player.townHallLevel })}
                  </span>
                ) : null}
              </span>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}

/** Match page: both teams' line-ups (the players of the war, in attack order), tag and town hall. */
export function MatchLineups({
  lineups,
  names,
}: {
  lineups: MatchSeriesDetail['lineups'];
  names: { home: string; away: string };
}) {
  const { t } = useTranslation('matchdetail');
  return (
    <section className="match-detail" data-testid="match-lineups" aria-labelledby="match-lineups-title">
      <h3 id="match-lineups-title">{t('lineups.title')}</h3>
      <div className="match-lineups">
        <Lineup team={names.home} players={lineups.home} side="home" />
        <Lineup team={names.away} players={lineups.away} side="away" />
      </div>
    </section>
  );
}
