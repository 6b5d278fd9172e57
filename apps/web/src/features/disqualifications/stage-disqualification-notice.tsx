import type { StageDisqualificationListDocument, StageDisqualificationResource } from '@cwh/contract';
import { API } from '@cwh/contract/constants';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../lib/api-client';
import { Notice } from '../shell/notice';

/** The stages a team was disqualified from, with the organizer's reason (GET /rosters/{id}/stage-disqualifications). */
export function fetchStageDisqualifications(rosterId: string) {
  return api.get<StageDisqualificationListDocument>(
    `${API.tournaments}/rosters/${rosterId}/stage-disqualifications`,
  );
}

/**
 * Tells the team it was disqualified from a stage, and why (issue #31): one notice per stage, on
 * My Team. Nothing while there is none (or the read fails: the page works without it).
 */
export function StageDisqualificationNotice({ rosterId }: { rosterId: string }) {
  const { t } = useTranslation('teams');
  const [list, setList] = useState<StageDisqualificationResource[]>([]);
  useEffect(() => {
    let live = true;
    fetchStageDisqualifications(rosterId)
      .then((doc) => live && setList(doc.data))
      .catch(() => live && setList([]));
    return () => {
      live = false;
    };
  }, [rosterId]);
  return (
    <>
      {list.map((d) => (
        <Notice key={d.id} tone="danger" testId="stage-disqualified">
          {t('stageDisqualified', { stage: d.attributes.segment.name, reason: d.attributes.reason })}
        </Notice>
      ))}
    </>
  );
}
