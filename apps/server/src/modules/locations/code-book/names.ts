/** Names of a code book and its divisions: the book's own name, short keys, casing. */

import type { SourceLine } from './markup';
import { parseDivisionHeading, parseSectionHeading } from './numbering';

/**
 * The code a file holds, from its front matter: the last "... CODE" / "... Charter" / "Code of ..."
 * line among its first short lines ("MUNICIPAL CODE" then "PARK CODE" gives "PARK CODE"; "Health
 * Code" / "of" / "Baltimore City" gives "Health Code of Baltimore City"). Null when the file opens
 * with a division ("Article 2") or a section instead.
 */
export function detectBookName(lines: SourceLine[]): string | null {
  let found: string | null = null;
  let seen = 0;
  for (let k = 0; k < lines.length && seen < 8; k++) {
    const t = lines[k].text.trim();
    if (!t) continue;
    if (t.length > 100) break;
    if (parseDivisionHeading(t) || parseSectionHeading(t, { allowBare: false, markupHeading: false })) break;
    seen++;
    if (/\b(?:codes?|charter)$/i.test(t) || /^code of\b/i.test(t) || /\bcode of ordinances$/i.test(t)) {
      found = t;
      const next = nextText(lines, k);
      if (next && /^of$/i.test(next.text)) {
        const after = nextText(lines, next.at);
        if (after) found = `${t} of ${after.text}`;
      } else if (/\bof$/i.test(t) && next) found = `${t} ${next.text}`;
    }
  }
  return found ? titleCase(found.replace(/\s+/g, ' ')) : null;
}

function nextText(lines: SourceLine[], k: number): { text: string; at: number } | null {
  for (let j = k + 1; j < lines.length && j < k + 4; j++) {
    const t = lines[j].text.trim();
    if (t) return t.length <= 100 ? { text: t, at: j } : null;
  }
  return null;
}

/** "Park Code" -> "Park"; "2013 Fire Code" -> "Fire"; "Health Code of Baltimore City" -> "Health"; at most 20 characters. */
export function bookKey(name: string): string {
  let key = name.replace(/^\d{4}\s+/, '');
  key = key.replace(/^(.*\S)\s+of\s+[A-Z][^]*$/, (whole, head: string) => (/^code$/i.test(head) ? whole : head));
  key = key.replace(/^code\s+of\s+/i, '').replace(/\s+codes?$/i, '').trim();
  if (key.length > 20) key = key.split(/\s+/)[0].replace(/[^\p{L}\p{N}]+$/u, '');
  return key.slice(0, 20) || 'Code';
}

const ABBREVIATION: Record<string, string> = {
  Article: 'Art.', Chapter: 'Ch.', Subchapter: 'Subch.', Title: '', Subtitle: 'Subt.', Part: 'Pt.', Division: 'Div.', Appendix: 'App.',
};

/** The short key of a division used as a title: "Art. 2", "1" (for Title 1), "Ch. 5". */
export function divisionKey(kind: string, num: string): string {
  const abbreviation = ABBREVIATION[kind] ?? kind;
  return (abbreviation ? `${abbreviation} ${num}` : num).slice(0, 20);
}

/** Lower-case letters and digits for an id: "Art. 2" -> "art2", "Police" -> "police". */
export function slug(s: string): string {
  return s.toLowerCase().replace(/[^a-z0-9]+/g, '');
}

/** A section number for an id: "37.9A" -> "37.9a", "8-3 to 8-5" -> "8-3-to-8-5". */
export function numberSlug(num: string): string {
  return num.toLowerCase().replace(/[^a-z0-9.]+/g, '-').replace(/^-+|-+$/g, '');
}

const SMALL = new Set(['a', 'an', 'and', 'as', 'at', 'but', 'by', 'for', 'from', 'in', 'into', 'nor', 'of', 'on', 'or', 'per', 'the', 'to', 'upon', 'via', 'vs', 'with']);
const ROMAN = /^x{0,3}(?:ix|iv|v?i{0,3})$/;

/**
 * Headings set in capitals ("RULES OF PARK COMMISSION TO BE OBEYED") in title case; a heading
 * that already has lower-case letters is left as the city wrote it.
 */
export function titleCase(s: string): string {
  if (/\p{Ll}/u.test(s) || !/\p{Lu}.*\p{Lu}/u.test(s)) return s;
  let first = true;
  return s.toLowerCase().replace(/[\p{L}\p{N}'’]+/gu, (word, at: number) => {
    const before = s[at - 1];
    const lead = first || before === '"' || before === '“' || before === '(' || before === '[';
    first = false;
    if (word.length > 1 && ROMAN.test(word)) return word.toUpperCase();
    if (!lead && SMALL.has(word)) return word;
    return word[0].toUpperCase() + word.slice(1);
  });
}

/** Letters and digits only, upper case: for telling that a capitals heading and a TOC title are the same words. */
export function sameWords(a: string, b: string): boolean {
  const key = (s: string) => s.toUpperCase().replace(/[^\p{L}\p{N}]+/gu, '');
  return key(a) === key(b);
}
