import { and, desc, eq, gte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { analyticsEvents, feedbackReports, mailOutbox, users } from '../../db/schema';

/** Read models of the admin panel. `organizationId` narrows to a SUPERUSER's organization. */
export interface AdminScope {
  locationId?: string;
  organizationId?: string;
}

/** The outbox, newest first, with what the code-visibility rule needs: kind, code, sender, recipient's role. */
export function listOutbox(db: Db, scope: AdminScope, limit = 100) {
  const q = db
    .select({
      id: mailOutbox.id,
      to: mailOutbox.toAddress,
      subject: mailOutbox.subject,
      body: mailOutbox.body,
      transport: mailOutbox.transport,
      status: mailOutbox.status,
      error: mailOutbox.error,
      attempts: mailOutbox.attempts,
      nextAttemptAt: mailOutbox.nextAttemptAt,
      kind: mailOutbox.kind,
      secret: mailOutbox.secret,
      sentBy: mailOutbox.sentBy,
      recipientRole: users.role,
      createdAt: mailOutbox.createdAt,
    })
    .from(mailOutbox)
    .leftJoin(users, sql`lower(${users.email}) = lower(${mailOutbox.toAddress})`)
    .$dynamic();
  if (scope.organizationId) q.where(eq(users.organizationId, scope.organizationId));
  return q.orderBy(desc(mailOutbox.createdAt)).limit(limit);
}
export type OutboxRow = Awaited<ReturnType<typeof listOutbox>>[number];

export function listReports(db: Db, scope: AdminScope, limit = 200) {
  const q = db
    .select({
      id: feedbackReports.id,
      description: feedbackReports.description,
      page_url: feedbackReports.pageUrl,
      createdAt: feedbackReports.createdAt,
      reporter: sql<string | null>`${users.firstName} || ' ' || ${users.lastName}`,
      reporter_email: users.email,
    })
    .from(feedbackReports)
    .leftJoin(users, eq(users.id, feedbackReports.userId))
    .$dynamic();
  if (scope.locationId) q.where(eq(feedbackReports.locationId, scope.locationId));
  return q.orderBy(desc(feedbackReports.createdAt)).limit(limit);
}

export async function analyticsSummary(db: Db, scope: AdminScope, since: Date) {
  const where = scope.locationId
    ? and(gte(analyticsEvents.occurredAt, since), eq(analyticsEvents.locationId, scope.locationId))
    : gte(analyticsEvents.occurredAt, since);
  const day = sql<string>`to_char(date_trunc('day', ${analyticsEvents.occurredAt} at time zone 'UTC'), 'YYYY-MM-DD')`;
  const tool = sql<string>`coalesce(${analyticsEvents.properties}->>'tool', ${analyticsEvents.path}, 'other')`;
  const [perDay, perTool, totals] = await Promise.all([
    db.select({ day, count: sql<number>`count(*)::int` }).from(analyticsEvents).where(where).groupBy(day).orderBy(day),
    db
      .select({ tool, count: sql<number>`count(*)::int` })
      .from(analyticsEvents)
      .where(where)
      .groupBy(tool)
      .orderBy(desc(sql`count(*)`))
      .limit(20),
    db
      .select({
        total: sql<number>`count(*)::int`,
        sessions: sql<number>`count(distinct ${analyticsEvents.sessionId})::int`,
        devices: sql<number>`count(distinct ${analyticsEvents.deviceId})::int`,
      })
      .from(analyticsEvents)
      .where(where),
  ]);
  return { per_day: perDay, per_tool: perTool, total_events: totals[0]?.total ?? 0, sessions: totals[0]?.sessions ?? 0, devices: totals[0]?.devices ?? 0 };
}
