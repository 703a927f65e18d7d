import type { Permission, Role } from '@civicdesk/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { locations, organizations } from '../../db/schema';
import { createUser } from '../../test/example-city';
import { createTestApp, demoEmail, type TestApp } from '../../test/harness';

/**
 * Who may call what, written by hand from decisions.md ("Roles and permissions") and never
 * derived from the guard: a wrong guard fails a cell here. Columns are the seven demo roles with
 * their default permissions, then users whose permissions an admin narrowed.
 *   A = allowed (not 401/403), - = 403 ACCESS_DENIED.
 */
const COLUMNS = [
  'ADMIN',
  'SUPERUSER',
  'MAYOR',
  'STAFF',
  'CITY_COUNCILLOR',
  'CLERK',
  'CITY_MANAGER',
  'STAFF with AGENDA_SEARCH only',
  'STAFF with MUNICIPAL_CODE_ASSISTANT only',
  'STAFF with no permission',
  'ADMIN with no permission',
] as const;
type Column = (typeof COLUMNS)[number];

const NARROWED: Partial<Record<Column, { role: Role; permissions: Permission[] }>> = {
  'STAFF with AGENDA_SEARCH only': { role: 'STAFF', permissions: ['AGENDA_SEARCH'] },
  'STAFF with MUNICIPAL_CODE_ASSISTANT only': { role: 'STAFF', permissions: ['MUNICIPAL_CODE_ASSISTANT'] },
  'STAFF with no permission': { role: 'STAFF', permissions: [] },
  'ADMIN with no permission': { role: 'ADMIN', permissions: [] },
};

