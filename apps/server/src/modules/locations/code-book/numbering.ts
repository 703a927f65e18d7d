/**
 * Recognisers for one line of a code book: section headings in the numbering styles cities use,
 * division headings (Article, Chapter, Title, ...), history notes and "not in force" headings.
 * Every pattern is anchored and scans forward once, so a 100 KB line costs one pass.
 */

const isDigit = (c: number) => c >= 48 && c <= 57;
const isUpper = (c: number) => c >= 65 && c <= 90;
const isLower = (c: number) => c >= 97 && c <= 122;

/**
 * End of a section number starting at `start` ("2.01", "37.9A", "10-14A", "12A01", "A8.400",
 * "8(a)"), or -1. Letters count as a suffix only when a word does not go on ("1Definitions" is
 * number 1 run together with its heading), so a run-together table of contents splits cleanly.
 */
export function scanNumber(s: string, start: number): number {
  let i = start;
  if (isUpper(s.charCodeAt(i)) && isDigit(s.charCodeAt(i + 1))) i++;
  if (!isDigit(s.charCodeAt(i))) return -1;
  while (isDigit(s.charCodeAt(i))) i++;
  for (;;) {
    const c = s.charCodeAt(i);
    if (isUpper(c)) {
      let j = i;
      while (j < i + 2 && isUpper(s.charCodeAt(j))) j++;
      const next = s.charCodeAt(j);
      if (isUpper(next) || isLower(next)) break;
      i = j;
      while (isDigit(s.charCodeAt(i))) i++;
      continue;
    }
    if (c === 45 && isUpper(s.charCodeAt(i + 1)) && !isUpper(s.charCodeAt(i + 2)) && !isLower(s.charCodeAt(i + 2))) {
      i += 2; // "905-A"
      continue;
    }
    if (c === 46 && isLower(s.charCodeAt(i + 1)) && !isLower(s.charCodeAt(i + 2)) && !isUpper(s.charCodeAt(i + 2))) {
      i += 2; // "507.a"
      continue;
    }
    if ((c === 46 || c === 45) && isDigit(s.charCodeAt(i + 1))) {
      i++;
      while (isDigit(s.charCodeAt(i))) i++;
      continue;
    }
    if (c === 40) {
      const m = /^\((?:[a-z]{1,2}|\d{1,2})\)/.exec(s.slice(i, i + 6));
      if (m) {
        i += m[0].length;
        continue;
      }
    }
    return i;
  }
  return i;
}

export interface SectionHeading {
  /** "Sec.", "Section", "§", "§§", "Secs." or "" for a bare number. */
  prefix: string;
  /** The number as written, a range for "§§ 8-3 to 8-5". */
  num: string;
  title: string;
  /** Where the heading text starts in the line (after the number). */
  titleStart: number;
  /** Body text written on the heading's own line ("101A.1  Title. These regulations ..."). */
  inlineBody: string | null;
  /** A table-of-contents line: run-together entries or a page number / dotted leader. */
  toc: boolean;
  bare: boolean;
}

