import { LOCALES } from '@cwh/domain';
import { dateRange, document, listDocument, pageQuery, requestBody, resource, toOne } from './jsonapi.js';
import { resourceId } from './params.js';
import * as z from './safe-zod.js';

export const staffRole = z.enum(['admin', 'organizer', 'support']);

export const adminUserAttributes = z.object({
  /** Spec 3 alias (game account username, username, full name, else e-mail): how staff see the user. */
  alias: z.string(),
  email: z.string(),
  username: z.string().nullable(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  permissions: z.array(z.string()),
  organizerEventIds: z.array(z.string()),
  suspended: z.boolean(),
  suspendedAt: z.string().nullable(),
  suspensionReason: z.string().nullable(),
  createdAt: z.string(),
  /** The profile's avatar (else the user's own), served at /api/users/1.0/avatars/{id}. */
  avatarUrl: z.string().nullable().optional(),
  /** The language of the user's mails (null: their request's language, else English). */
  locale: z.enum(LOCALES).nullable().optional(),
});
export const adminUserResource = resource('users', adminUserAttributes);
export type AdminUserResource = z.infer<typeof adminUserResource>;
export const adminUserDocument = document(adminUserResource);
export const adminUserListDocument = listDocument(adminUserResource);

export const userListQuery = pageQuery.extend({
  /** Matches name, username, e-mail or a player tag (with or without '#'). */
  'filter[search]': z.string().trim().max(200).optional(),
});

export const patchUserBody = requestBody(
  z
    .object({
      email: z.email().max(320),
      username: z.string().trim().min(1).max(100).nullable(),
      firstName: z.string().trim().max(100).nullable(),
      lastName: z.string().trim().max(100).nullable(),
      permissions: z.array(staffRole).max(3),
      organizerEventIds: z.array(resourceId).max(100),
      /** The language of the user's mails. */
      locale: z.enum(LOCALES).nullable(),
    })
    .partial(),
);
export const suspendUserBody = requestBody(z.object({ reason: z.string().trim().min(1).max(500) }));

const password = z.string().min(8).max(1024);
export const passwordChangeBody = requestBody(
  z.object({ currentPassword: z.string().min(1).max(1024), password }),
);
export const passwordResetRequestBody = requestBody(z.object({ email: z.email().max(320) }));
export const passwordResetChangeBody = requestBody(
  z.object({ token: z.string().min(16).max(256), password }),
);

export const activityLogResource = resource(
  'activity-logs',
  z.object({
    action: z.string(),
    targetType: z.string(),
    targetId: z.string(),
    eventId: z.string().nullable(),
    ipAddress: z.string(),
    createdAt: z.string(),
    before: z.unknown(),
    after: z.unknown(),
    /** The acting user's spec 3 alias; null for an anonymous call or a user since deleted. */
    userAlias: z.string().nullable(),
  }),
  z.object({ user: toOne }),
);
export type ActivityLogResource = z.infer<typeof activityLogResource>;
export const activityLogListDocument = listDocument(activityLogResource);
export const activityLogQuery = pageQuery.extend({
  'filter[user]': resourceId.optional(),
  'filter[action]': z.string().trim().min(1).max(100).optional(),
  /** A target id, or `type:id`. */
  'filter[target]': z.string().trim().min(1).max(200).optional(),
  'filter[date.from]': z.iso.datetime({ offset: true }).optional(),
  'filter[date.to]': z.iso.datetime({ offset: true }).optional(),
});

/** One IP address a user acted from, with the time range of those actions (spec §3 grouped log). */
export const activityLogGroupResource = resource(
  'activity-log-groups',
  z.object({ ipAddress: z.string(), date: dateRange, count: z.number().int() }),
  z.object({ user: toOne }),
);
export const activityLogGroupListDocument = listDocument(activityLogGroupResource);
export const userIdParams = z.object({ userId: resourceId });

export const mailMessageResource = resource(
  'mail-messages',
  z.object({ to: z.string(), subject: z.string(), text: z.string(), createdAt: z.string() }),
);
export type MailMessageResource = z.infer<typeof mailMessageResource>;
export const mailMessageListDocument = listDocument(mailMessageResource);
export const mailOutboxQuery = pageQuery.extend({ 'filter[to]': z.string().trim().max(320).optional() });

export type AdminUserDocument = z.infer<typeof adminUserDocument>;
export type AdminUserListDocument = z.infer<typeof adminUserListDocument>;
export type UserListQuery = z.infer<typeof userListQuery>;
export type PatchUserBody = z.infer<typeof patchUserBody>;
export type SuspendUserBody = z.infer<typeof suspendUserBody>;
export type PasswordChangeBody = z.infer<typeof passwordChangeBody>;
export type PasswordResetRequestBody = z.infer<typeof passwordResetRequestBody>;
export type PasswordResetChangeBody = z.infer<typeof passwordResetChangeBody>;
export type ActivityLogListDocument = z.infer<typeof activityLogListDocument>;
export type ActivityLogQuery = z.infer<typeof activityLogQuery>;
export type ActivityLogGroupListDocument = z.infer<typeof activityLogGroupListDocument>;
export type MailMessageListDocument = z.infer<typeof mailMessageListDocument>;
export type MailOutboxQuery = z.infer<typeof mailOutboxQuery>;
