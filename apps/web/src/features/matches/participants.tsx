import type { RosterListDocument, RosterResource } from '@cwh/contract';
import { API } from '@cwh/contract/constants';
import { DEFAULT_PAGE_SIZE } from '@cwh/domain';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { authApi } from '../session/session-api';

/** Participant list: the locked teams of the stage. */
export function ParticipantList({ segmentId }: { segmentId: string }) {
  const { t } = useTranslation('matches');
  const [teams, setTeams] = useState<RosterResource[] | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    authApi
      .get<RosterListDocument>(`${API.tournaments}/rosters`, {
        query: { 'filter[segment]': segmentId, 'page[size]': DEFAULT_PAGE_SIZE * 4 },
        signal: controller.signal,
      })
      .then(
        (document) => setTeams(document.data.filter((roster) => !roster.attributes.withdrawnAt)),
        () => !controller.signal.aborted && setTeams([]),
      );
    return () => controller.abort();
  }, [segmentId]);
  if (teams === null)
    return (
      <div className="skeleton-list" aria-hidden="true">
        <span />
        <span />
      </div>
    );
  if (teams.length === 0) return <p className="muted">{t('participants.empty')}</p>;
  return (
    <ul className="participant-list" data-testid="participant-list">
      {teams.map((roster) => (
        <li key={roster.id} className="participant">
          <span className="participant__name">{roster.attributes.displayName}</span>
          <span className={roster.attributes.locked ? 'badge badge--open' : 'badge badge--muted'}>
            {roster.attributes.locked ? t('participants.locked') : t('participants.registering')}
          </span>
        </li>
      ))}
    </ul>
  );
}
