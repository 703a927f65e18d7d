import fc from 'fast-check';

/**
 * Generators of the input a careless client or an attacker sends: full Unicode with NUL and lone
 * surrogates, very long strings, deep JSON, numbers where strings go and the reverse. The input
 * tests (malformed-input, input-safety) throw them at every route.
 */

/** One UTF-16 piece: any code point, a NUL, or half a surrogate pair. */
const unit = fc.oneof(
  { weight: 6, arbitrary: fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }) },
  { weight: 1, arbitrary: fc.constant('\u0000') },
  { weight: 1, arbitrary: fc.integer({ min: 0xd800, max: 0xdfff }).map((c) => String.fromCharCode(c)) },
);

/** 1,000,000 characters: a JSON body holding it still fits the 1 MiB body limit. */
export const ONE_MEGABYTE_STRING = 'x'.repeat(1_000_000);
/** 300,000 three-byte characters: about 900 kB of UTF-8. */
const WIDE_STRING = '\u6c34'.repeat(300_000);

export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { weight: 8, arbitrary: fc.string({ unit, maxLength: 40 }) },
  { weight: 2, arbitrary: fc.constantFrom('\u0000', 'a\u0000b', '\ud800', 'x\udfffy', 'ok\ud83d', '\ude00', '%00', "' OR 1=1 --") },
  { weight: 1, arbitrary: fc.constantFrom(ONE_MEGABYTE_STRING, WIDE_STRING, `${'y'.repeat(500_000)}\u0000`) },
  // Days and times at the calendar's edges: no year 0 in PostgreSQL, year 10000 one day after 9999-12-31 (issue 22).
  { weight: 2, arbitrary: fc.constantFrom('0000-01-01', '0000-01-11', '9999-12-30', '9999-12-31', '2026-02-30', '0000-01-01T00:00:00Z', '9999-12-31T23:59:59Z', '+010000-01-01T00:00:00Z', '1000-01-01', '9998-12-31') },
);

/** Nested deeper than any parser or the database should recurse. */
export const DEEP_ARRAY_JSON = `${'['.repeat(5000)}${']'.repeat(5000)}`;
export const DEEP_OBJECT_JSON = `${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}`;

export const hostileValue: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    { weight: 6, arbitrary: hostileString },
    { weight: 2, arbitrary: fc.oneof(fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true }), fc.constantFrom(-1, 0, 1e308, 2 ** 53 + 1)) },
    { weight: 1, arbitrary: fc.constantFrom(true, false, null) },
    { weight: 1, arbitrary: fc.array(tie('value'), { maxLength: 4 }) },
    { weight: 1, arbitrary: fc.dictionary(hostileString, tie('value'), { maxKeys: 3 }) },
  ),
})).value;

/** Field names a route's zod object schema declares (none when it has no object schema). */
export function fieldsOf(schema: unknown): string[] {
  const shape = (schema as { shape?: Record<string, unknown> } | undefined)?.shape;
  return shape && typeof shape === 'object' ? Object.keys(shape) : [];
}

/** A JSON body with the route's own field names (so values reach its handler) and sometimes others. */
export function hostileBody(fields: string[]): fc.Arbitrary<Record<string, unknown>> {
  const names = fields.length ? fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...fields) }, { weight: 1, arbitrary: hostileString }) : hostileString;
  return fc.dictionary(names, hostileValue, { maxKeys: Math.max(3, fields.length) });
}

/**
 * A query string with the route's own parameter names: values percent-encoded from their UTF-8
 * bytes (a lone surrogate cannot travel in a URL; it arrives as U+FFFD), or raw byte sequences
 * that are not UTF-8 at all, or a repeated key (an array).
 */
export function hostileQuery(fields: string[]): fc.Arbitrary<string> {
  const name = fields.length ? fc.constantFrom(...fields, 'city_code', 'page') : fc.constantFrom('q', 'city_code', 'page');
  const value = fc.oneof(
    { weight: 6, arbitrary: hostileString.filter((s) => s.length < 2_000).map(percentEncode) },
    { weight: 1, arbitrary: fc.constantFrom('%00', 'a%00b', '%ED%A0%80', '%C0%80', '%FF%FE', '%E0%A4%A', '%', '%%00') },
  );
  return fc.array(fc.tuple(name, value), { maxLength: 4 }).map((pairs) => pairs.map(([k, v]) => `${k}=${v}`).join('&'));
}

export function percentEncode(value: string): string {
  return [...Buffer.from(value, 'utf8')].map((b) => `%${b.toString(16).padStart(2, '0').toUpperCase()}`).join('');
}

/**
 * True when a string holds what no stored text may hold: a NUL, or a UTF-16 code unit of a
 * surrogate pair without its partner. Written apart from the server's rule, by code units.
 */
export function holdsUnsafeText(value: unknown): boolean {
  if (typeof value === 'string') {
    for (let i = 0; i < value.length; i++) {
      const c = value.charCodeAt(i);
      if (c === 0) return true;
      if (c >= 0xd800 && c <= 0xdbff) {
        const next = value.charCodeAt(i + 1);
        if (next >= 0xdc00 && next <= 0xdfff) i++;
        else return true;
      } else if (c >= 0xdc00 && c <= 0xdfff) return true;
    }
    return false;
  }
  if (Array.isArray(value)) return value.some(holdsUnsafeText);
  if (value && typeof value === 'object') return Object.entries(value).some(([k, v]) => holdsUnsafeText(k) || holdsUnsafeText(v));
  return false;
}
