/** Not in spec 2: the organizer console under /admin/…, one lazy chunk apart from the player hub. */
export { AdminConsole } from '../features/admin/admin-console';
