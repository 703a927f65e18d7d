import { index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { locations, organizations } from './platform';

/**
 * The audit log (decision 028): one row per security event, export or redaction. No foreign key to
 * the actor: the record outlives the account, and the email it had then is kept beside its id.
 * Milliseconds only, so the time a page ends on is the cursor of the next page exactly.
 */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: text('id').primaryKey(),
    occurredAt: timestamp('occurred_at', { withTimezone: true, mode: 'date', precision: 3 }).notNull().defaultNow(),
    action: text('action').notNull(),
    actorId: text('actor_id'),
    actorEmail: text('actor_email'),
    /** The tenant the event belongs to: the account acted on, or the actor's own. Null when no account is known. */
    locationId: text('location_id').references(() => locations.id),
    organizationId: text('organization_id').references(() => organizations.id),
    /** The client address as Fastify gives it (TRUST_PROXY decides whose X-Forwarded-For counts, decision 022). */
    ip: text('ip'),
    userAgent: text('user_agent'),
    /** Small, never secret: no password, code, token or withheld text. */
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
  },
  (t) => [
    index('audit_events_occurred_idx').on(t.occurredAt.desc(), t.id.desc()),
    index('audit_events_location_idx').on(t.locationId, t.occurredAt.desc()),
  ],
);
