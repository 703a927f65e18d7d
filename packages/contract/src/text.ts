import { z } from 'zod';

/**
 * The one rule for text on the wire (decision 021). PostgreSQL refuses a NUL character in text
 * and jsonb, and an unpaired UTF-16 surrogate is not text at all (it would be stored as U+FFFD,
 * silently changing what the user sent). Every string a request carries — body, query, path,
 * multipart field, object key — is checked with `findUnsafeText`; text the server extracts from
 * a file or receives from a model is cleaned with `cleanText` instead, since nobody can retype it.
 */

/** Deeper than this, a JSON body is refused (a parser or the database would recurse that deep). */
export const REQUEST_MAX_DEPTH = 32;

const UNPAIRED_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const UNPAIRED_SURROGATES = new RegExp(UNPAIRED_SURROGATE.source, 'g');

/** Why a string may not be stored, or null when it may. */
export function unsafeTextProblem(value: string): string | null {
  if (value.includes('\u0000')) return 'Text must not contain a NUL character (\\u0000)';
  if (UNPAIRED_SURROGATE.test(value)) return 'Text must not contain an unpaired surrogate (invalid Unicode)';
  return null;
}

export interface UnsafeTextIssue {
  field: string;
  message: string;
}

/**
 * The first string (value or object key) in `value` that breaks the rule, or a structure nested
 * deeper than REQUEST_MAX_DEPTH; `root` names where it came from ("body", "query", "params").
 * Iterative, so a hostile nesting cannot overflow the stack.
 */
export function findUnsafeText(value: unknown, root: string, maxDepth = REQUEST_MAX_DEPTH): UnsafeTextIssue | null {
  const stack: { value: unknown; path: string; depth: number }[] = [{ value, path: root, depth: 0 }];
  while (stack.length) {
    const item = stack.pop()!;
    if (typeof item.value === 'string') {
      const problem = unsafeTextProblem(item.value);
      if (problem) return { field: item.path, message: problem };
      continue;
    }
    if (item.value === null || typeof item.value !== 'object') continue;
    if (item.depth >= maxDepth) return { field: item.path, message: `The request is nested more than ${maxDepth} levels deep` };
    for (const [key, child] of Object.entries(item.value)) {
      const path = `${item.path}.${key}`;
      const keyProblem = unsafeTextProblem(key);
      if (keyProblem) return { field: `${item.path}.${cleanText(key)}`, message: keyProblem };
      stack.push({ value: child, path, depth: item.depth + 1 });
    }
  }
  return null;
}

/**
 * Text from a file or a model, made storable: a NUL becomes a space (in extracted PDF text it
 * usually stands where a space was drawn, so words stay apart), an unpaired surrogate becomes
 * U+FFFD, the replacement character.
 */
export function cleanText(value: string): string {
  return value.replace(/\u0000/g, ' ').replace(UNPAIRED_SURROGATES, '\uFFFD');
}

/** C0 and C1 control characters (ESC, U+001F, DEL ...), tabs and line breaks included. */
const CONTROLS = /[\u0000-\u001F\u007F-\u009F]+/g;

/**
 * A name or a title is one line of visible text (issue 22): control characters (an ESC, a U+001F)
 * and line breaks become a space, runs of spaces one, and the ends are trimmed. Nothing a reader
 * could see is lost; nothing a terminal or a log would act on is stored.
 */
export const asOneLine = (value: string) => value.replace(CONTROLS, ' ').replace(/\s+/g, ' ').trim();

/** Longest title made from a text's start (a conversation's first question, a pasted document's first line). */
export const TITLE_FROM_TEXT_MAX = 80;

/**
 * A title from a text's start: one line, whole when it fits, else cut at the last word that fits
 * and ended with "…" ("… How long do they have to file a…", never "… do they ha").
 */
export function titleFrom(text: string, max = TITLE_FROM_TEXT_MAX): string {
  const line = asOneLine(text);
  if ([...line].length <= max) return line;
  const head = [...line].slice(0, max).join('');
  const cut = head.lastIndexOf(' ');
  return `${(cut > max / 2 ? head.slice(0, cut) : head.slice(0, max - 1)).replace(/[\s,;:.–—-]+$/, '')}…`;
}

/** Line breaks, as any reader of the text may break a line: LF, CR, NEL (U+0085), U+2028, U+2029. */
const LINE_BREAK = /[\n\r\u0085\u2028\u2029]/;
const CONTROL = new RegExp(CONTROLS.source);
/**
 * Characters that change how the text around them reads without being seen (the "Trojan Source"
 * set): bidirectional embeddings, overrides and isolates, zero-width spaces and joiners, the word
 * joiner and the byte-order mark.
 */
const HIDDEN_FORMATTING = /[\u202A-\u202E\u2066-\u2069\u200B-\u200D\u2060\uFEFF]/;

/**
 * Why `value` is not one line of printable characters (the rule of issue 22), or null. For text
 * that goes verbatim into a document someone signs (a city's settings: its council's name, its
 * enacting clause), where quietly changing what the admin typed is as wrong as storing it.
 */
export function oneLineProblem(value: string): string | null {
  if (LINE_BREAK.test(value)) return 'Must be one line: no line breaks';
  if (CONTROL.test(value)) return 'Must not contain control characters (such as ESC, tab or U+0085)';
  if (HIDDEN_FORMATTING.test(value)) return 'Must not contain invisible formatting characters (text-direction overrides or zero-width characters)';
  return null;
}

/**
 * A one-line text refused, not cleaned, when it breaks the rule (`oneLineProblem`); then trimmed and
 * its length checked, each limit named in its message.
 */
export const printableLine = (min: number, max: number) =>
  z
    .string()
    .superRefine((value, ctx) => {
      const problem = oneLineProblem(value);
      if (problem) ctx.addIssue({ code: 'custom', message: problem, abort: true });
    })
    .transform((value) => value.trim())
    .pipe(
      z
        .string()
        .min(min, min <= 1 ? 'Must not be empty' : `Use at least ${min} characters`)
        .max(max, `Use at most ${max} characters`),
    );

/** A name or title field: one line (asOneLine), then its length checked. */
export const oneLine = (min: number, max: number, messages: { empty?: string; long?: string } = {}) =>
  z
    .string()
    .transform(asOneLine)
    .pipe(z.string().min(min, messages.empty).max(max, messages.long));
