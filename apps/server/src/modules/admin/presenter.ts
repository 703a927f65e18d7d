import { ROLE_RANK, type Role } from '@civicdesk/contract';
import type { Principal } from '../../platform/auth/guard';
import { SECRET_MASK } from '../../platform/mail';
import type { OutboxRow } from './repo';

/**
 * Who may read a code in the outbox (decision 005): no screen shows a user a code that would let
 * it act as someone of an equal or higher role. A password-reset code is never shown (only its
 * owner may use it; the demo operator reads it in the server log). An invitation code is shown to
 * the admin who sent that invitation, and only when it outranks the invitee's role.
 */
export function mayReadCode(viewer: Pick<Principal, 'userId' | 'role'>, message: Pick<OutboxRow, 'kind' | 'sentBy' | 'recipientRole'>): boolean {
  if (message.kind !== 'invitation' || !message.sentBy || message.sentBy !== viewer.userId || !message.recipientRole) return false;
  return ROLE_RANK[viewer.role] > (ROLE_RANK[message.recipientRole as Role] ?? Number.POSITIVE_INFINITY);
}

export function presentOutboxMessage(row: OutboxRow, viewer: Principal) {
  const reveal = row.secret !== null && mayReadCode(viewer, row);
  return {
    id: row.id,
    to: row.to,
    subject: row.subject,
    body: reveal && row.body ? row.body.replaceAll(SECRET_MASK, row.secret!) : row.body,
    /** True when the message carries a code this viewer may not read. */
    code_hidden: row.secret !== null && !reveal,
    kind: row.kind,
    transport: row.transport,
    /** stored (no mail server) | queued (waiting for a retry) | sent | failed (no try left) | superseded (a newer code was sent) */
    status: row.status,
    /** Deliveries tried so far, and when the next one is due while it is queued. */
    attempts: row.attempts,
    next_attempt_at: row.status === 'queued' ? row.nextAttemptAt : null,
    error: row.error,
    createdAt: row.createdAt,
  };
}
