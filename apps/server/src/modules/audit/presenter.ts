import type { AuditEventView } from '@civicdesk/contract';
import type { AuditListRow } from './repo';

export function presentAuditEvent(row: AuditListRow): AuditEventView {
  return {
    id: row.id,
    occurred_at: row.occurredAt.toISOString(),
    action: row.action,
    actor_id: row.actorId,
    actor_email: row.actorEmail,
    ip: row.ip,
    user_agent: row.userAgent,
    location_code: row.locationCode,
    details: row.details,
  };
}
