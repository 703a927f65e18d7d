import { desc, eq, sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, mailOutbox, users } from '../../db/schema';
import { createTestApp, demoEmail, TEST_PASSWORD, type TestApp } from '../../test/harness';

/**
 * What the audit log records (decision 028): each event once, with who, from where and in which
 * location, and never a password, a code or a withheld word. Expected values are written by hand.
 * TRUST_PROXY=1: one proxy in front, so the address is the last X-Forwarded-For hop.
 */
let t: TestApp;
let dc: { locationId: string; organizationId: string };
const ids: Record<string, string> = {};
beforeAll(async () => {
  t = await createTestApp({ TRUST_PROXY: '1', LOGIN_MAX_FAILURES_PER_ACCOUNT_AND_IP: '2', LOGIN_MAX_FAILURES_PER_ACCOUNT: '4' });
  const [row] = await t.db.select({ locationId: users.locationId, organizationId: users.organizationId, id: users.id }).from(users).where(eq(users.email, demoEmail('ADMIN')));
  dc = { locationId: row.locationId, organizationId: row.organizationId };
  ids.admin = row.id;
  for (const role of ['CLERK', 'STAFF', 'MAYOR']) {
    [{ id: ids[role] }] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, demoEmail(role)));
  }
});
afterAll(() => t.close());

const all = () => t.db.select().from(auditEvents).orderBy(desc(auditEvents.occurredAt));
const ofAction = async (action: string) => (await all()).filter((r) => r.action === action);
/** The rows an action added, given the count before it. */
async function added(action: string, run: () => Promise<unknown>) {
  const before = (await ofAction(action)).length;
  await run();
  const after = await ofAction(action);
  return after.slice(0, after.length - before);
}
const inject = (opts: InjectOptions) => t.app.inject(opts);
const login = (payload: object, address: string, extra: Record<string, string> = {}) =>
  inject({ method: 'PUT', url: '/api/user/login', payload, remoteAddress: '10.9.9.9', headers: { 'x-forwarded-for': `198.51.100.250, ${address}`, ...extra } });

describe('sign-ins', () => {
  it('a sign-in: once, with the account, the address the proxy saw and the user agent cut to 200 characters', async () => {
    const agent = `Mozilla/5.0 ${'x'.repeat(300)}`;
    const rows = await added('sign_in.succeeded', async () => {
      expect((await login({ email: demoEmail('CLERK'), password: TEST_PASSWORD }, '203.0.113.10', { 'user-agent': agent })).statusCode).toBe(200);
    });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ actorId: ids.CLERK, actorEmail: 'clerk@civicdesk.test', ip: '203.0.113.10', ...dc, details: {} });
    expect(rows[0].userAgent).toHaveLength(200);
    expect(rows[0].userAgent!.startsWith('Mozilla/5.0 xxx')).toBe(true);
  });

  it('a wrong password: the account and the email typed, the reason, and nowhere the password', async () => {
    const password = 'Tr0ub4dor&3-not-it';
    const rows = await added('sign_in.failed', async () => {
      expect((await login({ email: 'Staff@CivicDesk.test', password }, '203.0.113.11')).statusCode).toBe(401);
    });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      actorId: ids.STAFF,
      actorEmail: 'staff@civicdesk.test',
      ip: '203.0.113.11',
      ...dc,
      details: { reason: 'wrong_password', email_or_user_name: 'staff@civicdesk.test' },
    });
    const everything = JSON.stringify(await all());
    expect(everything).not.toContain(password);
    expect(everything).not.toContain('Tr0ub4dor');
  });

  it('an unknown account: the email tried, no account and no location', async () => {
    const password = 'guessing-9f2c-password';
    const rows = await added('sign_in.failed', async () => {
      expect((await login({ email: 'nobody@example.org', password }, '203.0.113.12')).statusCode).toBe(401);
    });
    expect(rows).toEqual([
      expect.objectContaining({
        actorId: null,
        actorEmail: 'nobody@example.org',
        locationId: null,
        organizationId: null,
        ip: '203.0.113.12',
        details: { reason: 'unknown_account', email_or_user_name: 'nobody@example.org' },
      }),
    ]);
    expect(JSON.stringify(await all())).not.toContain(password);
  });

  it('blocked attempts say why: rate-limited from one address, locked once the account cap is reached', async () => {
    const email = demoEmail('MAYOR');
    const reasons = async (address: string, password: string) => (await added('sign_in.failed', () => login({ email, password }, address))).map((r) => r.details.reason);
    expect(await reasons('203.0.113.20', 'bad-password-1')).toEqual(['wrong_password']);
    expect(await reasons('203.0.113.20', 'bad-password-2')).toEqual(['wrong_password']);
    // Two failures from one address is this app's limit per account and address.
    expect(await reasons('203.0.113.20', TEST_PASSWORD)).toEqual(['rate_limited']);
    expect(await reasons('203.0.113.21', 'bad-password-3')).toEqual(['wrong_password']);
    expect(await reasons('203.0.113.22', 'bad-password-4')).toEqual(['wrong_password']);
    // Four failures is the account's own cap: now even the right password from a new address is refused.
    expect(await reasons('203.0.113.23', TEST_PASSWORD)).toEqual(['locked']);
    expect(JSON.stringify(await all())).not.toContain(TEST_PASSWORD);
  });
});

