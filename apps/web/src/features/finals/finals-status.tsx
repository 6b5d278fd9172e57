import { finalsBlock, type PeriodSchedule, sessionPeriods } from '@cwh/domain';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../../i18n/use-locale';
import { formatDateTime } from '../../lib/dates';
import { useNow } from '../../lib/ticker';
import type { FinalsMatch } from './finals-model';

/**
 * The finals' schedule as the period flags see it (spec 3): play is the stage's dates, the days
 * start at `dayStarts`, and day one is over once all its matches are finished.
 */
export function finalsSchedule(
  date: { from: string; to: string },
  dayStarts: readonly string[],
  dayOneMatches: readonly FinalsMatch[],
): PeriodSchedule {
  const dayOneOver =
    dayOneMatches.length > 0 && dayOneMatches.every((match) => match.series.state === 'finished');
  const lastDate =
    dayOneMatches
      .map((match) => match.series.date)
      .sort()
      .at(-1) ?? null;
  return {
    registration: null,
    checkIn: null,
    play: date,
    dayStarts,
    dayOneEnd: dayOneOver ? lastDate : null,
  };
}

/** The block the finals pages show for the period flags: when it starts, which day is on, over. */
export function FinalsStatus({ schedule }: { schedule: PeriodSchedule }) {
  const { t } = useTranslation('finals');
  const locale = useLocale();
  const now = useNow(60_000);
  const block = finalsBlock(sessionPeriods(schedule, now));
  const dayStart =
    block === 'upcoming' ? (schedule.dayStarts[0] ?? schedule.play?.from) : schedule.dayStarts[1];
  const date = dayStart ? formatDateTime(String(dayStart), locale) : '';
  return (
    <p className="card state-card" data-testid="finals-status" data-block={block}>
      {t(`status.${block}`, { date })}
    </p>
  );
}
