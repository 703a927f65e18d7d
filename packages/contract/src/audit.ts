import { calendarDaySchema, instantSchema } from './dates';
import { z } from 'zod';

/**
 * The audit log (decision 028): who did what, when, from where, in which location. Its details never
 * hold a password, a code, a token or a document's withheld text.
 */
export const AUDIT_ACTIONS = [
  'sign_in.succeeded',
  'sign_in.failed',
  'user.role_changed',
  'user.permissions_changed',
  'user.location_changed',
  'user.deleted',
  'invitation.created',
  'invitation.revoked',
  'password_reset.requested',
  'password_reset.completed',
  'draft.exported',
  'redaction.marked',
  'redacted_pdf.downloaded',
  'location.created',
  'location_import.started',
  'location.settings_updated',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** Why a sign-in failed: `locked` is the per-account cap (it stops the owner too), `rate_limited` the per-address ones. */
export const SIGN_IN_FAILURE_REASONS = ['unknown_account', 'wrong_password', 'account_not_active', 'locked', 'rate_limited'] as const;
export type SignInFailureReason = (typeof SIGN_IN_FAILURE_REASONS)[number];

export const AUDIT_PAGE_MAX = 200;

/** A calendar day (the whole UTC day) or an exact time with its offset. */
const instant = z.union([calendarDaySchema, instantSchema], { message: 'Use a date like 2026-05-31 or an ISO time' });
/** The time of the day a date stands for: `from` its start, `to` its end. */
export const auditBound = (value: string, edge: 'from' | 'to'): Date =>
  /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(Date.parse(`${value}T00:00:00Z`) + (edge === 'to' ? 86_400_000 : 0)) : new Date(value);

/** GET /admin/audit: newest first, one page at a time; `cursor` is the `next_cursor` of the page before. */
export const auditQuerySchema = z
  .strictObject({
    action: z.enum(AUDIT_ACTIONS).optional(),
    /** Part of the email of whoever acted (for a failed sign-in, the email tried). */
    actor: z.string().trim().min(1).max(254).optional(),
    from: instant.optional(),
    to: instant.optional(),
    /** An ADMIN may name any location; anyone else only their own. */
    location_code: z.string().trim().min(1).max(16).optional(),
    cursor: z.string().trim().min(1).max(200).regex(/^[A-Za-z0-9_-]+$/, 'Not a cursor this list gave').optional(),
    limit: z.coerce.number().int().min(1).max(AUDIT_PAGE_MAX).default(50),
  })
  .refine((q) => !q.from || !q.to || auditBound(q.from, 'from') < auditBound(q.to, 'to'), { message: 'The start must be before the end', path: ['to'] });
export type AuditQuery = z.infer<typeof auditQuerySchema>;

export const auditEventSchema = z.object({
  id: z.string(),
  occurred_at: z.string(),
  action: z.string(),
  actor_id: z.string().nullable(),
  actor_email: z.string().nullable(),
  ip: z.string().nullable(),
  user_agent: z.string().nullable(),
  location_code: z.string().nullable(),
  details: z.record(z.string(), z.unknown()),
});
export type AuditEventView = z.infer<typeof auditEventSchema>;

export const auditPageSchema = z.object({
  events: z.array(auditEventSchema),
  /** Pass as `cursor` for the next (older) page; null on the last page. */
  next_cursor: z.string().nullable(),
});
export type AuditPage = z.infer<typeof auditPageSchema>;
