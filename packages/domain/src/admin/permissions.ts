/**
 * Who may do what on the platform side. One pure rule, used by every admin endpoint on the server
 * and by the web console to hide what the signed-in staff member cannot do.
 */
export const STAFF_ROLES = ['admin', 'organizer', 'support'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export type AdminAction =
  /** Create an event from scratch or delete one: the platform's shape, admin only. */
  | 'event:create'
  | 'event:delete'
  /** Edit an event, clone it, and run everything inside it (segments, phases, rules, match series). */
  | 'event:manage'
  /** Suspend, unsuspend, reset passwords, e-mail addresses, phone numbers, game accounts. */
  | 'user:support'
  /** Change roles and organizer assignments, delete users. */
  | 'user:admin'
  /**
   * Act on any roster as if it were one's own: create clan rosters outside the clan hub, edit or
   * delete any roster, see its joining key or group code, queue it. Owners do these on their own
   * roster without any role; this action is the platform-wide override.
   */
  | 'roster:manage'
  | 'activity-log:read'
  | 'mail-outbox:read';

export interface AccessContext {
  /** The caller organizes the event the action targets (meaningful for `event:manage` only). */
  organizesEvent?: boolean;
}

const SUPPORT_ACTIONS: ReadonlySet<AdminAction> = new Set([
  'user:support',
  'activity-log:read',
  'mail-outbox:read',
]);

export function hasRole(permissions: readonly string[], role: StaffRole): boolean {
  return permissions.includes(role);
}

export function canPerform(
  permissions: readonly string[],
  action: AdminAction,
  context: AccessContext = {},
): boolean {
  if (hasRole(permissions, 'admin')) return true;
  if (action === 'event:manage' && hasRole(permissions, 'organizer')) return context.organizesEvent === true;
  if (SUPPORT_ACTIONS.has(action)) return hasRole(permissions, 'support');
  return false;
}

/** Anyone with a staff role may open the console; what it shows depends on `canPerform`. */
export function isStaff(permissions: readonly string[]): boolean {
  return STAFF_ROLES.some((role) => hasRole(permissions, role));
}

/** The console's pages (issue #31: a staff member sees only the pages of what they may do). */
export const CONSOLE_SECTIONS = [
  'events',
  'stages',
  'match-series',
  'disputes',
  'rosters',
  'checkins',
  'users',
  'activity',
  'outbox',
] as const;
export type ConsoleSection = (typeof CONSOLE_SECTIONS)[number];

/** The action each page is for: the page shows only to those `canPerform` lets do it. */
export const CONSOLE_SECTION_ACTION: Record<ConsoleSection, AdminAction> = {
  events: 'event:manage',
  stages: 'event:manage',
  'match-series': 'event:manage',
  disputes: 'event:manage',
  rosters: 'event:manage',
  checkins: 'event:manage',
  users: 'user:support',
  activity: 'activity-log:read',
  outbox: 'mail-outbox:read',
};

/**
 * The console pages `permissions` may use, in menu order. Event pages list only the events an
 * organizer runs, so an organizer is shown them (the server still checks each event).
 */
export function consoleSections(permissions: readonly string[]): ConsoleSection[] {
  const organizesEvent = hasRole(permissions, 'organizer');
  return CONSOLE_SECTIONS.filter((section) =>
    canPerform(permissions, CONSOLE_SECTION_ACTION[section], { organizesEvent }),
  );
}
