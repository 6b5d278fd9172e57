import { SegmentCheckInDialog } from '../features/checkins/segment-checkin-dialog';
import { useCheckInController } from '../features/checkins/use-checkin-controller';

/**
 * Segment check-in modal (spec 2), and the check-in controller (10 s upcoming-match poll of the
 * roster owner, checked-in flag, missed notices): mounted on every page, error pages included, so
 * the poll does not stop while one is shown.
 */
export function SegmentCheckinModal() {
  useCheckInController();
  return <SegmentCheckInDialog />;
}
