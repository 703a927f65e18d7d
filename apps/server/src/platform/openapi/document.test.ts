import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';
import { derivedErrors } from './access';
import { ERROR_RESPONSES } from './errors';
import { OPERATIONS } from './operations';
import { documentedRoute, type OpenApiDocument, operationOf, resolvePointer } from './test-support';

/**
 * The served OpenAPI document (`GET /api/docs/json`) is valid OpenAPI 3, every reference in it
 * resolves, and every registered route is an operation with its summary, description, operationId,
 * security, error answers and the success status it really answers.
 */
let t: TestApp;
let doc: OpenApiDocument;
beforeAll(async () => {
  t = await createTestApp();
  const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
  expect(res.statusCode).toBe(200);
  doc = res.json();
});
afterAll(() => t.close());

describe('the served OpenAPI document', () => {
  it('is valid OpenAPI 3 by the official schema', async () => {
    const result = await new Validator().validate(structuredClone(doc) as never);
    expect(result.errors ?? [], JSON.stringify(result.errors)?.slice(0, 2000)).toEqual([]);
    expect(result.valid).toBe(true);
    expect(doc.openapi).toMatch(/^3\.0\./);
  });

  it('has every $ref resolve inside the document', () => {
    const refs: string[] = [];
    const walk = (node: unknown) => {
      if (Array.isArray(node)) node.forEach(walk);
      else if (node && typeof node === 'object') {
        for (const [key, value] of Object.entries(node)) {
          if (key === '$ref' && typeof value === 'string') refs.push(value);
          else walk(value);
        }
      }
    };
    walk(doc);
    expect(refs.length).toBeGreaterThan(100);
    for (const ref of new Set(refs)) {
      expect(ref.startsWith('#/'), ref).toBe(true);
      expect(resolvePointer(doc, ref), ref).toBeDefined();
    }
  });

  it('documents every registered route, and the table names no route that is not registered', () => {
    const registered = t.app.routeTable.map((r) => `${r.method} ${documentedRoute(r.url)}`);
    expect(registered.length).toBeGreaterThan(100);
    expect(registered.filter((key) => !OPERATIONS[key]), 'routes without an entry in platform/openapi/operations').toEqual([]);
    expect(Object.keys(OPERATIONS).filter((key) => !registered.includes(key)), 'entries without a route').toEqual([]);
    for (const route of t.app.routeTable) expect(operationOf(doc, route.method, route.url), `${route.method} ${route.url}`).toBeDefined();
  });

  it('gives every operation a summary, a description saying who may call it, and a unique camelCase operationId', () => {
    const ids = new Set<string>();
    const documented = new Map(t.app.routeTable.map((route) => [`${route.method} ${documentedRoute(route.url)}`, route]));
    for (const route of documented.values()) {
      const op = operationOf(doc, route.method, route.url)!;
      const label = `${route.method} ${route.url}`;
      expect(op.summary, label).toBeTruthy();
      expect(op.description, label).toMatch(/^(Public|Any signed-in user|ADMIN and SUPERUSER only|Needs the permission)/);
      expect(op.operationId, label).toMatch(/^[a-z][a-zA-Z0-9]*$/);
      expect(ids.has(op.operationId!), `${label}: ${op.operationId} is used twice`).toBe(false);
      ids.add(op.operationId!);
    }
  });

  it('asks no token of the public routes and the bearer token of every other', () => {
    expect(doc.security).toEqual([{ bearer: [] }]);
    const publicRoutes = t.app.routeTable.filter((r) => r.access === 'public').map((r) => `${r.method} ${r.url}`);
    expect(publicRoutes).toEqual(
      expect.arrayContaining(['GET /api/health', 'GET /api/config/public', 'POST /api/analytics/events', 'PUT /api/user/login', 'POST /api/user/signup', 'PUT /api/user/complete-invitation', 'POST /api/user/reset-password-with-code']),
    );
    for (const route of t.app.routeTable) {
      const op = operationOf(doc, route.method, route.url)!;
      if (route.access === 'public') expect(op.security, `${route.method} ${route.url}`).toEqual([]);
      else expect(op.security, `${route.method} ${route.url}`).toBeUndefined();
    }
  });

  it('documents the error answers each route can give, all in the one Error schema', () => {
    expect(doc.components.schemas.Error.required).toEqual(['code', 'message']);
    for (const { name } of Object.values(ERROR_RESPONSES)) {
      expect(doc.components.responses[name].content['application/json'].schema).toEqual({ $ref: '#/components/schemas/Error' });
    }
    for (const route of t.app.routeTable) {
      const op = operationOf(doc, route.method, route.url)!;
      const label = `${route.method} ${route.url}`;
      for (const status of derivedErrors({ ...route, rateBudget: undefined })) {
        if (status === 429 && route.url === '/api/health') continue;
        expect(op.responses[status], `${label} ${status}`).toEqual({ $ref: `#/components/responses/${ERROR_RESPONSES[status].name}` });
      }
      for (const status of Object.keys(op.responses)) expect(Number(status), label).toBeGreaterThanOrEqual(200);
    }
    expect(operationOf(doc, 'GET', '/api/health')!.responses[429]).toBeUndefined();
    expect(operationOf(doc, 'PUT', '/api/user/login')!.responses[401]).toBeDefined();
    expect(operationOf(doc, 'PUT', '/api/drafted_document')!.responses[409]).toBeDefined();
  });

  it('states the success status each route answers', () => {
    const success = (method: string, url: string) => Object.keys(operationOf(doc, method, url)!.responses).filter((s) => s.startsWith('2'));
    for (const kind of ['agenda_item', 'resolution', 'ordinance', 'staff_report']) expect(success('POST', `/api/${kind}/draft`)).toEqual(['201']);
    expect(success('POST', '/api/user/invite')).toEqual(['201']);
    expect(success('POST', '/api/user/signup')).toEqual(['201']);
    expect(success('POST', '/api/report/report-issue')).toEqual(['201']);
    expect(success('POST', '/api/analytics/events')).toEqual(['202']);
    expect(success('POST', '/api/compliance')).toEqual(['202']);
    expect(success('GET', '/api/search')).toEqual(['200']);
    for (const route of t.app.routeTable) expect(success(route.method, route.url), `${route.method} ${route.url}`).toHaveLength(1);
  });

  it('describes the multipart forms, their file parts as binary', () => {
    const multipart = t.app.routeTable.filter((r) => operationOf(doc, r.method, r.url)!.requestBody?.content['multipart/form-data']);
    expect(multipart.map((r) => `${r.method} ${r.url}`).sort()).toEqual(
      [
        'POST /api/agenda_item/draft',
        'POST /api/compliance',
        'POST /api/external_document',
        'POST /api/location/:code/imports',
        'POST /api/minutes',
        'POST /api/municipal_code/generate',
        'POST /api/ordinance/draft',
        'POST /api/prompt/:type/template',
        'POST /api/resolution/draft',
        'POST /api/staff_report/draft',
      ].sort(),
    );
    for (const route of multipart) {
      const schema = operationOf(doc, route.method, route.url)!.requestBody!.content['multipart/form-data'].schema as { properties: Record<string, { format?: string; items?: { format?: string } }> };
      const binary = Object.values(schema.properties).filter((p) => p.format === 'binary' || p.items?.format === 'binary');
      expect(binary.length, `${route.method} ${route.url}`).toBe(1);
    }
  });

  it('lists the values of enumerated parameters', () => {
    const param = (url: string, name: string) => operationOf(doc, 'GET', url)!.parameters!.find((p) => p.name === name)!.schema as Record<string, unknown>;
    expect(param('/api/search', 'sort_by').enum).toEqual(expect.arrayContaining(['relevance', 'date_desc', 'date_asc']));
    expect(JSON.stringify(param('/api/search', 'document_types'))).toContain('"RESOLUTION"');
    expect(param('/api/external_document', 'document_type').enum).toContain('MINUTES');
  });

  it('names the recursive draft body once, as a component', () => {
    expect(doc.components.schemas.DraftBlock).toBeDefined();
    const body = JSON.stringify(operationOf(doc, 'PUT', '/api/resolution')!.requestBody);
    expect(body).toContain('#/components/schemas/DraftContentInput');
    expect(JSON.stringify(doc.components.schemas.DraftContentInput)).toContain('#/components/schemas/DraftBlockInput');
  });
});
