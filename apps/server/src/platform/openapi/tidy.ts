/**
 * What zod's conversion leaves that Redocly's recommended rules warn of (decision 035), taken out of
 * the finished document in place.
 */

/**
 * `{allOf: [X]}` with nothing beside it is X: zod writes a component used as an optional field that
 * way (no-illogical-composition-keywords). With a sibling (a description) it stays, since OpenAPI
 * 3.0 ignores whatever stands beside a `$ref`.
 */
export function unwrapLoneAllOf(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(unwrapLoneAllOf);
  if (!node || typeof node !== 'object') return node;
  const schema = node as Record<string, unknown>;
  for (const [key, value] of Object.entries(schema)) schema[key] = unwrapLoneAllOf(value);
  const keys = Object.keys(schema);
  return keys.length === 1 && keys[0] === 'allOf' && Array.isArray(schema.allOf) && schema.allOf.length === 1 ? schema.allOf[0] : schema;
}

const SCHEMA_REF = /^#\/components\/schemas\/(.+)$/;

function refsIn(node: unknown, found: Set<string>) {
  if (Array.isArray(node)) for (const item of node) refsIn(item, found);
  else if (node && typeof node === 'object') {
    for (const [key, value] of Object.entries(node)) {
      const name = key === '$ref' && typeof value === 'string' ? SCHEMA_REF.exec(value)?.[1] : undefined;
      if (name) found.add(name.replace(/~1/g, '/').replace(/~0/g, '~'));
      else refsIn(value, found);
    }
  }
}

/**
 * Removes the schema components nothing refers to: zod's registry names an input form of every
 * registered schema (`UserInput`, `LocationInput`…) whether or not a request carries it
 * (no-unused-components). A component is kept when an operation, a shared response or a kept
 * component refers to it.
 */
export function dropUnusedSchemas(document: { components?: Record<string, Record<string, unknown>> }): void {
  const schemas = document.components?.schemas;
  if (!schemas) return;
  const used = new Set<string>();
  refsIn({ ...document, components: { ...document.components, schemas: {} } }, used);
  for (let pending = [...used]; pending.length; ) {
    const next = new Set<string>();
    for (const name of pending) refsIn(schemas[name], next);
    pending = [...next].filter((name) => !used.has(name));
    for (const name of pending) used.add(name);
  }
  for (const name of Object.keys(schemas)) if (!used.has(name)) delete schemas[name];
}
