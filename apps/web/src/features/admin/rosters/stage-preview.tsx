import { CompetitionError, type PreviewPairing, previewFirstRound, type SwissConfig } from '@cwh/domain';
import { useTranslation } from 'react-i18next';

interface Props {
  format: 'swiss' | 'double_elimination';
  segmentId: string;
  /** Roster ids in seed order; null while the typed seeds do not make an order. */
  rosterIds: string[] | null;
  swiss: SwissConfig | undefined;
  names: Map<string, string>;
}

/** Engine refusals the stage refusals already say in a sentence. */
const SAID: readonly string[] = [
  'BRACKET_SIZE_UNSUPPORTED',
  'SWISS_STAGE_COMPLETE',
  'SWISS_NO_BYE_CANDIDATE',
];

function pairingsOf(props: Props): PreviewPairing[] | { refusal: string } {
  if (!props.rosterIds) return { refusal: 'preview.fixSeeds' };
  try {
    return previewFirstRound({
      format: props.format,
      segmentId: props.segmentId,
      rosterIds: props.rosterIds,
      ...(props.swiss ? { swiss: props.swiss } : {}),
    });
  } catch (error) {
    if (error instanceof CompetitionError)
      return { refusal: SAID.includes(error.code) ? `refusal.${error.code}` : 'preview.fixSeeds' };
    throw error;
  }
}

/**
 * The first round the stage will open with, from the same engines the server runs when it creates
 * it (swiss round 1 or the bracket's upper round 1): it follows every change of the seeds.
 */
export function StagePreview(props: Props) {
  const { t } = useTranslation('adminstages');
  const pairings = pairingsOf(props);
  const side = (s: PreviewPairing['home']) =>
    s ? t('preview.team', { name: props.names.get(s.rosterId) ?? s.rosterId, seed: s.seed }) : null;
  return (
    <section className="stage-fieldset" data-testid="stage-preview" aria-labelledby="stage-preview-title">
      <h4 id="stage-preview-title">
        {t(props.format === 'swiss' ? 'preview.swissTitle' : 'preview.bracketTitle')}
      </h4>
      {'refusal' in pairings ? (
        <p className="muted" data-testid="stage-preview-refusal">
          {t(pairings.refusal)}
        </p>
      ) : (
        <ol className="stage-seeds">
          {pairings.map((p) => (
            <li key={p.table} className="stage-seeds__row" data-testid="preview-pairing">
              <span className="stage-seeds__name">
                {p.home && p.away
                  ? t('preview.pairing', { home: side(p.home), away: side(p.away) })
                  : t('preview.bye', { team: side(p.home ?? p.away) })}
              </span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
