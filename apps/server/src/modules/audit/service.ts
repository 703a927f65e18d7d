import { randomUUID } from 'node:crypto';
import { auditBound, type AuditAction, type AuditPage, type AuditQuery } from '@civicdesk/contract';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client';
import type { Principal } from '../../platform/auth/guard';
import type { AppContext } from '../../platform/context';
import { validationFailed } from '../../platform/errors';
import { resolveLocation } from '../../platform/tenancy';
import { presentAuditEvent } from './presenter';
import * as repo from './repo';

/**
 * The audit log (decision 028). Services record; routes only pass on where the request came from.
 * `record` throws, for use inside the transaction of the change it describes (a role change and its
 * record stand or fall together); `recordSafely` is for events that change nothing (sign-ins,
 * downloads): a record that cannot be written is logged as a warning and the user's action goes on.
 */

/** Where a request came from: the client address as Fastify gives it (TRUST_PROXY decides, decision 022) and its user agent. */
export interface RequestOrigin {
  ip: string | null;
  userAgent: string | null;
}
const USER_AGENT_MAX = 200;

export function originOf(request: FastifyRequest): RequestOrigin {
  const agent = request.headers['user-agent'];
  return { ip: request.ip || null, userAgent: typeof agent === 'string' && agent ? agent.slice(0, USER_AGENT_MAX) : null };
}

type DetailValue = string | number | boolean | null | readonly string[];

export interface AuditRecord {
  action: AuditAction;
  /** Who acted. Without an email, the account's current email is written (the one it has at the time). */
  actor: { id: string | null; email?: string | null };
  /** The location and organization the event belongs to: the account acted on, or the actor's own. */
  tenant: { locationId: string | null; organizationId: string | null };
  origin: RequestOrigin | null;
  details?: Record<string, DetailValue>;
}

/** Detail names that would carry a secret are refused outright, so none is written by mistake. */
const SECRET_NAME = /pass|secret|token|jwt|hash|code|otp/i;

export async function record(db: Db, event: AuditRecord): Promise<void> {
  const details = event.details ?? {};
  const secret = Object.keys(details).find((key) => SECRET_NAME.test(key));
  if (secret) throw new Error(`audit detail "${secret}" could hold a secret`);
  await repo.insertEvent(db, {
    id: randomUUID(),
    action: event.action,
    actorId: event.actor.id,
    actorEmail: event.actor.email === undefined ? undefined : (event.actor.email?.slice(0, 254) ?? null),
    locationId: event.tenant.locationId,
    organizationId: event.tenant.organizationId,
    ip: event.origin?.ip ?? null,
    userAgent: event.origin?.userAgent ?? null,
    details,
  });
}

export async function recordSafely(ctx: AppContext, event: AuditRecord): Promise<void> {
  try {
    await record(ctx.db, event);
  } catch (err) {
    ctx.log.warn({ err, action: event.action }, 'an audit record could not be written');
  }
}

/** The tenant of a signed-in user's own action. */
export const tenantOf = (p: Pick<Principal, 'locationId' | 'organizationId'>) => ({ locationId: p.locationId, organizationId: p.organizationId });

// Reading -------------------------------------------------------------------------------------

const encodeCursor = (row: { occurredAt: Date; id: string }) => Buffer.from(JSON.stringify([row.occurredAt.toISOString(), row.id])).toString('base64url');

function decodeCursor(cursor: string): { occurredAt: Date; id: string } {
  try {
    const [at, id] = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown[];
    const occurredAt = new Date(String(at));
    if (typeof id === 'string' && id.length <= 64 && !Number.isNaN(occurredAt.getTime())) return { occurredAt, id };
  } catch {
    // answered below
  }
  throw validationFailed('This page of the audit log cannot be found. Start again from the first page.', [{ field: 'querystring.cursor', message: 'Not a cursor this list gave' }]);
}

/** ADMIN reads every location (or the one it names); a SUPERUSER its own location and organization. */
export async function listAudit(ctx: AppContext, viewer: Principal, query: AuditQuery): Promise<AuditPage> {
  // Another location's code answers 404 for anyone but an ADMIN, as everywhere (decision 008).
  const named = query.location_code ? await resolveLocation(ctx.db, viewer, { cityCode: query.location_code }) : undefined;
  const scope: repo.AuditScope =
    viewer.role === 'ADMIN' ? { locationId: named?.locationId } : { locationId: viewer.locationId, organizationId: viewer.organizationId };
  const rows = await repo.listEvents(ctx.db, scope, {
    action: query.action,
    actor: query.actor,
    from: query.from ? auditBound(query.from, 'from') : undefined,
    to: query.to ? auditBound(query.to, 'to') : undefined,
    after: query.cursor ? decodeCursor(query.cursor) : undefined,
    limit: query.limit + 1,
  });
  const page = rows.slice(0, query.limit);
  return { events: page.map(presentAuditEvent), next_cursor: rows.length > query.limit ? encodeCursor(page.at(-1)!) : null };
}
