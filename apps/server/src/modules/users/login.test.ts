import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { mailOutbox } from '../../db/schema';
import { createTestApp, demoEmail, type TestApp, TEST_PASSWORD } from '../../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ LOGIN_MAX_FAILURES_PER_ACCOUNT_AND_IP: '3', LOGIN_MAX_FAILURES_PER_IP: '8', LOGIN_MAX_FAILURES_PER_ACCOUNT: '6' });
});
afterAll(() => t.close());

const login = (payload: unknown, ip = '10.0.0.1') =>
  t.app.inject({ method: 'PUT', url: '/api/user/login', payload: payload as object, remoteAddress: ip });

describe('PUT /api/user/login', () => {
  it('signs in by email and answers the token, the user and the claims of decisions.md', async () => {
    const res = await login({ email: 'Clerk@CivicDesk.test', password: TEST_PASSWORD });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.user).toMatchObject({
      email: 'clerk@civicdesk.test',
      role: 'CLERK',
      firstName: 'Jordan',
      lastName: 'Clarke',
      location: { name: 'District of Columbia', code: 'DC' },
      organization: { name: 'District of Columbia Government' },
    });
    const claims = JSON.parse(Buffer.from(body.access_token.split('.')[1], 'base64url').toString());
    expect(claims).toMatchObject({ sub: body.user.id, role: 'CLERK', location_code: 'DC', organization_id: body.user.organization.id });
    expect(claims.feature_permissions).toContain('COMPLIANCE_CHECK');
    expect(claims.exp - claims.iat).toBe(12 * 3600);
  });

  it('signs in by user name', async () => {
    const res = await login({ userName: 'mayor', password: TEST_PASSWORD });
    expect(res.statusCode).toBe(200);
    expect(res.json().user.role).toBe('MAYOR');
    expect(res.json().user.feature_permissions).not.toContain('COMPLIANCE_CHECK');
  });

  it('answers one generic message for a wrong password and for an unknown account', async () => {
    const wrong = await login({ email: demoEmail('STAFF'), password: 'not-the-password' }, '10.0.0.2');
    const unknown = await login({ email: 'nobody@civicdesk.test', password: 'whatever-password' }, '10.0.0.2');
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ code: 'INVALID_CREDENTIALS', message: 'Invalid email or password' });
    expect(unknown.json()).toEqual(wrong.json());
  });

  it('stops guessing one account from one address, even with the right password afterwards', async () => {
    const email = demoEmail('CITY_MANAGER');
    for (let i = 0; i < 3; i++) expect((await login({ email, password: 'bad-password!' }, '10.1.0.1')).statusCode).toBe(401);
    const blocked = await login({ email, password: TEST_PASSWORD }, '10.1.0.1');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().code).toBe('RATE_LIMITED');
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(60);
    // Another account from the same address is not affected.
    expect((await login({ email: demoEmail('CLERK'), password: TEST_PASSWORD }, '10.1.0.1')).statusCode).toBe(200);
  });

  it("failing someone's password from one address does not lock its owner out elsewhere", async () => {
    const email = demoEmail('STAFF');
    const answers = [];
    for (let i = 0; i < 10; i++) answers.push((await login({ email, password: 'attacker-guess!' }, '10.3.0.66')).statusCode);
    expect(answers).toEqual([401, 401, 401, 429, 429, 429, 429, 429, 429, 429]);
    expect((await login({ email, password: TEST_PASSWORD }, '10.3.0.7')).statusCode).toBe(200);
  });

  it('the email and the user name of one account share its budget', async () => {
    for (const identifier of [{ email: demoEmail('MAYOR') }, { userName: 'mayor' }, { email: 'MAYOR@civicdesk.test' }]) {
      expect((await login({ ...identifier, password: 'bad-password!' }, '10.4.0.1')).statusCode).toBe(401);
    }
    expect((await login({ userName: 'mayor', password: TEST_PASSWORD }, '10.4.0.1')).statusCode).toBe(429);
  });

  it('stops guessing one account from many addresses (the slower cap) until its owner resets the password', async () => {
    const email = demoEmail('SUPERUSER');
    for (let i = 0; i < 6; i++) expect((await login({ email, password: 'bad-password!' }, `10.5.0.${i}`)).statusCode).toBe(401);
    expect((await login({ email, password: TEST_PASSWORD }, '10.5.1.1')).statusCode).toBe(429);

    await t.app.inject({ method: 'POST', url: '/api/user/request-password-reset', payload: { email } });
    const [{ secret }] = await t.db.select({ secret: mailOutbox.secret }).from(mailOutbox).where(eq(mailOutbox.toAddress, email)).orderBy(desc(mailOutbox.createdAt)).limit(1);
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/user/reset-password-with-code',
      payload: { email, code: secret, password: 'a-fresh-password-after-attack' },
    });
    expect(reset.statusCode).toBe(200);
    expect((await login({ email, password: 'a-fresh-password-after-attack' }, '10.5.1.1')).statusCode).toBe(200);
  });

  it('stops spraying many accounts from one address', async () => {
    const ip = '10.2.0.1';
    for (let i = 0; i < 8; i++) await login({ email: `someone${i}@example.org`, password: 'bad-password!' }, ip);
    const res = await login({ email: demoEmail('ADMIN'), password: TEST_PASSWORD }, ip);
    expect(res.statusCode).toBe(429);
    expect((await login({ email: demoEmail('ADMIN'), password: TEST_PASSWORD }, '10.2.0.2')).statusCode).toBe(200);
  });

  it('a client cannot buy a fresh address budget with X-Forwarded-For (no proxy is trusted by default)', async () => {
    const answers: number[] = [];
    for (let i = 0; i < 100; i++) {
      const res = await t.app.inject({
        method: 'PUT',
        url: '/api/user/login',
        payload: { email: `sprayed${i}@example.org`, password: 'Winter2026!!' },
        remoteAddress: '10.6.0.1',
        headers: { 'x-forwarded-for': `198.51.100.${i}` },
      });
      answers.push(res.statusCode);
    }
    expect(answers.filter((s) => s === 401)).toHaveLength(8);
    expect(answers.filter((s) => s === 429)).toHaveLength(92);
  });

  it('failed logins on two server processes on one database add up', async () => {
    const other = await t.anotherApp();
    const email = demoEmail('CLERK');
    const on = (app: typeof other) =>
      app.inject({ method: 'PUT', url: '/api/user/login', payload: { email, password: 'bad-password!' }, remoteAddress: '10.7.0.1' });
    expect((await on(t.app)).statusCode).toBe(401);
    expect((await on(other)).statusCode).toBe(401);
    expect((await on(t.app)).statusCode).toBe(401);
    expect((await on(other)).statusCode).toBe(429);
  });

  it('rejects a body without password or identifier with field details', async () => {
    const res = await login({ email: demoEmail('ADMIN') });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('VALIDATION_FAILED');
    expect(res.json().details[0].field).toBe('body.password');
    expect((await login({ password: 'x' })).json().code).toBe('VALIDATION_FAILED');
  });
});

