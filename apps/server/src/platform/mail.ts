import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Db } from '../db/client';
import { mailOutbox } from '../db/schema';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

/**
 * SMTP when SMTP_URL is set. Without it every message is kept in the outbox table and printed to
 * the log, so a demo can read invitation and reset codes; with SMTP only the envelope is recorded.
 */
export function createMailer(opts: { db: Db; smtpUrl?: string; from: string; log: FastifyBaseLogger }) {
  const transport = opts.smtpUrl ? nodemailer.createTransport(opts.smtpUrl) : null;
  return {
    transport: transport ? ('smtp' as const) : ('outbox' as const),
    async send(message: MailMessage): Promise<void> {
      const row = { id: randomUUID(), toAddress: message.to, subject: message.subject };
      if (!transport) {
        await opts.db.insert(mailOutbox).values({ ...row, body: message.text, transport: 'outbox', status: 'stored' });
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
