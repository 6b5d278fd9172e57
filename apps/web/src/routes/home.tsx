import { HomePage as EventsHomePage } from '../features/events/home-page';
import { PeriodNotice } from '../features/session/period-notice';

export { homeLoader } from './home-loader';

/** The home page with the session's period block (events never import the session: it imports them). */
export function HomePage() {
  return <EventsHomePage notice={<PeriodNotice />} />;
}
