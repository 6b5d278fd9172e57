import type {
  MatchSeriesResource,
  RosterResource,
  SegmentResource,
  SwissRecordResource,
} from '@cwh/contract';
import { type ReactNode, useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { adminApi } from '../console/admin-api';
import { useAction } from '../console/admin-ui';
import type { Advancement, AdvanceRule, StageInfo } from './stage-api';
import { stageApi } from './stage-api';
import { stageCandidates } from './stage-candidates';
import type { SeedCandidate } from './stage-create-form';
import { AdvanceResults } from './stage-summary';

const parentOf = (segment: SegmentResource) => segment.relationships?.parent?.data?.id ?? null;

/**
 * The Stages page's data: the event's segments, the stage's rosters, seeding proposal, info, series,
 * swiss records and advance rules, read again when the segment changes.
 */
export function useStagePageData(eventId: string, segmentId: string) {
  const [segments, setSegments] = useState<SegmentResource[]>([]);
  const [rosters, setRosters] = useState<RosterResource[]>([]);
  const [seeding, setSeeding] = useState<{ candidates: SeedCandidate[]; proposed: string[] }>({
    candidates: [],
    proposed: [],
  });
  const [info, setInfo] = useState<StageInfo | null | undefined>(undefined);
  const [series, setSeries] = useState<MatchSeriesResource[]>([]);
  const [records, setRecords] = useState<SwissRecordResource[]>([]);
  const [outcomes, setOutcomes] = useState<Advancement[] | null>(null);
  const [rules, setRules] = useState<AdvanceRule[]>([]);
  const load = useAction();

  const refresh = useCallback(async () => {
    const stage = await stageApi.info(segmentId);
    setInfo(stage);
    setSeries(stage ? await stageApi.series(stage.id) : []);
    setRecords(
      stage?.attributes.format === 'swiss'
        ? await stageApi
            .swissRecords(segmentId)
            .then((r) => r.data)
            .catch(() => [])
        : [],
    );
  }, [segmentId]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: reload when the segment changes
  useEffect(() => {
    // Another segment (the advancement's link to the next stage): nothing of the last one stays shown.
    setOutcomes(null);
    setInfo(undefined);
    setSeeding({ candidates: [], proposed: [] });
    void load.run(async () => {
      const list = (await adminApi.segments(eventId)).data;
      setSegments(list);
      const own = list.find((s) => s.id === segmentId);
      if (!own) return;
      setRules(
        (await adminApi.listItems<AdvanceRule>(eventId, segmentId, 'advance-rules')).data.map(
          (r) => r.attributes,
        ),
      );
      const all = await stageApi.rosters(parentOf(own) ?? own.id);
      setRosters(all);
      setSeeding(await stageCandidates(own, list, all));
      await refresh();
    }, '');
  }, [eventId, segmentId]);

  const names = useMemo(() => {
    const map = new Map(rosters.map((r) => [r.id, r.attributes.displayName]));
    for (const s of series)
      for (const c of s.attributes.competitors) if (c.roster) map.set(c.roster.id, c.displayName);
    return map;
  }, [rosters, series]);
  const rosterMap = useMemo(() => new Map(rosters.map((r) => [r.id, r])), [rosters]);
  return {
    segments,
    seeding,
    info,
    series,
    records,
    outcomes,
    setOutcomes,
    rules,
    loadMessage: load.message,
    refresh,
    names,
    rosterMap,
  };
}

/** The stage's actions: next and reset round (swiss), advance, the advance rules and the outcomes. */
export function StageActionsCard({
  swiss,
  busy,
  rules,
  segments,
  outcomes,
  names,
  message,
  stageHref,
  onNextRound,
  onConfirm,
}: {
  swiss: NonNullable<StageInfo['attributes']['swiss']> | null;
  busy: boolean;
  rules: AdvanceRule[];
  segments: SegmentResource[];
  outcomes: Advancement[] | null;
  names: Map<string, string>;
  message: ReactNode;
  stageHref: (segmentId: string) => string;
  onNextRound: () => void;
  onConfirm: (what: 'reset' | 'advance') => void;
}) {
  const { t } = useTranslation('adminstages');
  return (
    <div className="admin-card stage-actions" data-testid="stage-actions">
      <h3>{t('actions.title')}</h3>
      <div className="admin-form">
        {swiss ? (
          <>
            <button
              className="button button--primary"
              type="button"
              disabled={busy || swiss.complete}
              onClick={onNextRound}
              data-testid="stage-next-round"
            >
              {t('actions.nextRound', { round: swiss.currentRound + 1 })}
            </button>
            <button
              className="button"
              type="button"
              disabled={busy || swiss.currentRound === 0}
              onClick={() => onConfirm('reset')}
              data-testid="stage-reset-round"
            >
              {t('actions.resetRound', { round: swiss.currentRound })}
            </button>
          </>
        ) : null}
        <button
          className="button"
          type="button"
          disabled={busy}
          onClick={() => onConfirm('advance')}
          data-testid="stage-advance"
        >
          {t('actions.advance')}
        </button>
      </div>
      <p className="muted" data-testid="stage-advance-rules">
        {rules.length > 0
          ? t('actions.rules', {
              rules: rules
                .map(
                  (r) =>
                    `${r.placements.join(', ')} → ${segments.find((x) => x.id === r.nextSegmentId)?.attributes.name ?? '?'}`,
                )
                .join('; '),
            })
          : t('actions.noRules')}
      </p>
      {message}
      {outcomes ? (
        <AdvanceResults outcomes={outcomes} names={names} segments={segments} stageHref={stageHref} />
      ) : null}
    </div>
  );
}
