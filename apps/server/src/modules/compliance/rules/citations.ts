import { sectionNumberKey } from '../../../platform/retrieval';

/**
 * Code citations in a document: "§ 2-532", "§§ 2-531 and 2-534", "D.C. Official Code § 2-532(c)",
 * "section 1-101", "Sec. 42-3505.01". A bill's own section headings ("Sec. 2.") and federal
 * citations ("42 U.S.C. § 405") are not citations of the location's code.
 */
export interface CodeCitation {
  /** "2-532": the key code sections are looked up by. */
  key: string;
  /** The span of "§ 2-532(c)" in the document. */
  start: number;
  end: number;
}

// Title (at most two digits: the District's run to 51), an optional article ("28:2A-101"), the section.
const NUMBER = String.raw`\d{1,2}[A-Za-z]?(?::\d+[A-Za-z]?)?-\d+[0-9A-Za-z]*(?:\.[0-9A-Za-z]+)*`;
const SUBSECTIONS = String.raw`(?:\([0-9A-Za-z]{1,5}(?:-[0-9A-Za-z]{1,3})?\))*`;
const CITATION = new RegExp(String.raw`(?:§§?\s*|\b[Ss]ections?\s+|\bSec(?:s)?\.\s+)(${NUMBER})${SUBSECTIONS}`, 'g');
/** A further number of a list: "§§ 2-531, 2-532 and 2-534", "sections 2-531 through 2-539". */
const LIST_MORE = new RegExp(String.raw`^\s*(?:,\s*(?:and\s+|or\s+)?|\s+(?:and|or|through|to)\s+|\s*[–—]\s*)(${NUMBER})${SUBSECTIONS}`);
const FOREIGN = /(?:U\.\s?S\.\s?C\.?|C\.\s?F\.\s?R\.?|Stat\.|Md\.|Va\.|Code of Virginia|Maryland)\s*$/;

export function codeCitationsIn(text: string): CodeCitation[] {
  const out: CodeCitation[] = [];
  for (const m of text.matchAll(CITATION)) {
    if (FOREIGN.test(text.slice(Math.max(0, m.index - 24), m.index))) continue;
    // A number ending in a dot is a sentence end ("§ 2-532."): the dot is not part of it.
    // "§ 28-3901et seq." (a missing space): "et" is not part of the number.
    const glued = /et$/.test(m[1]) && /^\s*seq/.test(text.slice(m.index + m[0].length));
    const number = (glued ? m[1].slice(0, -2) : m[1]).replace(/\.+$/, '');
    const end = m.index + m[0].replace(/\.+$/, '').length - (glued ? 2 : 0);
    out.push({ key: sectionNumberKey(number), start: m.index, end });
    // In "§ 28:2-401, 2-505", the later numbers are of the same title and article.
    const prefix = /^\d+[A-Za-z]?:/.exec(number)?.[0] ?? '';
    let cursor = end;
    for (;;) {
      const more = LIST_MORE.exec(text.slice(cursor, cursor + 80));
      if (!more) break;
      const n = more[1].replace(/\.+$/, '');
      const at = cursor + more[0].indexOf(more[1]);
      out.push({ key: sectionNumberKey(prefix && !n.includes(':') ? `${prefix}${n}` : n), start: at, end: at + n.length });
      cursor = at + n.length;
    }
  }
  return out;
}
