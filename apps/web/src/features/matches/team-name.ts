import { TBD_LABEL } from '@cwh/domain';

/**
 * A team's name as shown on a match, a bracket side or a list: the API writes its placeholder `TBD`
 * (spec 3: no roster yet, or a roster with neither a name nor an owner's game account) in English, so
 * the page shows its own language's word instead (`common:tbd`).
 */
export function teamName(displayName: string | null | undefined, tbd: string): string {
  const name = displayName?.trim();
  return !name || name === TBD_LABEL ? tbd : name;
}