describe('user administration', () => {
  const admin = () => t.auth(demoEmail('ADMIN'));

  it('a role change and a permission change: one row each, by the admin, about the user', async () => {
    const rows = async () => ({ role: await ofAction('user.role_changed'), permissions: await ofAction('user.permissions_changed') });
    const before = await rows();
    const res = await inject({
      method: 'PUT',
      url: '/api/user/edit-user',
      headers: { ...(await admin()), 'x-forwarded-for': '203.0.113.30' },
      remoteAddress: '10.9.9.9',
      payload: { id: ids.CLERK, role: 'STAFF', feature_permissions: ['AGENDA_SEARCH', 'LEGAL_CHATBOT'] },
    });
    expect(res.statusCode, res.body).toBe(200);
    const after = await rows();
    expect(after.role.length - before.role.length).toBe(1);
    expect(after.permissions.length - before.permissions.length).toBe(1);
    expect(after.role[0]).toMatchObject({
      actorId: ids.admin,
      actorEmail: 'admin@civicdesk.test',
      ip: '203.0.113.30',
      ...dc,
      details: { user_id: ids.CLERK, email: 'clerk@civicdesk.test', from: 'CLERK', to: 'STAFF' },
    });
    expect(after.permissions[0].details).toEqual({
      user_id: ids.CLERK,
      email: 'clerk@civicdesk.test',
      added: [],
      removed: [
        'RESOLUTION_SEARCH',
        'MUNICIPAL_CODE_ASSISTANT',
        'COMPLIANCE_CHECK',
        'CODE_COMPLIANCE_REPORT',
        'AGENDA_ASSISTANCE_DRAFTING',
        'RESOLUTION_ASSISTANCE_DRAFTING',
        'ORDINANCE_ASSISTANCE_DRAFTING',
        'STAFF_REPORT_ASSISTANCE_DRAFTING',
        'MINUTES_SUMMARY',
      ],
    });
  });

  it('a name change alone is not recorded', async () => {
    const before = (await all()).length;
    const res = await inject({ method: 'PUT', url: '/api/user/edit-user', headers: await admin(), payload: { id: ids.CLERK, firstName: 'Jordy' } });
    expect(res.statusCode).toBe(200);
    expect((await all()).length).toBe(before);
  });

  it('an invitation created and revoked, a user deleted: once each, and the invitation code in no row', async () => {
    const email = 'invitee.audit@dc.example.gov';
    const created = await added('invitation.created', async () => {
      const res = await inject({
        method: 'POST',
        url: '/api/user/invite',
        headers: await admin(),
        payload: { userName: 'invitee.audit', firstName: 'Ivy', lastName: 'Audit', email, role: 'CLERK', locationCode: 'DC' },
      });
      expect(res.statusCode, res.body).toBe(201);
    });
    const [invitee] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, email));
    expect(created).toEqual([expect.objectContaining({ actorId: ids.admin, actorEmail: 'admin@civicdesk.test', ...dc, details: { user_id: invitee.id, email, role: 'CLERK' } })]);
    const [{ secret: code }] = await t.db.select({ secret: mailOutbox.secret }).from(mailOutbox).where(eq(mailOutbox.toAddress, email));
    expect(code).toMatch(/^\d{6}$/);

    const revoked = await added('invitation.revoked', async () => {
      expect((await inject({ method: 'DELETE', url: `/api/user/delete-user/${invitee.id}`, headers: await admin() })).statusCode).toBe(200);
    });
    expect(revoked).toEqual([expect.objectContaining({ actorId: ids.admin, details: { user_id: invitee.id, email, role: 'CLERK' } })]);
    expect(JSON.stringify(await all())).not.toContain(code);

    const deleted = await added('user.deleted', async () => {
      expect((await inject({ method: 'DELETE', url: `/api/user/delete-user/${ids.MAYOR}`, headers: await admin() })).statusCode).toBe(200);
    });
    // The row outlives the account it names.
    expect(deleted).toEqual([expect.objectContaining({ actorId: ids.admin, ...dc, details: { user_id: ids.MAYOR, email: 'mayor@civicdesk.test', role: 'MAYOR' } })]);
  });

  it('a password reset asked for and completed: the account, the outcome, and the code in no row', async () => {
    const email = demoEmail('STAFF');
    const requested = await added('password_reset.requested', async () => {
      expect((await inject({ method: 'POST', url: '/api/user/request-password-reset', payload: { email }, remoteAddress: '10.9.9.9', headers: { 'x-forwarded-for': '203.0.113.40' } })).statusCode).toBe(200);
    });
    expect(requested).toEqual([expect.objectContaining({ actorId: ids.STAFF, actorEmail: email, ip: '203.0.113.40', ...dc, details: { outcome: 'code_sent' } })]);
    const [{ secret: code }] = await t.db.select({ secret: mailOutbox.secret }).from(mailOutbox).where(eq(mailOutbox.toAddress, email)).orderBy(desc(mailOutbox.createdAt)).limit(1);
    const newPassword = 'a-brand-new-password-7731';
    const completed = await added('password_reset.completed', async () => {
      const res = await inject({ method: 'POST', url: '/api/user/reset-password-with-code', payload: { email, code, password: newPassword } });
      expect(res.statusCode, res.body).toBe(200);
    });
    expect(completed).toEqual([expect.objectContaining({ actorId: ids.STAFF, actorEmail: email, ...dc, details: {} })]);
    const unknown = await added('password_reset.requested', () => inject({ method: 'POST', url: '/api/user/request-password-reset', payload: { email: 'ghost@example.org' } }));
    expect(unknown).toEqual([expect.objectContaining({ actorId: null, actorEmail: 'ghost@example.org', locationId: null, details: { outcome: 'no_account' } })]);
    const everything = JSON.stringify(await all());
    expect(everything).not.toContain(code);
    expect(everything).not.toContain(newPassword);
  });
});

