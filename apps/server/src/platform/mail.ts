import { randomUUID } from 'node:crypto';
import { and, eq, lte, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Db } from '../db/client';
import { mailOutbox } from '../db/schema';
import type { JobQueue } from './jobs/queue';

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

/**
 * What `send` did with a message: `sent` the mail server took it; `queued` it did not, and the
 * message waits in the outbox for a retry; `failed` it did not and no try is left; `stored` there is
 * no mail server (the demo outbox keeps it).
 */
export type MailOutcome = 'sent' | 'queued' | 'failed' | 'stored';

export interface MailRetry {
  /** Tries in all, the first included. */
  maxAttempts: number;
  /** The wait before the first retry; each later wait is four times the one before. */
  firstDelaySeconds: number;
}

/** What the stored body shows in place of a code; the admin outbox puts the code back only where decision 005 allows. */
export const SECRET_MASK = '••••••';
export const MAIL_DELIVERY_JOB = 'mail-delivery';
/** How long one try holds its message, so no other process tries it meanwhile; a try cut off by a crash is taken up after it. */
const ATTEMPT_LEASE_SECONDS = 120;

/** The wait after the nth failed try: 30 s, 2 min, 8 min, 32 min... with the default first delay. */
export const retryDelaySeconds = (retry: MailRetry, failedTries: number) => retry.firstDelaySeconds * 4 ** (failedTries - 1);

const inSeconds = (seconds: number) => sql`now() + make_interval(secs => ${seconds})`;

/**
 * SMTP when SMTP_URL is set: every message is written to the outbox first (`queued`, its code masked
 * in the body and kept apart), then tried at once. A try that fails leaves it queued and schedules
 * the next on the job queue, so any process on the database may deliver it; after the last failed
 * try it is `failed`. Once delivered or given up, body and code are cleared and only the envelope
 * stays. Without SMTP_URL every message is kept in the outbox (`stored`) and printed whole to the
 * server log, the demo operator's place to read codes.
 */
export function createMailer(opts: { db: Db; jobs: JobQueue; smtpUrl?: string; from: string; retry: MailRetry; log: FastifyBaseLogger }) {
  const { db, jobs, log, retry } = opts;
  // Short timeouts: the first try runs inside the user's request, and a later try will follow anyway.
  const transport = opts.smtpUrl
    ? nodemailer.createTransport({ url: opts.smtpUrl, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 })
    : null;

  /** One try of a queued message, when it is due and no other process holds it; null when it was not ours to try. */
  async function attempt(id: string): Promise<MailOutcome | null> {
    if (!transport) return null;
    const [message] = await db
      .update(mailOutbox)
      .set({ attempts: sql`${mailOutbox.attempts} + 1`, nextAttemptAt: inSeconds(ATTEMPT_LEASE_SECONDS) })
      .where(and(eq(mailOutbox.id, id), eq(mailOutbox.status, 'queued'), lte(mailOutbox.nextAttemptAt, inSeconds(1))))
      .returning();
    if (!message) return null;
    const text = message.secret ? (message.body ?? '').replaceAll(SECRET_MASK, message.secret) : (message.body ?? '');
    try {
      await transport.sendMail({ from: opts.from, to: message.toAddress, subject: message.subject, text });
    } catch (err) {
      return failedTry(message, err instanceof Error ? err.message : String(err));
    }
    await db.update(mailOutbox).set({ status: 'sent', error: null, body: null, secret: null, nextAttemptAt: null }).where(eq(mailOutbox.id, id));
    return 'sent';
  }

  async function failedTry(message: { id: string; toAddress: string; attempts: number }, reason: string): Promise<MailOutcome> {
    const error = reason.slice(0, 500);
    if (message.attempts >= retry.maxAttempts) {
      await db.update(mailOutbox).set({ status: 'failed', error, body: null, secret: null, nextAttemptAt: null }).where(eq(mailOutbox.id, message.id));
      log.error({ to: message.toAddress, attempts: message.attempts, err: error }, 'mail delivery failed: no try left');
      return 'failed';
    }
    const delay = retryDelaySeconds(retry, message.attempts);
    const [still] = await db
      .update(mailOutbox)
      .set({ error, nextAttemptAt: inSeconds(delay) })
      .where(and(eq(mailOutbox.id, message.id), eq(mailOutbox.status, 'queued')))
      .returning({ id: mailOutbox.id });
    if (still) await jobs.send(MAIL_DELIVERY_JOB, { id: message.id }, { startAfterSeconds: delay });
    log.warn({ to: message.toAddress, attempts: message.attempts, retryInSeconds: delay, err: error }, 'mail delivery failed: will try again');
    return 'queued';
  }

  if (transport) {
    jobs.define<{ id: string }>(MAIL_DELIVERY_JOB, async ({ id }) => void (await attempt(id)), { expireInSeconds: ATTEMPT_LEASE_SECONDS });
    // A message whose next try was never scheduled (its process stopped first) is taken up at start.
    jobs.onStarted(async () => {
      const due = await db
        .select({ id: mailOutbox.id })
        .from(mailOutbox)
        .where(and(eq(mailOutbox.status, 'queued'), lte(mailOutbox.nextAttemptAt, sql`now()`)))
        .limit(1000);
      for (const { id } of due) await jobs.send(MAIL_DELIVERY_JOB, { id });
    });
  }

  return {
    transport: transport ? ('smtp' as const) : ('outbox' as const),
    /** Throws only when the message cannot be stored; a mail server that does not answer leaves it queued. */
    async send(message: MailMessage): Promise<MailOutcome> {
      const row = {
        id: randomUUID(),
        toAddress: message.to,
        subject: message.subject,
        kind: message.kind,
        sentBy: message.sentBy ?? null,
        body: message.secret ? message.text.replaceAll(message.secret, SECRET_MASK) : message.text,
        secret: message.secret ?? null,
      };
      if (!transport) {
        await db.insert(mailOutbox).values({ ...row, transport: 'outbox', status: 'stored' });
        log.info({ to: message.to, subject: message.subject }, `mail (outbox):\n${message.text}`);
        return 'stored';
      }
      await db.transaction(async (tx) => {
        // A new code retires the older ones (decision 005): a message still waiting with one is not sent late.
        if (message.kind !== 'other') {
          await tx
            .update(mailOutbox)
            .set({ status: 'superseded', body: null, secret: null, nextAttemptAt: null })
            .where(and(eq(mailOutbox.toAddress, message.to), eq(mailOutbox.kind, message.kind), eq(mailOutbox.status, 'queued')));
        }
        await tx.insert(mailOutbox).values({ ...row, transport: 'smtp', status: 'queued', nextAttemptAt: sql`now()` });
      });
      return (await attempt(row.id)) ?? 'queued';
    },
  };
}
export type Mailer = ReturnType<typeof createMailer>;