//                                                   ADM SU MAY STF CNC CLK MGR | srch asst none adm0
const TABLE: Record<string, string> = {
  'GET /api/user/me':                               'A A A A A A A A A A A',
  'GET /api/location':                              'A A A A A A A A A A A',
  'GET /api/location/enabled-codes':                'A A A A A A A A A A A',
  'POST /api/location':                             'A - - - - - - - - - A',
  'POST /api/location/:code/imports':               'A A - - - - - - - - A',
  'GET /api/location/:code/imports':                'A A - - - - - - - - A',
  'GET /api/location/:code/imports/:id':            'A A - - - - - - - - A',
  'GET /api/location/:code/settings':               'A A - - - - - - - - A',
  'PUT /api/location/:code/settings':               'A A - - - - - - - - A',
  'GET /api/organization':                          'A A A A A A A A A A A',
  'POST /api/report/report-issue':                  'A A A A A A A A A A A',

  'POST /api/user/invite':                          'A A - - - - - - - - A',
  'GET /api/user/by-location':                      'A A - - - - - - - - A',
  'PUT /api/user/edit-user':                        'A A - - - - - - - - A',
  'DELETE /api/user/delete-user/:id':               'A A - - - - - - - - A',
  'GET /api/admin/outbox':                          'A A - - - - - - - - A',
  'GET /api/admin/reports':                         'A A - - - - - - - - A',
  'GET /api/admin/analytics':                       'A A - - - - - - - - A',
  'GET /api/admin/audit':                           'A A - - - - - - - - A',

  'GET /api/municipal_code/threads':                'A A A A A A A - A - -',
  'GET /api/municipal_code/thread/:id':             'A A A A A A A - A - -',
  'DELETE /api/municipal_code/thread/:id':          'A A A A A A A - A - -',
  'POST /api/municipal_code/rename-thread':         'A A A A A A A - A - -',
  'GET /api/municipal_code/data':                   'A A A A A A A - A - -',
  'POST /api/municipal_code/generate':              'A A A A A A A - A - -',
  'POST /api/municipal_code/draft-email':           'A A A A A A A - A - -',
  'GET /api/municipal_code/settings':               'A A A A A A A - A - -',

  'GET /api/search':                                'A A A A A A A A - - -',
  'GET /api/:cityCode/research/meili/:query':       'A A A A A A A A - - -',
  'GET /api/agenda_item':                           'A A A A A A A A - - -',
  'POST /api/agenda_item':                          'A A A A A A A A - - -',
  'PUT /api/agenda_item':                           'A A A A A A A A - - -',
  'GET /api/agenda_item/research':                  'A A A A A A A A - - -',
  'GET /api/agenda/stats':                          'A A A A A A A A - - -',
  'GET /api/agenda':                                'A A A A A A A A - - -',
  'POST /api/agenda':                               'A A A A A A A A - - -',
  'PUT /api/agenda/:id/sections':                   'A A A A A A A A - - -',
  'GET /api/agenda/:id':                            'A A A A A A A A - - -',
  'GET /api/ordinance/statistics':                  'A A A A A A A A - - -',
  'GET /api/ordinance/search/':                     'A A A A A A A A - - -',
  'GET /api/ordinance/search':                      'A A A A A A A A - - -',
  'GET /api/ordinance/:id':                         'A A A A A A A A - - -',
  'GET /api/ordinance/:id/summary':                 'A A A A A A A A - - -',
  'POST /api/ordinance/:id/followup':               'A A A A A A A A - - -',
  'GET /api/external_document':                     'A A A A A A A A - - -',
  'POST /api/external_document':                    'A A A A A A A A - - -',
  'DELETE /api/external_document/:id':              'A A A A A A A A - - -',
  'GET /api/file':                                  'A A A A A A A A - - -',

  'POST /api/agenda_item/draft':                    'A A - A - A A - - - -',
  'POST /api/resolution/draft':                     'A A - A - A A - - - -',
  'POST /api/ordinance/draft':                      'A A - A - A A - - - -',
  'POST /api/staff_report/draft':                   'A A - A - A A - - - -',
  'PUT /api/resolution':                            'A A - A - A A - - - -',
  'PUT /api/ordinance':                             'A A - A - A A - - - -',
  'PUT /api/staff_report':                          'A A - A - A A - - - -',
  'PUT /api/resolution/ai-edit':                    'A A - A - A A - - - -',
  'GET /api/drafted_document/history':              'A A - A - A A - - - -',
  'GET /api/drafted_document/:id':                  'A A - A - A A - - - -',
  'PUT /api/drafted_document':                      'A A - A - A A - - - -',
  'DELETE /api/drafted_document/:id':               'A A - A - A A - - - -',
  'GET /api/drafted_document/:id/versions':         'A A - A - A A - - - -',
  'GET /api/drafted_document/:id/versions/:version':'A A - A - A A - - - -',
  'POST /api/drafted_document/:id/restore':         'A A - A - A A - - - -',
  'GET /api/drafted_document/:id/export':           'A A - A - A A - - - -',
  'GET /api/prompt/:type':                          'A A - A - A A - - - -',
  'POST /api/chat/legal':                           'A A A A A A A - - - -',
  'GET /api/chat/conversations':                    'A A A A A A A - - - -',
  'GET /api/chat/conversations/:id':                'A A A A A A A - - - -',
  'DELETE /api/chat/conversations/:id':             'A A A A A A A - - - -',
  'POST /api/chat/edit':                            'A A - A - A A - - - -',
  'POST /api/prompt/:type/template':                'A A - - - - - - - - A',
  'DELETE /api/prompt/:type/template':              'A A - - - - - - - - A',

  'POST /api/compliance':                           'A A - A - A A - - - -',
  'POST /api/compliance/text':                      'A A - A - A A - - - -',
  'GET /api/compliance/history':                    'A A - A - A A - - - -',
  'GET /api/compliance/:id':                        'A A - A - A A - - - -',
  'POST /api/compliance/:id/cancel':                'A A - A - A A - - - -',
  'POST /api/compliance/:id/redactions':            'A A - A - A A - - - -',
  'PUT /api/compliance/update-status':              'A A - A - A A - - - -',
  'PUT /api/compliance/update-severity':            'A A - A - A A - - - -',
  'PUT /api/compliance/accept-all-issues':          'A A - A - A A - - - -',
  'PUT /api/compliance/compliance-report/update-status': 'A A - A - A A - - - -',
  'PUT /api/compliance/compliance-report/update-folder': 'A A - A - A A - - - -',
  'GET /api/compliance/compliance-report/download-redacted-pdf/:id': 'A A - A - A A - - - -',
  'POST /api/compliance/draft-pra-email':            'A A - A - A A - - - -',
  'PUT /api/compliance/update-pra-email-response':   'A A - A - A A - - - -',
  'GET /api/compliance/pra-requests':                'A A - A - A A - - - -',
  'GET /api/compliance/code/:id':                    'A A - A - A A - - - -',
  'POST /api/compliance/code/:id/run':               'A A - A - A A - - - -',
  'GET /api/compliance/location/reports/:code':      'A A - A - A A - - - -',

  'POST /api/minutes':                              'A A A A A A A - - - -',
  'POST /api/minutes/text':                         'A A A A A A A - - - -',
  'GET /api/minutes/history':                       'A A A A A A A - - - -',
  'GET /api/minutes/:id':                           'A A A A A A A - - - -',
  'POST /api/minutes/:id/followup':                 'A A A A A A A - - - -',
};

