import { normaliseForQuote } from './text';

/** Shortest text accepted as a quote: a few words, not a stray token that matches anywhere. */
export const MIN_QUOTE_LENGTH = 12;

/** True when `quote` appears in `source` word for word (only whitespace, quote marks and dashes may differ). */
export function containsQuote(source: string, quote: string): boolean {
  const q = normaliseForQuote(quote).replace(/^["'\s]+|["'\s]+$/g, '').replace(/\s*\.\.\.\s*$/, '');
  if (q.length < MIN_QUOTE_LENGTH) return false;
  return normaliseForQuote(source).includes(q);
}

/**
 * Where `quote` stands in `source`, as offsets into `source` itself (only whitespace, quote marks and
 * dashes may differ, as for containsQuote), or null: a span a reader can be shown.
 */
export function locateQuote(source: string, quote: string): { start: number; end: number } | null {
  const q = quote.trim().replace(/^["'“”‘’]+|["'“”‘’]+$/g, '').replace(/\s*\.\.\.\s*$/, '').trim();
  if (q.length < MIN_QUOTE_LENGTH || q.length > 4_000) return null;
  const exact = source.indexOf(q);
  if (exact >= 0) return { start: exact, end: exact + q.length };
  const pattern = [...q]
    .map((c) => (/\s/.test(c) ? '\\s+' : /['‘’‛]/.test(c) ? "['‘’‛]" : /["“”‟]/.test(c) ? '["“”‟]' : /[-–—]/.test(c) ? '[-–—]' : c.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('')
    .replace(/(?:\\s\+)+/g, '\\s+');
  const m = new RegExp(pattern).exec(source);
  return m ? { start: m.index, end: m.index + m[0].length } : null;
}
