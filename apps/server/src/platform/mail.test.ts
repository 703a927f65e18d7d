import net from 'node:net';
import { desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, oneTimeCodes } from '../db/schema';
import { createTestApp, demoEmail, type TestApp } from '../test/harness';
import { startSmtpServer } from '../test/smtp';

/**
 * Mail through SMTP with retries (decision 005): the message is in the outbox before the first try;
 * a mail server that does not answer leaves it queued, the user's action still succeeds, and the job
 * queue tries again 1 s, then 4 s later (this app's short backoff) until it is sent or, after the
 * third try, failed. The mail server sits behind a door on a fixed port: closed, nothing listens.
 */
let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let door: Awaited<ReturnType<typeof doorTo>>;

/** A port on loopback that is closed (connection refused) or open and forwarding to `targetPort`. */
async function doorTo(targetPort: number) {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const port = (probe.address() as net.AddressInfo).port;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  let server: net.Server | null = null;
  const sockets = new Set<net.Socket>();
  return {
    port,
    open: () =>
      new Promise<void>((resolve) => {
        if (server) return resolve();
        server = net.createServer((client) => {
          const upstream = net.connect(targetPort, '127.0.0.1');
          for (const s of [client, upstream]) {
            sockets.add(s);
            s.on('error', () => {
              client.destroy();
              upstream.destroy();
            });
          }
          client.pipe(upstream).pipe(client);
        });
        server.listen(port, '127.0.0.1', resolve);
      }),
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        sockets.clear();
        if (!server) return resolve();
        server.close(() => resolve());
        server = null;
      }),
  };
}

beforeAll(async () => {
  smtp = await startSmtpServer();
  door = await doorTo(Number(new URL(smtp.url).port));
  t = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${door.port}`, MAIL_RETRY_DELAY_SECONDS: '1', MAIL_MAX_ATTEMPTS: '3' });
});
afterAll(async () => {
  await t.close();
  await door.close();
  await smtp.close();
});

const newestTo = async (email: string) => (await t.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, email)).orderBy(desc(mailOutbox.createdAt)).limit(1))[0];
async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, ms = 20_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > end) throw new Error(`timed out; last value: ${JSON.stringify(value)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
const invite = async (email: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/user/invite',
    headers: await t.auth(demoEmail('ADMIN')),
    payload: { userName: email.split('@')[0], firstName: 'Rita', lastName: 'Retry', email, role: 'CLERK', locationCode: 'DC' },
  });

describe('SMTP down, then up', () => {
  it('the invitation succeeds while the mail server is down, and a retry delivers it once it is up', async () => {
    await door.close();
    const email = 'rita.retry@dc.example.gov';
    const res = await invite(email);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ success: true, mail_status: 'queued' });
    expect(res.json().message).toBe(`The mail server did not answer. The invitation to ${email} waits in the outbox and will be sent again automatically.`);

    const queued = await newestTo(email);
    expect(queued).toMatchObject({ transport: 'smtp', status: 'queued', attempts: 1, kind: 'invitation' });
    expect(queued.error).toMatch(/ECONNREFUSED/);
    expect(queued.secret).toMatch(/^\d{6}$/);
    expect(queued.body).toContain('Your invitation code: ••••••');
    expect(queued.body).not.toContain(queued.secret!);
    const outbox = (await t.app.inject({ url: '/api/admin/outbox', headers: await t.auth(demoEmail('ADMIN')) })).json();
    expect(outbox.find((m: { to: string }) => m.to === email)).toMatchObject({ status: 'queued', attempts: 1, transport: 'smtp' });

    await door.open();
    const sent = await until(() => newestTo(email), (row) => row.status !== 'queued');
    expect(sent).toMatchObject({ status: 'sent', attempts: 2, error: null, body: null, secret: null, nextAttemptAt: null });
    // The mail that arrived carries the code the invitee can use.
    const code = smtp.lastCodeFor(email);
    expect(code).toBe(queued.secret);
    const done = await t.app.inject({ method: 'PUT', url: '/api/user/complete-invitation', payload: { email, code, password: 'a-password-of-my-own' } });
    expect(done.statusCode, done.body).toBe(200);
    expect(smtp.received.filter((m) => m.to.includes(email))).toHaveLength(1);
  });

  it('with the mail server up, the first try delivers at once', async () => {
    await door.open();
    const res = await invite('at.once@dc.example.gov');
    expect(res.json()).toMatchObject({ mail_status: 'sent', message: 'Invitation sent to at.once@dc.example.gov' });
    expect(await newestTo('at.once@dc.example.gov')).toMatchObject({ status: 'sent', attempts: 1, body: null, secret: null });
  });
});

describe('SMTP down for good', () => {
  it('a reset request still answers 200; retries wait longer each time, and after the third try the message is failed', async () => {
    await door.close();
    const email = demoEmail('STAFF');
    const res = await t.app.inject({ method: 'POST', url: '/api/user/request-password-reset', payload: { email } });
    expect(res.statusCode).toBe(200);
    const first = await newestTo(email);
    expect(first).toMatchObject({ status: 'queued', attempts: 1, kind: 'password_reset' });
    const code = first.secret!;
    // Decision 005: no screen shows a reset code, not even a queued one.
    for (const role of ['ADMIN', 'SUPERUSER']) {
      const outbox = await t.app.inject({ url: '/api/admin/outbox', headers: await t.auth(demoEmail(role)) });
      expect(outbox.body, role).not.toContain(code);
    }
    const second = await until(() => newestTo(email), (row) => row.attempts >= 2);
    expect(second.status).toBe('queued');
    // After the second failed try the wait is 4 s (1 s, four times longer): well over 2 s are left.
    expect(second.nextAttemptAt!.getTime() - Date.now()).toBeGreaterThan(2_000);
    const last = await until(() => newestTo(email), (row) => row.status !== 'queued');
    expect(last).toMatchObject({ status: 'failed', attempts: 3, body: null, secret: null, nextAttemptAt: null });
    expect(last.error).toMatch(/ECONNREFUSED/);
  });

  it('a newer code retires a message still waiting with the older one', async () => {
    await door.close();
    const email = 'two.codes@dc.example.gov';
    expect((await invite(email)).statusCode).toBe(201);
    const older = await newestTo(email);
    expect(older.status).toBe('queued');
    // A resend is allowed once a minute: the first code is made a minute older.
    await t.db.update(oneTimeCodes).set({ createdAt: sql`now() - interval '2 minutes'` });
    expect((await t.app.inject({ method: 'POST', url: '/api/user/resend-invitation-code', payload: { email } })).statusCode).toBe(200);
    const [retired] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.id, older.id));
    expect(retired).toMatchObject({ status: 'superseded', secret: null, body: null });
    expect((await newestTo(email)).status).toBe('queued');
  });
});
