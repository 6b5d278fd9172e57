import { isLocale } from '@cwh/domain';
import i18n from 'i18next';
import { formatDateTime } from '../../../lib/dates';

/**
 * A date as the console shows it: the hub's date rule (spec 1: day, short month, year, 24-hour
 * time, GMT offset) in the console's language, always in GMT, the time the organizers' forms use.
 */
export function gmt(iso: string): string {
  const language = i18n.language;
  return formatDateTime(iso, isLocale(language) ? language : 'en', 'UTC');
}
