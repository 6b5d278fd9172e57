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
