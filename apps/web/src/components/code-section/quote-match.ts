/** A stretch of a section's text, marked when it is the quoted passage. */
export interface TextSegment {
  text: string;
  marked: boolean;
}

const EQUIVALENT_CHARACTERS: Record<string, string> = {
  "'": "['\u2018\u2019\u201B]",
  '\u2018': "['\u2018\u2019\u201B]",
  '\u2019': "['\u2018\u2019\u201B]",
  '"': '["\u201C\u201D\u201F]',
  '\u201C': '["\u201C\u201D\u201F]',
  '\u201D': '["\u201C\u201D\u201F]',
  '-': '[-\u2013\u2014]',
  '\u2013': '[-\u2013\u2014]',
  '\u2014': '[-\u2013\u2014]',
};

function patternOf(quote: string): RegExp | null {
  // The server accepts a quote when it matches word for word, up to whitespace, quote marks and
  // dashes, and without its surrounding quote marks or a trailing ellipsis: find it the same way.
  const core = quote
    .trim()
    .replace(/^["'\u2018\u2019\u201C\u201D\s]+|["'\u2018\u2019\u201C\u201D\s]+$/g, '')
    .replace(/\s*(\.\.\.|\u2026)\s*$/, '');
  if (!core) return null;
  let source = '';
  for (const char of core) {
    if (/\s/.test(char)) {
      if (!source.endsWith('\\s+')) source += '\\s+';
    } else if (EQUIVALENT_CHARACTERS[char]) source += EQUIVALENT_CHARACTERS[char];
    else source += char.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  }
  return new RegExp(source);
}

/** Where the quote sits in the text, or null when it cannot be found there. */
export function findQuote(text: string, quote: string): { start: number; end: number } | null {
  const pattern = patternOf(quote);
  if (!pattern) return null;
  const match = pattern.exec(text) ?? new RegExp(pattern.source, 'i').exec(text);
  return match ? { start: match.index, end: match.index + match[0].length } : null;
}

/** The text split around the quoted passage, so it can be highlighted without any HTML. */
export function splitAtQuote(text: string, quote: string | null | undefined): TextSegment[] {
  const found = quote ? findQuote(text, quote) : null;
  if (!found) return text ? [{ text, marked: false }] : [];
  return [
    { text: text.slice(0, found.start), marked: false },
    { text: text.slice(found.start, found.end), marked: true },
    { text: text.slice(found.end), marked: false },
  ].filter((segment) => segment.text.length > 0);
}
