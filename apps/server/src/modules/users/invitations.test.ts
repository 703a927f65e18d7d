import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { oneTimeCodes } from '../../db/schema';
import { createTestApp, demoEmail, loginToken, type TestApp } from '../../test/harness';
import { startSmtpServer } from '../../test/smtp';

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp({ SMTP_URL: smtp.url });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const invite = async (email: string, extra: object = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/user/invite',
    headers: await t.auth(demoEmail('ADMIN')),
    payload: { userName: email.split('@')[0], firstName: 'Pat', lastName: 'Lee', email, role: 'STAFF', locationCode: 'DC', ...extra },
  });
const post = (url: string, payload: object, method: 'POST' | 'PUT' = 'POST') => t.app.inject({ method, url, payload });

describe('invitations', () => {
  it('sends a 6-digit code by SMTP; the invitee verifies it, sets a password and is signed in', async () => {
    const res = await invite('pat.lee@dc.example.gov');
    expect(res.statusCode).toBe(201);
    expect(res.json().user).toMatchObject({ status: 'INVITED', role: 'STAFF', location: { code: 'DC' } });
    const code = smtp.lastCodeFor('pat.lee@dc.example.gov');

    const verify = await post('/api/user/verify-invitation', { email: 'pat.lee@dc.example.gov', code });
    expect(verify.statusCode).toBe(200);
    expect(verify.json().user).toMatchObject({ firstName: 'Pat', lastName: 'Lee' });

    const done = await post(
      '/api/user/complete-invitation',
      { email: 'pat.lee@dc.example.gov', code, password: 'a-long-new-password', firstName: 'Patricia' },
      'PUT',
    );
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ success: true, user: { firstName: 'Patricia', status: 'ACTIVE' } });
    expect(done.json().access_token).toBeTruthy();
    expect(await loginToken(t.app, 'pat.lee@dc.example.gov', 'a-long-new-password')).toBeTruthy();
    // The code was single use.
    expect((await post('/api/user/verify-invitation', { email: 'pat.lee@dc.example.gov', code })).statusCode).toBe(400);
  });

  it('refuses a short password when completing', async () => {
    await invite('short.pw@dc.example.gov');
    const code = smtp.lastCodeFor('short.pw@dc.example.gov');
    const res = await post('/api/user/complete-invitation', { email: 'short.pw@dc.example.gov', code, password: 'short' }, 'PUT');
    expect(res.statusCode).toBe(400);
    expect(res.json().details[0].field).toBe('body.password');
  });

  it('kills the code after 5 wrong attempts', async () => {
    await invite('guesser@dc.example.gov');
    const code = smtp.lastCodeFor('guesser@dc.example.gov');
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) {
      const res = await post('/api/user/verify-invitation', { email: 'guesser@dc.example.gov', code: wrong });
      expect(res.statusCode).toBe(400);
    }
    expect((await post('/api/user/verify-invitation', { email: 'guesser@dc.example.gov', code })).statusCode).toBe(400);
  });

  it('rejects an expired code (72 h)', async () => {
    await invite('late@dc.example.gov');
    const code = smtp.lastCodeFor('late@dc.example.gov');
    await t.db.update(oneTimeCodes).set({ expiresAt: sql`now() - interval '1 minute'` });
    const res = await post('/api/user/verify-invitation', { email: 'late@dc.example.gov', code });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/expired/);
  });

  it('a resend replaces the old code', async () => {
    await invite('resend@dc.example.gov');
    const first = smtp.lastCodeFor('resend@dc.example.gov');
    // The resend limit is one a minute: age the first code.
    await t.db.update(oneTimeCodes).set({ createdAt: sql`now() - interval '2 minutes'` });
    const res = await post('/api/user/resend-invitation-code', { email: 'resend@dc.example.gov' });
    expect(res.statusCode).toBe(200);
    const second = smtp.lastCodeFor('resend@dc.example.gov');
    expect(smtp.received.filter((m) => m.to.includes('resend@dc.example.gov'))).toHaveLength(2);
    if (first !== second) {
      expect((await post('/api/user/verify-invitation', { email: 'resend@dc.example.gov', code: first })).statusCode).toBe(400);
    }
    expect((await post('/api/user/verify-invitation', { email: 'resend@dc.example.gov', code: second })).statusCode).toBe(200);
  });

  it('refuses a duplicate email with 409 and an unknown location with 400', async () => {
    expect((await invite('staff@civicdesk.test', { userName: 'someone-new' })).statusCode).toBe(409);
    const res = await invite('nowhere@dc.example.gov', { locationCode: 'ZZ' });
    expect(res.statusCode).toBe(400);
    expect(res.json().details[0].field).toBe('body.locationCode');
  });

  it('an invited user cannot sign in before completing', async () => {
    await invite('pending@dc.example.gov');
    const res = await t.app.inject({ method: 'PUT', url: '/api/user/login', payload: { email: 'pending@dc.example.gov', password: 'anything-at-all' } });
    expect(res.statusCode).toBe(401);
  });
});

describe('password reset', () => {
  it('answers the same for a known and an unknown email, and mails only the known one', async () => {
    const before = smtp.received.length;
    const known = await post('/api/user/request-password-reset', { email: demoEmail('CLERK') });
    const unknown = await post('/api/user/request-password-reset', { email: 'ghost@nowhere.example' });
    expect(known.statusCode).toBe(200);
    expect(unknown.json()).toEqual(known.json());
    expect(smtp.received.length).toBe(before + 1);
  });

  it('resets with the code, ends existing sessions, and the code is single use', async () => {
    const email = demoEmail('STAFF');
    const oldSession = await t.auth(email);
    expect((await t.app.inject({ url: '/api/user/me', headers: oldSession })).statusCode).toBe(200);
    await t.db.update(oneTimeCodes).set({ createdAt: sql`now() - interval '2 minutes'` });
    await post('/api/user/request-password-reset', { email });
    const code = smtp.lastCodeFor(email);
    expect((await post('/api/user/verify-reset-code', { email, code })).statusCode).toBe(200);
    const reset = await post('/api/user/reset-password-with-code', { email, code, password: 'brand-new-password-1' });
    expect(reset.statusCode).toBe(200);

    const stale = await t.app.inject({ url: '/api/user/me', headers: oldSession });
    expect(stale.statusCode).toBe(401);
    expect(stale.json().code).toBe('AUTH_INVALID_TOKEN');
    expect(await loginToken(t.app, email, 'brand-new-password-1')).toBeTruthy();
    const again = await post('/api/user/reset-password-with-code', { email, code, password: 'another-password-22' });
    expect(again.statusCode).toBe(400);
  });

  it('a reset code expires after 15 minutes', async () => {
    const email = demoEmail('MAYOR');
    await post('/api/user/request-password-reset', { email });
    const code = smtp.lastCodeFor(email);
    await t.db.update(oneTimeCodes).set({ expiresAt: sql`now() - interval '1 second'` });
    expect((await post('/api/user/verify-reset-code', { email, code })).statusCode).toBe(400);
  });
});

describe('self sign-up', () => {
  it('is off unless the email domain is allowed for a location', async () => {
    const res = await post('/api/user/signup', { email: 'x@random.example', password: 'long-enough-password', firstName: 'A', lastName: 'B' });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('ACCESS_DENIED');
  });
});