describe('session tokens', () => {
  it('GET /api/user/me answers the signed-in user', async () => {
    const res = await t.app.inject({ url: '/api/user/me', headers: await t.auth(demoEmail('STAFF')) });
    expect(res.statusCode).toBe(200);
    expect(res.json().email).toBe('staff@civicdesk.test');
  });

  it('answers 401 AUTH_INVALID_TOKEN without a token, with garbage, or with a token signed by another key', async () => {
    expect((await t.app.inject({ url: '/api/user/me' })).json().code).toBe('AUTH_INVALID_TOKEN');
    const garbage = await t.app.inject({ url: '/api/user/me', headers: { authorization: 'Bearer abc.def.ghi' } });
    expect(garbage.statusCode).toBe(401);
    expect(garbage.json().code).toBe('AUTH_INVALID_TOKEN');
    const forged = await new SignJWT({ role: 'ADMIN', tv: 0 })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('x')
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('another-secret-another-secret-another-secret'));
    expect((await t.app.inject({ url: '/api/user/me', headers: { authorization: `Bearer ${forged}` } })).statusCode).toBe(401);
  });

  it('answers 401 AUTH_TOKEN_EXPIRED for an expired token', async () => {
    const me = (await t.app.inject({ url: '/api/user/me', headers: await t.auth(demoEmail('STAFF')) })).json();
    const expired = await new SignJWT({ role: 'STAFF', tv: 0, feature_permissions: [] })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(me.id)
      .setIssuedAt(Math.floor(Date.now() / 1000) - 7200)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 3600)
      .sign(new TextEncoder().encode(t.config.jwtSecret));
    const res = await t.app.inject({ url: '/api/user/me', headers: { authorization: `Bearer ${expired}` } });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('AUTH_TOKEN_EXPIRED');
  });

  it('refuses the "none" algorithm', async () => {
    const me = (await t.app.inject({ url: '/api/user/me', headers: await t.auth(demoEmail('STAFF')) })).json();
    const header = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
    const payload = Buffer.from(JSON.stringify({ sub: me.id, tv: 0, role: 'ADMIN', exp: 9999999999 })).toString('base64url');
    const res = await t.app.inject({ url: '/api/user/me', headers: { authorization: `Bearer ${header}.${payload}.` } });
    expect(res.statusCode).toBe(401);
  });
});