const KEYWORD = /^(§§|§|SECS\.|Secs\.|SEC\.|Sec\.|SECTIONS|Sections|SECTION|Section)/;
const PREFIX: Record<string, string> = {
  '§§': '§§', '§': '§', 'SECS.': 'Secs.', 'Secs.': 'Secs.', 'SEC.': 'Sec.', 'Sec.': 'Sec.',
  SECTIONS: 'Sections', Sections: 'Sections', SECTION: 'Section', Section: 'Section',
};
const PLURAL = new Set(['§§', 'Secs.', 'Sections']);
const RANGE_JOIN = /^\.?\s*(?:to|through|thru|and|[-–—])\s*(?:§\s*)?/;
const BARE_TITLE_START = /^[A-Z"“'‘[{]/;

/** A section heading at the start of `text`, or null. Indented lines are never headings. */
export function parseSectionHeading(text: string, opts: { allowBare: boolean; markupHeading: boolean }): SectionHeading | null {
  const first = text.charCodeAt(0);
  if (first === 32 || first === 9) return null;
  const kw = KEYWORD.exec(text);
  if (kw) return keywordHeading(text, kw[1]);
  if (opts.allowBare || opts.markupHeading) return bareHeading(text, opts.markupHeading);
  return null;
}

function keywordHeading(text: string, keyword: string): SectionHeading | null {
  const prefix = PREFIX[keyword];
  let i = keyword.length;
  const gap = i;
  while (text[i] === ' ' || text[i] === '\t' || text[i] === '\u00a0') i++;
  if (prefix.startsWith('Section') && i === gap) return null;
  const start = i;
  // Baltimore's Charter, Article II: "§ (1)  Buildings."
  const paren = prefix === '§' ? /^\(\d{1,3}[A-Za-z]?(?:[.-]\d+)?\)/.exec(text.slice(start, start + 12)) : null;
  let end = paren ? start + paren[0].length : scanNumber(text, start);
  if (end < 0) return null;
  if (PLURAL.has(prefix)) {
    const join = RANGE_JOIN.exec(text.slice(end, end + 20));
    if (join) {
      const end2 = scanNumber(text, end + join[0].length);
      if (end2 > 0) end = end2;
    }
  }
  const num = text.slice(start, end);
  let j = end;
  if (text[j] === '.') j++;
  while (text[j] === '*') j++;
  if (j < text.length && !/[\s\-–—:]/.test(text[j])) {
    // "Sec. 1.01.Title.Sec. 1.05.Sutro Dunes." runs entries together; "Sections 1, 2, and 3 of" is prose.
    if (!/[\p{L}"“'‘[{(]/u.test(text[j])) return null;
    return { prefix, num, title: text.slice(j).trim(), titleStart: j, inlineBody: null, toc: true, bare: false };
  }
  const rest = text.slice(j);
  // "§ 1-2-": a TOC entry whose page number ("-2-") ran into the section number.
  if (/^-\s*$/.test(rest)) return { prefix, num, title: '', titleStart: j, inlineBody: null, toc: true, bare: false };
  const lead = /^\s*(?:[-–—:]+\s*)?/.exec(rest)![0].length;
  let title = rest.slice(lead).trimEnd();
  if (title && !/^[\p{Lu}\d"“'‘([{§]/u.test(title)) return null;
  const tail = pageTail(title);
  const toc = tail >= 0;
  if (toc) title = title.slice(0, tail).trim();
  let inlineBody: string | null = null;
  if (title.length > 250) {
    const cut = sentenceEnd(title, 250);
    if (cut > 0) {
      inlineBody = title.slice(cut).trim();
      title = title.slice(0, cut).trim();
    }
  }
  return { prefix, num, title, titleStart: j + lead, inlineBody, toc, bare: false };
}

/** "10.04.010  Title." / "12-3-4 Heading" / "101A.1  Title. These regulations ...". */
function bareHeading(text: string, markupHeading: boolean): SectionHeading | null {
  const end = scanNumber(text, 0);
  if (end < 0) return null;
  const num = text.slice(0, end);
  if (!/[.-]/.test(num) && !markupHeading) return null;
  let j = end;
  if (text[j] === '.') j++;
  if (j < text.length && text[j] !== ' ' && text[j] !== '\t') return null;
  const rest = text.slice(j).trim();
  if (!rest) return markupHeading ? { prefix: '', num, title: '', titleStart: j, inlineBody: null, toc: false, bare: true } : null;
  if (!BARE_TITLE_START.test(rest)) return null;
  const cut = sentenceEnd(rest, 200);
  const title = (cut > 0 ? rest.slice(0, cut) : rest).trim();
  // A numbered sentence ("3.0. Any fire escape shall lead to ...") is a list item, not a heading.
  const capitals = !/\p{Ll}/u.test(title);
  if (title.length > (capitals ? 250 : 120) || /\b(?:shall|must|may|is|are)\b/.test(title)) return null;
  const inlineBody = cut > 0 ? rest.slice(cut).trim() || null : null;
  const titleStart = j + (text.slice(j).length - text.slice(j).trimStart().length);
  return { prefix: '', num, title: stripEndPeriod(title), titleStart, inlineBody, toc: pageTail(rest) >= 0, bare: true };
}

/** Index just after the first sentence end (". " before a capital) within `limit`, or -1. */
function sentenceEnd(s: string, limit: number): number {
  const m = /\.\s+(?=[A-Z"“(])/.exec(s.slice(0, limit + 2));
  return m ? m.index + 1 : -1;
}

export function stripEndPeriod(title: string): string {
  let end = title.trimEnd().length;
  while (end > 0 && title[end - 1] === '*') end--;
  const t = title.slice(0, end).trimEnd();
  return (t.endsWith('.') ? t.slice(0, -1) : t).trim();
}

const isSpace = (c: string) => c === ' ' || c === '\t' || c === '\u00a0';

/**
 * Where a page number at the end of a TOC line starts ("Definitions ........ 12",
 * "Definitions\t12", "In general.-2-"), or -1. A scan from the end: no regex, no backtracking.
 */
export function pageTail(title: string): number {
  let end = title.length;
  while (end > 0 && /\s/.test(title[end - 1])) end--;
  const dashed = title[end - 1] === '-';
  let digits = dashed ? end - 1 : end;
  const lastDigit = digits;
  while (digits > 0 && isDigit(title.charCodeAt(digits - 1))) digits--;
  if (digits === lastDigit) return -1;
  if (dashed) return title[digits - 1] === '-' ? digits - 1 : -1;
  let gap = digits;
  while (gap > 0 && isSpace(title[gap - 1])) gap--;
  if (title.slice(gap, digits).includes('\t') || digits - gap >= 2) return gap;
  let dots = gap;
  while (dots > 0 && (title[dots - 1] === '.' || title[dots - 1] === '…')) dots--;
  return gap - dots >= 3 || title.slice(dots, gap).includes('…') ? dots : -1;
}

/** The entries of a table-of-contents line such as `Sec. 1.01.Title.Sec. 1.05.Sutro Dunes.`. */
export function tocEntries(text: string): Array<{ num: string; title: string }> {
  const starts: number[] = [];
  const re = /(?:SEC\.|Sec\.|§)\s?(?=[A-Z]?\d)/g;
  for (let m = re.exec(text); m; m = re.exec(text)) starts.push(m.index);
  const out: Array<{ num: string; title: string }> = [];
  starts.forEach((at, k) => {
    const piece = text.slice(at, k + 1 < starts.length ? starts[k + 1] : text.length);
    const kw = /^(?:SEC\.|Sec\.|§)\s?/.exec(piece)!;
    const end = scanNumber(piece, kw[0].length);
    if (end < 0) return;
    let title = piece.slice(end).replace(/^\.?\s*/, '');
    const tail = pageTail(title);
    if (tail >= 0) title = title.slice(0, tail);
    out.push({ num: piece.slice(kw[0].length, end), title: stripEndPeriod(title.trim()) });
  });
  return out;
}

export interface DivisionHeading { kind: string; num: string; name: string }

const DIVISION = /^(ARTICLE|Article|CHAPTER|Chapter|SUBCHAPTER|Subchapter|SUBTITLE|Subtitle|TITLE|Title|PART|Part|DIVISION|Division|APPENDIX|Appendix)\.?[ \t]+/;
const ROMAN = /^[IVXLCDM]+(?:-?[A-Z])?(?![A-Za-z])/;
const LETTER = /^[A-Z](?![A-Za-z0-9])/;

/** "ARTICLE 1:", "Article 2. Consumer Protection", "CHAPTER 5", "Title 10", "Subtitle 3", "PART I – GENERAL". */
export function parseDivisionHeading(text: string): DivisionHeading | null {
  if (text.length > 200) return null;
  const m = DIVISION.exec(text);
  if (!m) return null;
  const at = m[0].length;
  const roman = ROMAN.exec(text.slice(at)) ?? LETTER.exec(text.slice(at));
  const end = roman ? at + roman[0].length : scanNumber(text, at);
  if (end < 0) return null;
  const num = text.slice(at, end);
  const rest = text.slice(end);
  let name: string;
  const sep = /^\s*[:.\-–—]\s*/.exec(rest);
  if (sep) name = rest.slice(sep[0].length);
  else if (!rest.trim()) name = '';
  else if (/^\s+[A-Z"“{[(]/.test(rest)) name = rest.trim();
  else return null;
  const kind = m[1][0] + m[1].slice(1).toLowerCase();
  return { kind, num, name: name.trim() };
}

const HISTORY_START =
  /^(?:Added|Amended|Adopted|Approved|Enacted|Repealed|Renumbered|Redesignated|Formerly|Former|Derivation|Derived|Ord\.|Ords\.|Ordinance|Res\.|Resolution|Chs?\.|City Code|P\.\s?L\.\s?L\.|SFMTA Bd\.|Prop\.|Proposition|History|Source)(?![A-Za-z])/;

/**
 * A history note: a line made only of parenthesised groups, the first naming an ordinance or an
 * amendment ("(Added by Ord. 603-81, App. 12/18/81)", "(City Code, 1976/83, art. 2, §2.) (Ord. 77-494.)").
 */
export function isHistoryLine(text: string): boolean {
  let t = text.trim();
  // A note whose opening parenthesis the publisher dropped: "Added by Ord. 170-89, ...; repealed by ...)".
  if (/^(?:Added|Amended|Repealed|Renumbered) by\b[^()]*\)\.?$/.test(t)) t = `(${t}`;
  if (t[0] !== '(' || !/\)\.?$/.test(t)) return false;
  let depth = 0;
  let groupStart = -1;
  let groups = 0;
  for (let i = 0; i < t.length; i++) {
    const c = t[i];
    if (c === '(') {
      if (depth === 0) groupStart = i + 1;
      depth++;
    } else if (c === ')') {
      depth--;
      if (depth < 0) return false;
      if (depth === 0) {
        const inner = t.slice(groupStart, i).trim();
        if (!(HISTORY_START.test(inner) || (groups > 0 && /^\d{4}\b/.test(inner)))) return false;
        groups++;
      }
    } else if (depth === 0 && !/[\s;.,]/.test(c)) return false;
  }
  return depth === 0 && groups > 0;
}

const GONE = '(?:repealed|reserved|expired|deleted|vacant|omitted|not adopted|superseded)';
const GONE_ALONE = new RegExp(`^${GONE}(?:$|[\\s.,;:–—-]+(?:by|per|pursuant|effective|eff\\.|see|ord|ordinance|for future)\\b.*$)`, 'i');
const GONE_BRACKETED = new RegExp(`^[\\[{(]\\s*${GONE}\\b[^\\]})]*[\\]})]\\.?$`, 'i');

/** "Repealed", "[Reserved]", "{Vacant}", "RESERVED.", "Expired", "[DELETED]": not in force. */
export function isNotInForceTitle(title: string): boolean {
  const t = title.trim();
  if (GONE_BRACKETED.test(t)) return true;
  const wrapper = (c: string) => /[\s[\]{}().*]/.test(c);
  let from = 0;
  let to = t.length;
  while (from < to && wrapper(t[from])) from++;
  while (to > from && wrapper(t[to - 1])) to--;
  const bare = t.slice(from, to);
  return GONE_ALONE.test(bare);
}

/** Publisher's matter (ordinance tables, a blank page, a table of contents): nothing after it belongs to the last section. */
export function isBackMatter(text: string): boolean {
  return (
    /^(?:Ordinances Affecting the |New Ordinances\s*$|Comprehensive Ordinance List\s*$|Ordinance Disposition Table|Disposition List\s*$|Code Comparative Table)/.test(text) ||
    /^\s*[[{(]?Page Intentionally Left Blank[\]})]?\s*$/i.test(text) ||
    /^Table of (?:Contents|Sections|Subtitles|Titles|Articles|Parts|Chapters)\b/i.test(text) ||
    // A chapter's list of related laws after its table of contents (Ohio's codified ordinances), in capitals on a line of its own.
    /^\s*CROSS[- ]REFERENCES?\s*$/.test(text)
  );
}
