/**
 * Recognisers for one line of an agenda: the number that may open an item, a sub-paragraph's
 * letter, a section heading, a note, a separator. Whether a number really opens an item is
 * numbering.ts's call (the sequence), not this file's.
 */

/** "12." dot, "12)" close, "(12)" paren, "Item 12" item, "A." letter, "5-A" composite, "IV." roman. */
export type MarkerStyle = 'dot' | 'close' | 'paren' | 'item' | 'letter' | 'composite' | 'roman';

export interface Marker {
  style: MarkerStyle;
  /** The number, or the letter's place in the alphabet (A = 1); for a composite, its letter's. */
  value: number;
  /** A composite's number ("5" of "5-A"). */
  base: number | null;
  /** The number as published, without closing punctuation: "12", "A", "5-A". */
  label: string;
  /** The text after the number (may be empty: the title is on the next line). */
  rest: string;
}

const ITEM = /^(?:agenda\s+)?item\s+(?:no\.?\s*|number\s+|#\s*)?(\d{1,3})(?![\d,])\s*[.:)–—-]?(?:\s+(.*))?$/i;
// "5-A", "5.A", "5A." (no space inside: "6. A resolution" is item 6, not 6-A).
const COMPOSITE = /^(\d{1,3})([-.]?)([A-Z])[.):]?(?:\s+(.*))?$|^(\d{1,3})([-.]?)([a-z])[.)](?:\s+(.*))?$/;
// "5.17 of the Home Rule Charter" wraps onto a line of its own: a digit after the dot is no marker.
const DOT = /^(\d{1,3})\.(?![\d,])\s*(.*)$/;
const CLOSE = /^(\d{1,3})\)\s+(\S.*)$/;
const PAREN = /^\((\d{1,3})\)\s+(\S.*)$/;
const LETTER = /^([A-Z])[.)]\s+(\S.*)$/;
const ROMAN = /^((?:X{0,3})(?:IX|IV|VI{0,3}|I{2,3})|X{1,3})[.)]\s+(\S.*)$/;

export function readMarker(text: string): Marker | null {
  let m = ITEM.exec(text);
  if (m) return { style: 'item', value: Number(m[1]), base: null, label: m[1], rest: m[2] ?? '' };
  m = COMPOSITE.exec(text);
  if (m) {
    const [base, joint, letter, rest] = m[1] ? [m[1], m[2], m[3], m[4]] : [m[5], m[6], m[7], m[8]];
    return { style: 'composite', value: letterValue(letter), base: Number(base), label: `${base}${joint}${letter}`, rest: rest ?? '' };
  }
  m = ROMAN.exec(text);
  if (m) return { style: 'roman', value: 0, base: null, label: m[1], rest: m[2] };
  for (const [style, re] of [['dot', DOT], ['close', CLOSE], ['paren', PAREN]] as const) {
    m = re.exec(text);
    if (m) return { style, value: Number(m[1]), base: null, label: m[1], rest: m[2] ?? '' };
  }
  m = LETTER.exec(text);
  if (m) return { style: 'letter', value: letterValue(m[1]), base: null, label: m[1], rest: m[2] };
  return null;
}

export const letterValue = (letter: string) => letter.toUpperCase().charCodeAt(0) - 64;

/**
 * "(a)   Planning Board and Planning Department recommend approval of": a lettered paragraph of
 * an item (Omaha's Planning Board attachments). Only when a capital follows: "(a) an Agreement
 * between" is the item's own sentence wrapped after "to approve".
 */
export function isSubParagraph(text: string): boolean {
  return /^(?:\((?:[a-z]|[ivx]{1,4})\)|[a-z][.)])\s+["“(]?[A-Z]/.test(text);
}

/** "* * * * *", "-----": the clerk's rule between parts of the agenda. */
export const isSeparator = (text: string) => /^(?:\*\s*){3,}$|^[-_=~]{5,}$/.test(text);

/**
 * A note set apart in parentheses: "(The public hearings on Agenda Item Nos. 16 through 17 were
 * held on October 2, 2012.)", "( (MOTION NEEDED THAT THE ORDINANCES ... BE PASSED))". A directive
 * written "((PUBLIC HEARING TODAY))" right after an item is the item's own, so "((" is not a note.
 */
export const isNote = (text: string) => /^\(\s+\(/.test(text) || /^\((?!\()\s*[A-Z][a-z]/.test(text);

/** "“PURSUANT TO CITY COUNCIL RULE VII E" ... "TWO WEEKS”": a quoted notice, over one or more lines. */
export const opensQuote = (text: string) => /^["“]/.test(text);
export const closesQuote = (text: string) => /["”]/.test(text);

const DATE_OR_TIME = /\b\d{1,2}:\d{2}\b|\b\d{1,2}\s*[ap]\.?\s*m\b\.?|\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\s+\d{1,2},?\s+\d{4}\b|\b\d{1,2}\/\d{1,2}\/\d{2,4}\b/i;

/**
 * A section heading set in capitals: "CONSENT AGENDA – RESOLUTIONS", "ZONING ORDINANCES ON FINAL
 * READING and Planning Board Attachments" (capitals lead, in at least half its words). Not a sentence (no closing period,
 * at most 90 characters), not the masthead's date or time line.
 */
export function capsHeading(text: string): string | null {
  const t = text.replace(/:$/, '').trim();
  if (t.length > 90 || /[.,;]$/.test(t) || /^["“(]/.test(t) || DATE_OR_TIME.test(t)) return null;
  const words = t.split(' ').filter((w) => /\p{L}/u.test(w));
  const lead = /^(?:[\p{Lu}\d][\p{Lu}\d'’&/.]*(?:[\s,–—:-]+|$))+/u.exec(t)?.[0] ?? '';
  const leadWords = lead.split(/[\s,–—:-]+/).filter((w) => /\p{L}/u.test(w)).length;
  const leadLetters = lead.replace(/[^\p{L}]/gu, '').length;
  return leadLetters >= 3 && leadWords >= words.length / 2 ? t : null;
}

/** "Consent Agenda", "Public Hearings": a short title-case line; a heading only where it stands alone. */
export function titleHeading(text: string): string | null {
  const t = text.replace(/:$/, '').trim();
  if (t.length > 60 || t.split(' ').length > 8 || /[.,;]$/.test(t) || !/^\p{Lu}/u.test(t) || DATE_OR_TIME.test(t)) return null;
  return t;
}

/**
 * The line before ends mid-phrase, so a number at the start of this line continues it: "...
 * Agenda Item Nos." / "16. through 17", "in conformity with Section" / "5. That ...".
 */
export function endsMidPhrase(text: string): boolean {
  return (
    /\b(?:sec|secs|no|nos|art|ch|ord|res)\.$/i.test(text) ||
    /(?:\b(?:sections?|numbers?|items?|chapters?|articles?|titles?|ordinances?|resolutions?|pages?|phase|part|parts|and|or|of|to|through|thru|the|at|in|on|by|from|with|district|ward|route|highway)|[#$§,–—-])$/i.test(text)
  );
}
