/** OpenAPI 3.0's spelling of a value that may only be null (zod's own for `z.null()`). */
const NULL_ONLY = { type: 'string', nullable: true, enum: [null] };

/**
 * In OpenAPI 3.0.3 `nullable` has an effect only beside a `type`. zod's 3.0 output puts it beside
 * `anyOf` (a nullable union) and `allOf: [{$ref}]` (a nullable component), where a validator that
 * reads the specification strictly would refuse the null the API sends: those become a union with
 * an explicit null branch. Changes the document in place.
 */
export function spellNullUnions(node: unknown): void {
  if (Array.isArray(node)) {
    for (const item of node) spellNullUnions(item);
    return;
  }
  if (!node || typeof node !== 'object') return;
  const schema = node as Record<string, unknown>;
  for (const value of Object.values(schema)) spellNullUnions(value);
  if (schema.nullable !== true || 'type' in schema) return;
  const branches = Array.isArray(schema.anyOf) ? schema.anyOf : Array.isArray(schema.allOf) && schema.allOf.length === 1 ? schema.allOf : null;
  if (!branches) return;
  delete schema.nullable;
  delete schema.allOf;
  schema.anyOf = [...branches, { ...NULL_ONLY }];
}
