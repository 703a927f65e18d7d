import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * Platform tables. Ids are text (UUIDs made by the server) so a malformed id in a URL is simply
 * "not found" instead of a cast error.
 */
const id = () => text('id').primaryKey();
const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();

export const locations = pgTable('locations', {
  id: id(),
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
  stateCode: text('state_code').notNull(),
  codeSiteUrl: text('code_site_url'),
  municipalCodeEnabled: boolean('municipal_code_enabled').notNull().default(false),
  /**
   * The city's own law and forms (modules/locations/settings.ts; decisions 024, 033): records law,
   * meeting notice, adopted model codes, drafting form, council members, holidays. Empty: the
   * built-in defaults of its location code. (The column's name is from when only the compliance
   * rules read it.)
   */
  settings: jsonb('compliance_settings').notNull().default({}),
  createdAt: createdAt(),
});

export const organizations = pgTable('organizations', {
  id: id(),
  name: text('name').notNull().unique(),
  locationId: text('location_id').references(() => locations.id),
  createdAt: createdAt(),
});

export const users = pgTable(
  'users',
  {
    id: id(),
    email: text('email').notNull(),
    userName: text('user_name').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    passwordHash: text('password_hash'),
    role: text('role').notNull(),
    featurePermissions: jsonb('feature_permissions').$type<string[]>().notNull(),
    locationId: text('location_id').notNull().references(() => locations.id),
    organizationId: text('organization_id').notNull().references(() => organizations.id),
    status: text('status').notNull().default('ACTIVE'),
    /** Bumped on password reset, role or permission change and deletion: ends existing sessions. */
    tokenVersion: integer('token_version').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_email_key').on(sql`lower(${t.email})`),
    uniqueIndex('users_user_name_key').on(sql`lower(${t.userName})`),
    index('users_location_idx').on(t.locationId),
  ],
);

export const oneTimeCodes = pgTable(
  'one_time_codes',
  {
    id: id(),
    userId: text('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose').notNull(), // INVITE | RESET
    codeHash: text('code_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [index('one_time_codes_user_idx').on(t.userId, t.purpose)],
);

export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: id(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    /**
     * The text with any code masked. The demo outbox keeps it; with SMTP it is kept only while the
     * message waits for delivery, then cleared, so only the envelope stays (decision 005).
     */
    body: text('body'),
    transport: text('transport').notNull(), // smtp | outbox
    /** stored (demo outbox) | queued (SMTP, not delivered yet) | sent | failed (gave up) | superseded (a newer code went out) */
    status: text('status').notNull(),
    /** The last delivery error. */
    error: text('error'),
    /** invitation | password_reset | other: decides who may see the code (decision 005). */
    kind: text('kind').notNull().default('other'),
    /** The one-time code the message carries, kept apart from the body; with SMTP only until delivered or given up. */
    secret: text('secret'),
    /** The signed-in user whose action sent it (an admin inviting), or null for self-service mail. */
    sentBy: text('sent_by').references(() => users.id, { onDelete: 'set null' }),
    /** SMTP deliveries tried so far. */
    attempts: integer('attempts').notNull().default(0),
    /** When the next delivery may be tried (queued only); while one is running, the end of its lease. */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [index('mail_outbox_queued_idx').on(t.nextAttemptAt).where(sql`${t.status} = 'queued'`)],
);

/**
 * Fixed-window request counters shared by every server process (decision 022): rate limits and
 * failed-login limits. Unlogged on a PostgreSQL server (counters need no crash safety or replicas).
 */
export const rateLimitCounters = pgTable(
  'rate_limit_counters',
  {
    key: text('key').primaryKey(),
    hits: integer('hits').notNull(),
    resetAt: timestamp('reset_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [index('rate_limit_counters_reset_idx').on(t.resetAt)],
);

export const feedbackReports = pgTable('feedback_reports', {
  id: id(),
  userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
  locationId: text('location_id').notNull().references(() => locations.id),
  description: text('description').notNull(),
  pageUrl: text('page_url').notNull(),
  createdAt: createdAt(),
});

export const threads = pgTable(
  'threads',
  {
    id: id(),
    userId: text('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    locationId: text('location_id').notNull().references(() => locations.id),
    title: text('title').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('threads_user_updated_idx').on(t.userId, t.updatedAt)],
);

export const threadMessages = pgTable(
  'thread_messages',
  {
    id: id(),
    threadId: text('thread_id').notNull().references(() => threads.id, { onDelete: 'cascade' }),
    role: text('role').notNull(), // user | assistant
    content: text('content').notNull(),
    payload: jsonb('payload'),
    createdAt: createdAt(),
  },
  (t) => [index('thread_messages_thread_idx').on(t.threadId, t.createdAt)],
);

export const analyticsEvents = pgTable(
  'analytics_events',
  {
    id: id(),
    deviceId: text('device_id').notNull(),
    sessionId: text('session_id').notNull(),
    userId: text('user_id'),
    locationId: text('location_id'),
    name: text('name').notNull(),
    path: text('path'),
    properties: jsonb('properties'),
    occurredAt: timestamp('occurred_at', { withTimezone: true, mode: 'date' }).notNull(),
    receivedAt: createdAt(),
  },
  (t) => [index('analytics_events_occurred_idx').on(t.occurredAt)],
);
