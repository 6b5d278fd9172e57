import type { MatchSeriesDetail } from '@cwh/contract';
import { useTranslation } from 'react-i18next';
import { localizedName } from '../events/stage-name';
import { seriesPhase } from './match-phase';
import type { MatchSeriesValue } from './match-series-api';

/** Match page: the stage the series belongs to and its phase ("Monthly Qualifier · Swiss round 2"). */
export function MatchStageLine({
  series,
  stage,
}: {
  series: MatchSeriesValue;
  stage: NonNullable<MatchSeriesDetail['stage']>;
}) {
  const { t } = useTranslation('matchdetail');
  const { t: stages } = useTranslation('stages');
  const phase = seriesPhase(series, stage.eliminationType);
  const phaseText = stages(`phase.${phase.key}`, 'round' in phase ? { round: phase.round } : {});
  const stageText = localizedName(stage.name, stages);
  return (
    <p className="match-card__stage" data-testid="match-stage" data-phase={phase.key}>
      {stageText ? t('stage', { stage: stageText, phase: phaseText }) : phaseText}
    </p>
  );
}
