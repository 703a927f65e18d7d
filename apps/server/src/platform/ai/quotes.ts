import { normaliseForQuote } from './text';

/** Shortest text accepted as a quote: a few words, not a stray token that matches anywhere. */
export const MIN_QUOTE_LENGTH = 12;

/** True when `quote` appears in `source` word for word (only whitespace, quote marks and dashes may differ). */
export function containsQuote(source: string, quote: string): boolean {
  const q = normaliseForQuote(quote).replace(/^["'\s]+|["'\s]+$/g, '').replace(/\s*\.\.\.\s*$/, '');
  if (q.length < MIN_QUOTE_LENGTH) return false;
  return normaliseForQuote(source).includes(q);
}
