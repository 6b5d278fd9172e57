import type { RosterListDocument, RosterResource } from '@cwh/contract';
import { API } from '@cwh/contract/constants';
import { DEFAULT_PAGE_SIZE } from '@cwh/domain';
import { useTranslation } from 'react-i18next';
import { authApi } from '../session/session-api';
import { teamName } from './team-name';

/** The stage's teams that have not withdrawn (one page, large enough for a stage). */
export async function fetchParticipants(segmentId: string, signal?: AbortSignal): Promise<RosterResource[]> {
  const document = await authApi.get<RosterListDocument>(`${API.tournaments}/rosters`, {
    query: { 'filter[segment]': segmentId, 'page[size]': DEFAULT_PAGE_SIZE * 4 },
    ...(signal ? { signal } : {}),
  });
  return document.data.filter((roster) => !roster.attributes.withdrawnAt);
}

/** Participant list: the locked teams of the stage (loaded by the competition route). */
export function ParticipantList({ teams }: { teams: RosterResource[] }) {
  const { t } = useTranslation('matches');
  if (teams.length === 0) return <p className="muted">{t('participants.empty')}</p>;
  return (
    <ul className="participant-list" data-testid="participant-list">
      {teams.map((roster) => (
        <li key={roster.id} className="participant">
          <span className="participant__name">
            {teamName(roster.attributes.displayName, t('common:tbd'))}
          </span>
          <span className={roster.attributes.locked ? 'badge badge--open' : 'badge badge--muted'}>
            {roster.attributes.locked ? t('participants.locked') : t('participants.registering')}
          </span>
        </li>
      ))}
    </ul>
  );
}
