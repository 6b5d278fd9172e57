import { useLocation } from 'react-router';
import { QueuePanel } from '../features/ladder/queue-panel';
import { useLadderController } from '../features/ladder/use-ladder-controller';
import { splitLocalePath } from '../i18n/locale';
import { MODAL_WIDTH_STYLE } from '../lib/modal';

/** Pages that carry the captain's Queue button (spec 2): Home and My Team; Competition shows it inline. */
const DOCK_PAGES = new Set(['/', '/my-clan']);

/** Runs the ladder (socket, queue status, polls) on every page and docks the Queue button. */
export function QueueDock() {
  useLadderController();
  const { rest } = splitLocalePath(useLocation().pathname);
  const path = rest.replace(/\/+$/, '') || '/';
  if (!DOCK_PAGES.has(path)) return null;
  return (
    <div className="queue-dock" style={MODAL_WIDTH_STYLE}>
      <QueuePanel compact />
    </div>
  );
}
