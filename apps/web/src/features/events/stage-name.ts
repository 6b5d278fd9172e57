import type { SegmentResource } from '@cwh/contract';
import { useTranslation } from 'react-i18next';

const KNOWN_STAGE_NAMES: Record<string, string> = {
  OL: 'Open Qualifier',
  MQ: 'Monthly Qualifier',
  MF: 'Monthly Finals',
  CF: 'Championship Finals',
};

/** A stage's name in the page's language when it is one of the season's known stages, else its own name. */
export function useStageName(): (segment: SegmentResource) => string {
  const { t } = useTranslation('brackets');
  return (segment) => {
    const code = segment.attributes.stageCode;
    return KNOWN_STAGE_NAMES[code] === segment.attributes.name
      ? t(`stageNames.${code}`, { defaultValue: segment.attributes.name })
      : segment.attributes.name;
  };
}
