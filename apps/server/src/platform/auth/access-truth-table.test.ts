import { DEFAULT_PERMISSIONS, ROLES, type Role } from '@civicdesk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, demoEmail, type TestApp } from '../../test/harness';
import { isAllowed, type Principal } from './guard';

/**
 * Every role × every protected route, generated from the route table: a route answers
 * 403 ACCESS_DENIED exactly when the role's default permissions do not open it, and 401
 * without a token.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const concrete = (url: string) => url.replace(/:(\w+)/g, 'no-such-$1');

describe('access truth table', () => {
  it('covers every /api route', () => {
    expect(t.app.routeTable.length).toBeGreaterThan(20);
  });

  it('answers 401 without a token on every non-public route', async () => {
    for (const route of t.app.routeTable.filter((r) => r.access !== 'public')) {
      const res = await t.app.inject({ method: route.method as 'GET', url: concrete(route.url), payload: route.method === 'GET' || route.method === 'DELETE' ? undefined : {} });
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(401);
      expect(res.json().code).toBe('AUTH_INVALID_TOKEN');
    }
  });

  for (const role of ROLES) {
    it(`role ${role}`, async () => {
      const headers = await t.auth(demoEmail(role));
      const principal = { role, permissions: DEFAULT_PERMISSIONS[role as Role] } as Principal;
      const rows: string[] = [];
      for (const route of t.app.routeTable.filter((r) => r.access !== 'public')) {
        const res = await t.app.inject({
          method: route.method as 'GET',
          url: concrete(route.url),
          headers,
          payload: route.method === 'GET' || route.method === 'DELETE' ? undefined : {},
        });
        const allowed = isAllowed(route.access, principal);
        rows.push(`${route.method} ${route.url} -> ${res.statusCode}`);
        if (allowed) {
          expect([401, 403], `${role} ${route.method} ${route.url}`).not.toContain(res.statusCode);
        } else {
          expect(res.statusCode, `${role} ${route.method} ${route.url}`).toBe(403);
          expect(res.json().code).toBe('ACCESS_DENIED');
        }
        expect(res.statusCode, `${role} ${route.method} ${route.url}`).toBeLessThan(500);
      }
      expect(rows.length).toBeGreaterThan(0);
    });
  }
});
