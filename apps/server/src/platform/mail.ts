import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Db } from '../db/client';
import { mailOutbox } from '../db/schema';

export type MailKind = 'invitation' | 'password_reset' | 'other';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  kind: MailKind;
  /** The one-time code the text carries: stored apart and masked in the stored body (decision 005). */
  secret?: string;
  /** The signed-in user whose action sent it (an admin inviting); absent for self-service mail. */
  sentBy?: string | null;
}

/** What the stored body shows in place of a code; the admin outbox puts the code back only where decision 005 allows. */
export const SECRET_MASK = '••••••';

/**
 * SMTP when SMTP_URL is set. Without it every message is kept in the outbox table, its code masked
 * and stored apart, and printed whole to the server log, the demo operator's place to read codes;
 * with SMTP only the envelope is recorded.
 */
export function createMailer(opts: { db: Db; smtpUrl?: string; from: string; log: FastifyBaseLogger }) {
  const transport = opts.smtpUrl ? nodemailer.createTransport(opts.smtpUrl) : null;
  return {
    transport: transport ? ('smtp' as const) : ('outbox' as const),
    async send(message: MailMessage): Promise<void> {
      const row = { id: randomUUID(), toAddress: message.to, subject: message.subject, kind: message.kind, sentBy: message.sentBy ?? null };
      if (!transport) {
        const body = message.secret ? message.text.replaceAll(message.secret, SECRET_MASK) : message.text;
        await opts.db.insert(mailOutbox).values({ ...row, body, secret: message.secret ?? null, transport: 'outbox', status: 'stored' });
        opts.log.info({ to: message.to, subject: message.subject }, `mail (outbox):\n${message.text}`);
        return;
      }
      try {
        await transport.sendMail({ from: opts.from, to: message.to, subject: message.subject, text: message.text });
        await opts.db.insert(mailOutbox).values({ ...row, body: null, transport: 'smtp', status: 'sent' });
      } catch (err) {
        const error = err instanceof Error ? err.message : String(err);
        await opts.db.insert(mailOutbox).values({ ...row, body: null, transport: 'smtp', status: 'failed', error });
        opts.log.error({ to: message.to, err: error }, 'mail delivery failed');
        throw err;
      }
    },
  };
}
export type Mailer = ReturnType<typeof createMailer>;
