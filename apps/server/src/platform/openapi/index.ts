import type { FastifyDynamicSwaggerOptions } from '@fastify/swagger';
import { draftBlockSchema, draftContentSchema, draftedDocumentSchema, locationSchema, searchResponseSchema, userViewSchema } from '@civicdesk/contract';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Access } from '../auth/guard';
import type { RateBudget } from '../rate-limit/plugin';
import { derivedErrors, whoMayCall } from './access';
import { type ErrorStatus, errorResponseComponents, errorResponseRef, errorSchemaComponent } from './errors';
import { spellNullUnions } from './nullable';
import { OPERATIONS } from './operations';
import { dropUnusedSchemas, unwrapLoneAllOf } from './tidy';

type Transform = NonNullable<FastifyDynamicSwaggerOptions['transform']>;
type TransformObject = NonNullable<FastifyDynamicSwaggerOptions['transformObject']>;
type OpenApiObject = {
  paths: Record<string, Record<string, { responses: Record<string, unknown>; [key: string]: unknown }>>;
  components?: Record<string, Record<string, unknown>>;
};

/**
 * Schemas the document names as components: the recursive draft body must be one (an inline
 * recursive schema has nowhere to point), the others are the main resources, named once.
 */
const COMPONENTS: [z.ZodType, string][] = [
  [draftBlockSchema, 'DraftBlock'],
  [draftContentSchema, 'DraftContent'],
  [draftedDocumentSchema, 'DraftedDocument'],
  [searchResponseSchema, 'SearchResponse'],
  [userViewSchema, 'User'],
  [locationSchema, 'Location'],
];
for (const [schema, id] of COMPONENTS) {
  // A module evaluated again (a test file's own module graph) meets its earlier registration by id.
  const earlier = z.globalRegistry._idmap.get(id);
  if (earlier) z.globalRegistry.remove(earlier);
  z.globalRegistry.add(schema, { ...z.globalRegistry.get(schema), id });
}

export const operationKey = (method: string, url: string) => `${method} ${url}`;
const openApiPath = (url: string) => url.replace(/:(\w+)/g, '{$1}');

/**
 * @fastify/swagger's options for the served document (`GET /api/docs/json`): each route's zod schemas
 * converted by fastify-type-provider-zod, completed from the route's access rule and the operations
 * table (summary, description, operationId, security, success and error answers, bodies read by hand).
 */
export function openApiOptions(): FastifyDynamicSwaggerOptions {
  /** The error statuses of each operation, by "method path", gathered as routes are transformed. */
  const errorsOf = new Map<string, ErrorStatus[]>();

  const transform: Transform = (input) => {
    const { route, url } = input;
    // A path the spec writes with a trailing slash (GET /ordinance/search/) is served both ways and
    // documented once, without it: tools read the two as one path (Redocly's no-path-trailing-slash).
    if (url.length > 1 && url.endsWith('/')) return { schema: { hide: true }, url };
    const access = route.config?.access as Access | undefined;
    const method = [route.method].flat()[0];
    const entry = OPERATIONS[operationKey(method, url)];
    if (!access || !entry) return jsonSchemaTransform(input);
    const declared = (input.schema ?? {}) as Record<string, unknown>;
    const success = entry.success;
    const response: Record<string, unknown> = { ...(declared.response as object | undefined) };
    if (success && !response[success.status ?? 200]) response[success.status ?? 200] = success.content ?? { 'application/json': success.body ?? z.unknown() };
    // Every success answer as media types with its description (a bare zod schema would read "Default Response").
    for (const [status, answer] of Object.entries(response)) {
      if (!status.startsWith('2')) continue;
      const content = answer instanceof z.ZodType ? { 'application/json': answer } : (answer as Record<string, z.ZodType>);
      response[status] = {
        description: success?.description ?? 'Success',
        content: Object.fromEntries(Object.entries(content).map(([type, schema]) => [type, { schema }])),
      };
    }
    const converted = jsonSchemaTransform({ ...input, schema: { ...declared, response } });
    const schema = converted.schema as Record<string, unknown>;
    if (entry.body) schema.body = { content: bodyContent(input, entry.body) };
    schema.operationId = entry.operationId;
    schema.summary = entry.summary;
    schema.description = `${whoMayCall(access)}\n\n${entry.description}`;
    if (access === 'public') schema.security = [];
    const rateBudget = route.config?.rateBudget as RateBudget | undefined;
    errorsOf.set(operationKey(method.toLowerCase(), openApiPath(url)), [...new Set([...derivedErrors({ method, url, access, rateBudget }), ...(entry.errors ?? [])])]);
    return converted;
  };

  const transformObject: TransformObject = (input) => {
    const document = jsonSchemaTransformObject(input) as unknown as OpenApiObject;
    spellNullUnions(document);
    unwrapLoneAllOf(document.paths);
    for (const [path, operations] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        for (const status of (errorsOf.get(operationKey(method, path)) ?? []).sort()) {
          operation.responses[status] ??= errorResponseRef(status);
        }
      }
    }
    document.components = {
      ...document.components,
      schemas: { ...document.components?.schemas, Error: errorSchemaComponent },
      responses: errorResponseComponents(),
    };
    unwrapLoneAllOf(document.components.schemas);
    dropUnusedSchemas(document);
    return document as never;
  };

  return {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'CivicDesk API',
        version: '0.1.0',
        description:
          'The API of CivicDesk, under `/api` on the web app\'s origin. Every operation takes a bearer token (`Authorization: Bearer <access_token>` from `PUT /api/user/login`) unless it is marked public (`security: []`). Every non-2xx answer is one shape, `{code, message, details?}` (the Error schema).',
      },
      // Relative: the document is served by the API it describes, on whatever origin the city runs it.
      servers: [{ url: '/', description: 'The origin this document is served from; every path starts with /api' }],
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      security: [{ bearer: [] }],
    },
    transform,
    transformObject,
  };
}

/** A body the handler reads itself, per media type, converted as the route's own schemas are. */
function bodyContent(input: Parameters<Transform>[0], body: { json?: z.ZodType; multipart?: z.ZodType }) {
  const convert = (schema: z.ZodType) => (jsonSchemaTransform({ ...input, schema: { body: schema } }).schema as { body: unknown }).body;
  return {
    ...(body.json && { 'application/json': { schema: convert(body.json) } }),
    ...(body.multipart && { 'multipart/form-data': { schema: convert(body.multipart) } }),
  };
}