describe('exports, redactions and downloads', () => {
  it('a draft exported, a redaction marked and the redacted PDF downloaded: once each, never the withheld words', async () => {
    const headers = await t.auth(demoEmail('CITY_MANAGER'));
    const [manager] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, demoEmail('CITY_MANAGER')));
    const draft = await inject({ method: 'POST', url: '/api/resolution/draft', headers, payload: { query: 'A resolution honoring volunteers' } });
    expect(draft.statusCode, draft.body).toBeLessThan(300);
    const draftId = draft.json().document_id as string;
    const exported = await added('draft.exported', async () => {
      expect((await inject({ url: `/api/drafted_document/${draftId}/export?format=pdf`, headers })).statusCode).toBe(200);
    });
    expect(exported).toEqual([expect.objectContaining({ actorId: manager.id, actorEmail: 'manager@civicdesk.test', ...dc, details: { draft_id: draftId, format: 'pdf' } })]);

    const text = 'Requester Wilhelmina Quackenbush asked for the budget.';
    const check = await inject({ method: 'POST', url: '/api/compliance/text', headers, payload: { text, compliance_type: 'privacy' } });
    expect(check.statusCode, check.body).toBe(202);
    const reportId = check.json().id as string;
    for (let i = 0; i < 300; i++) {
      if ((await inject({ url: `/api/compliance/${reportId}`, headers })).json().job_state === 'completed') break;
      await new Promise((r) => setTimeout(r, 100));
    }
    const start = text.indexOf('Wilhelmina');
    const marked = await added('redaction.marked', async () => {
      const res = await inject({ method: 'POST', url: `/api/compliance/${reportId}/redactions`, headers, payload: { start, end: start + 'Wilhelmina Quackenbush'.length } });
      expect(res.statusCode, res.body).toBe(200);
    });
    expect(marked).toEqual([expect.objectContaining({ actorId: manager.id, details: { report_id: reportId, finding_id: expect.any(String), characters: 22 } })]);
    const downloaded = await added('redacted_pdf.downloaded', async () => {
      const res = await inject({ url: `/api/compliance/compliance-report/download-redacted-pdf/${reportId}`, headers });
      expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    });
    expect(downloaded).toEqual([expect.objectContaining({ actorId: manager.id, ...dc, details: { report_id: reportId, redactions: expect.any(Number) } })]);
    expect(JSON.stringify(await all())).not.toContain('Quackenbush');
  });
});

describe('when the audit log cannot be written', () => {
  it('a role change is refused and nothing changes; a sign-in still goes through', async () => {
    await t.db.execute(sql`ALTER TABLE audit_events RENAME TO audit_events_away`);
    try {
      const res = await inject({ method: 'PUT', url: '/api/user/edit-user', headers: await t.auth(demoEmail('ADMIN')), payload: { id: ids.STAFF, role: 'CLERK' } });
      expect(res.statusCode).toBe(500);
      expect(res.json().code).toBe('INTERNAL_ERROR');
      const [staff] = await t.db.select({ role: users.role }).from(users).where(eq(users.id, ids.STAFF));
      expect(staff.role).toBe('STAFF');
      expect((await login({ email: demoEmail('CLERK'), password: TEST_PASSWORD }, '203.0.113.50')).statusCode).toBe(200);
    } finally {
      await t.db.execute(sql`ALTER TABLE audit_events_away RENAME TO audit_events`);
    }
  });

});