/** Routes anyone may call without signing in (decisions.md "Accounts", analytics, health). */
const PUBLIC = [
  'GET /api/health',
  'PUT /api/user/login',
  'POST /api/user/signup',
  'POST /api/user/verify-invitation',
  'PUT /api/user/complete-invitation',
  'POST /api/user/resend-invitation-code',
  'POST /api/user/request-password-reset',
  'POST /api/user/resend-reset-code',
  'POST /api/user/verify-reset-code',
  'POST /api/user/reset-password-with-code',
  'GET /api/config/public',
  'POST /api/analytics/events',
];

let t: TestApp;
const emails = new Map<Column, string>();
beforeAll(async () => {
  t = await createTestApp();
  const [dc] = await t.db
    .select({ locationId: locations.id, organizationId: organizations.id })
    .from(locations)
    .innerJoin(organizations, and(eq(organizations.locationId, locations.id)))
    .where(eq(locations.code, 'DC'));
  for (const column of COLUMNS) {
    const narrowed = NARROWED[column];
    if (!narrowed) emails.set(column, demoEmail(column));
    else {
      const email = `${column.toLowerCase().replace(/\W+/g, '-')}@civicdesk.test`;
      await createUser(t.db, { email, role: narrowed.role, permissions: narrowed.permissions, ...dc });
      emails.set(column, email);
    }
  }
});
afterAll(() => t.close());

const key = (route: { method: string; url: string }) => `${route.method} ${route.url}`;
const concrete = (url: string) => url.replace(/:(\w+)/g, 'no-such-$1');
const call = (route: { method: string; url: string }, headers: Record<string, string> = {}) =>
  t.app.inject({ method: route.method as 'GET', url: concrete(route.url), headers, payload: route.method === 'GET' || route.method === 'DELETE' ? undefined : {} });

describe('access truth table (written by hand)', () => {
  it('lists every registered /api route exactly once: a new route must be added here by hand', () => {
    const registered = t.app.routeTable.map(key).sort();
    expect(registered).toEqual([...Object.keys(TABLE), ...PUBLIC].sort());
    for (const [route, row] of Object.entries(TABLE)) expect(row.split(' '), route).toHaveLength(COLUMNS.length);
  });

  it('public routes answer without a token; every other route answers 401 AUTH_INVALID_TOKEN', async () => {
    for (const route of t.app.routeTable) {
      const res = await call(route);
      if (PUBLIC.includes(key(route))) expect(res.statusCode, key(route)).not.toBe(401);
      else {
        expect(res.statusCode, key(route)).toBe(401);
        expect(res.json().code).toBe('AUTH_INVALID_TOKEN');
      }
    }
  });

  COLUMNS.forEach((column, index) => {
    it(column, async () => {
      const headers = await t.auth(emails.get(column)!);
      for (const route of t.app.routeTable.filter((r) => !PUBLIC.includes(key(r)))) {
        const expected = TABLE[key(route)].split(' ')[index];
        const res = await call(route, headers);
        const label = `${column} ${key(route)} -> ${res.statusCode}`;
        expect(res.statusCode, label).toBeLessThan(500);
        if (expected === 'A') expect([401, 403], label).not.toContain(res.statusCode);
        else {
          expect(res.statusCode, label).toBe(403);
          expect(res.json().code, label).toBe('ACCESS_DENIED');
        }
      }
    });
  });
});
