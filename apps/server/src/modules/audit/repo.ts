import { and, desc, eq, gte, ilike, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { auditEvents, locations, users } from '../../db/schema';

/** All SQL of the audit log. Rows are only ever added: nothing here changes or deletes one. */

export interface AuditRow {
  id: string;
  action: string;
  actorId: string | null;
  /** undefined: read from the actor's account in the same statement (the email it has now, at the time of the event). */
  actorEmail?: string | null;
  locationId: string | null;
  organizationId: string | null;
  ip: string | null;
  userAgent: string | null;
  details: Record<string, unknown>;
}

export async function insertEvent(db: Db, row: AuditRow) {
  const actorEmail =
    row.actorEmail !== undefined ? row.actorEmail : row.actorId ? sql`(select ${users.email} from ${users} where ${users.id} = ${row.actorId})` : null;
  await db.insert(auditEvents).values({ ...row, actorEmail });
}

/** An ADMIN's scope is every location, or the one it names; anyone else's is its own location and organization. */
export interface AuditScope {
  locationId?: string;
  organizationId?: string;
}

export interface AuditFilter {
  action?: string;
  /** Part of the actor's email, any case. */
  actor?: string;
  from?: Date;
  /** Exclusive. */
  to?: Date;
  /** The last row of the page before: rows strictly older come next. */
  after?: { occurredAt: Date; id: string };
  limit: number;
}

const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Newest first. */
export function listEvents(db: Db, scope: AuditScope, filter: AuditFilter) {
  const where: (SQL | undefined)[] = [
    scope.locationId ? eq(auditEvents.locationId, scope.locationId) : undefined,
    scope.organizationId ? eq(auditEvents.organizationId, scope.organizationId) : undefined,
    filter.action ? eq(auditEvents.action, filter.action) : undefined,
    filter.actor ? ilike(auditEvents.actorEmail, likePattern(filter.actor)) : undefined,
    filter.from ? gte(auditEvents.occurredAt, filter.from) : undefined,
    filter.to ? lt(auditEvents.occurredAt, filter.to) : undefined,
    filter.after
      ? or(lt(auditEvents.occurredAt, filter.after.occurredAt), and(eq(auditEvents.occurredAt, filter.after.occurredAt), lt(auditEvents.id, filter.after.id)))
      : undefined,
  ];
  return db
    .select({
      id: auditEvents.id,
      occurredAt: auditEvents.occurredAt,
      action: auditEvents.action,
      actorId: auditEvents.actorId,
      actorEmail: auditEvents.actorEmail,
      ip: auditEvents.ip,
      userAgent: auditEvents.userAgent,
      locationCode: locations.code,
      details: auditEvents.details,
    })
    .from(auditEvents)
    .leftJoin(locations, eq(locations.id, auditEvents.locationId))
    .where(and(...where))
    .orderBy(desc(auditEvents.occurredAt), desc(auditEvents.id))
    .limit(filter.limit);
}
export type AuditListRow = Awaited<ReturnType<typeof listEvents>>[number];
