/** The parts of the served OpenAPI document the tests read. */
export interface OpenApiOperation {
  operationId?: string;
  summary?: string;
  description?: string;
  security?: unknown[];
  parameters?: { name: string; in: string; required?: boolean; schema: unknown }[];
  requestBody?: { content: Record<string, { schema: unknown }> };
  responses: Record<string, { $ref?: string; description?: string; content?: Record<string, { schema: unknown }> }>;
}
export interface OpenApiDocument {
  openapi: string;
  security?: unknown[];
  paths: Record<string, Record<string, OpenApiOperation>>;
  components: { schemas: Record<string, { required?: string[] }>; responses: Record<string, { content: Record<string, { schema: unknown }> }> };
}

/** The route's key in the operations table: a path served with a trailing slash too is documented once, without it (decision 035). */
export const documentedRoute = (url: string) => (url.length > 1 ? url.replace(/\/$/, '') : url);

/** The path as the document writes it: `/api/agenda/{id}` for Fastify's `/api/agenda/:id`. */
export const documentPath = (url: string) => documentedRoute(url).replace(/:(\w+)/g, '{$1}');

export const operationOf = (doc: OpenApiDocument, method: string, url: string): OpenApiOperation | undefined =>
  doc.paths[documentPath(url)]?.[method.toLowerCase()];

/** A local JSON pointer (`#/components/schemas/Error`) read in the document, or undefined. */
export function resolvePointer(doc: unknown, ref: string): unknown {
  return ref
    .replace(/^#\//, '')
    .split('/')
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce<unknown>((node, key) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined), doc);
}

/** A JSON pointer to a place in the document, escaped. */
export const pointer = (...parts: string[]) => `#/${parts.map((p) => p.replace(/~/g, '~0').replace(/\//g, '~1')).join('/')}`;
