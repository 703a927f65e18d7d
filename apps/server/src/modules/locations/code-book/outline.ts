/**
 * Walks the lines of one file and cuts them into section candidates under their divisions.
 * Whether a candidate is a real section or a table-of-contents entry is decided afterwards
 * (assemble.ts), when its neighbours are known.
 */

import type { SourceLine } from './markup';
import { bookKey, detectBookName, divisionKey, titleCase } from './names';
import {
  isBackMatter,
  isHistoryLine,
  parseDivisionHeading,
  parseSectionHeading,
  stripEndPeriod,
  tocEntries,
  type DivisionHeading,
  type SectionHeading,
} from './numbering';

export type Division = DivisionHeading;
export interface TitleRef { number: string; name: string }

export interface Candidate {
  where: string;
  /** Index of the heading line in the file, for "seen before" questions. */
  order: number;
  title: TitleRef;
  chapter: Division | null;
  subchapter: Division | null;
  prefix: string;
  num: string;
  heading: string;
  /** The heading as written ended in a period: a next line cannot continue it. */
  headingEnded: boolean;
  body: string[];
  anchor: string | null;
}

export interface FileOutline {
  file: string;
  candidates: Candidate[];
  /** Section key (title | chapter | number) -> the first line it was seen on, in a TOC or as a heading. */
  seen: Map<string, number>;
  /** Section key -> the heading as the table of contents writes it (mixed case in San Francisco's). */
  tocTitles: Map<string, string>;
  baseUrl: string | null;
  /** The book's files this page links to (paths as the book names its files). */
  links: string[];
  /** The first division heading of the page ("CHAPTER 618 Animals"): its own place in the code, lent to the pages it lists. */
  place: Division | null;
  /** No heading of the page names its code or a division: its sections sit under the file's own name. */
  placeless: boolean;
  /** The section numbers its table of contents lists (`headingMatchKey`), each with the divisions it is listed under. */
  listed: Map<string, Division[]>;
  /** The divisions it heads ("Chapter 618"), each with the divisions above it on the page. */
  divisions: Map<string, Division[]>;
}

/**
 * Matches a TOC entry to its body heading within one reading ("§§ 111 – 113" = "§§ 111 - 113",
 * "1.01" = "1.01."). Not the stored lookup key: that is platform/retrieval/section-number's sectionNumberKey.
 */
export function headingMatchKey(num: string): string {
  return num.toLowerCase().replace(/[-–—]/g, '-').replace(/\s+/g, '').replace(/\.$/, '');
}

export function sectionKey(title: TitleRef, chapter: Division | null, num: string): string {
  return `${title.number}|${chapter ? `${chapter.kind} ${chapter.num}` : ''}|${headingMatchKey(num)}`;
}

const isIndented = (text: string) => text[0] === ' ' || text[0] === '\t';

function fileStem(file: string): string {
  return file.replace(/^.*[\\/]/, '').replace(/\.[^.]*$/, '').trim() || 'Code';
}

/** A numbered line inside the open section that continues its numbering ("104.1.1" under "SECTION 104"). */
function isSubNumber(num: string, parent: string): boolean {
  const a = num.toLowerCase();
  const b = parent.toLowerCase();
  return a.startsWith(`${b}.`) || a.startsWith(`${b}-`);
}

/** A top division as the code's title: "Article 2 - Consumer Protections", keyed "art-2". */
export function titleOfDivision(top: Division): TitleRef {
  const label = `${top.kind} ${top.num}`;
  return { number: divisionKey(top.kind, top.num), name: top.name ? `${label} - ${top.name}` : label };
}

/** A link of a page as the book names its files: "2ba7/2c2e1fa3.html" from "a/28a2/x.html" is "a/28a2/2ba7/2c2e1fa3.html". */
function resolveLink(file: string, href: string): string {
  const parts = file.replace(/\\/g, '/').split('/').slice(0, -1);
  for (const part of href.split('/')) {
    if (part === '..') parts.pop();
    else if (part && part !== '.') parts.push(part);
  }
  return parts.join('/');
}

export function outlineFile(file: string, lines: SourceLine[], markup: boolean, baseUrl: string | null, links: string[] = []): FileOutline {
  const bookName = detectBookName(lines);
  const book: TitleRef | null = bookName ? { number: bookKey(bookName), name: bookName } : null;
  const stem = fileStem(file);
  const fallback: TitleRef = { number: stem.slice(0, 20), name: stem };
  // A file that names its code ("PARK CODE") makes the code the top level and its Articles
  // chapters; a file that opens with "Article 2" (one Baltimore article a file) makes that the top.
  const firstRank = book ? 1 : 0;
  const ranks = new Map<string, number>();
  const levels: Array<Division | null> = [null, null, null];
  const outline: FileOutline = { file, candidates: [], seen: new Map(), tocTitles: new Map(), baseUrl, links: [...new Set(links.map((href) => resolveLink(file, href)))], place: null, placeless: !book, listed: new Map(), divisions: new Map() };
  let open: Candidate | null = null;
  let skipping = false;

  const titleRef = (): TitleRef => {
    if (book) return book;
    const top = levels[0];
    return top ? titleOfDivision(top) : fallback;
  };
  const close = () => {
    if (open) outline.candidates.push(open);
    open = null;
  };
  const see = (num: string, tocTitle: string | null, order: number) => {
    const key = sectionKey(titleRef(), levels[1], num);
    if (!outline.seen.has(key)) outline.seen.set(key, order);
    if (tocTitle && !outline.tocTitles.has(key)) outline.tocTitles.set(key, tocTitle);
    const listedKey = headingMatchKey(num);
    if (!outline.listed.has(listedKey)) outline.listed.set(listedKey, levels.filter((l): l is Division => l !== null));
  };

  for (let k = 0; k < lines.length; k++) {
    const line = lines[k];
    const text = line.text;
    if (!text.trim()) continue;

    const division = isIndented(text) ? null : parseDivisionHeading(text);
    if (division) {
      close();
      skipping = false;
      let name = division.name;
      if (!name) [name, k] = divisionName(lines, k);
      const rank = division.kind === 'Appendix' ? firstRank : rankOf(ranks, division.kind, firstRank);
      outline.placeless = false;
      if (rank <= 2) {
        levels[rank] = { kind: division.kind, num: division.num, name: titleCase(stripEndPeriod(name.replace(/\s+/g, ' '))) };
        outline.place ??= levels[rank];
        const label = `${division.kind} ${division.num}`;
        if (!outline.divisions.has(label)) outline.divisions.set(label, levels.slice(0, rank).filter((l): l is Division => l !== null));
        for (let r = rank + 1; r < levels.length; r++) levels[r] = null;
      }
      continue;
    }

    // Back matter (ordinance tables) is full of bare numbers: only a keyword heading ends it.
    const heading = parseSectionHeading(text, { allowBare: !skipping, markupHeading: line.heading && !skipping });
    const continuesOpen = heading?.bare && open !== null && isSubNumber(heading.num, (open as Candidate).num);
    if (heading && !continuesOpen) {
      close();
      skipping = false;
      if (heading.toc) {
        const entries = tocEntries(text);
        if (entries.length) for (const entry of entries) see(entry.num, entry.title || null, k);
        else see(heading.num, null, k);
        continue;
      }
      const [title, inline] = splitAtBold(text, heading, line.boldLead);
      see(heading.num, null, k);
      open = {
        where: `line ${line.line}`,
        order: k,
        title: titleRef(),
        chapter: levels[1],
        subchapter: levels[2],
        prefix: heading.prefix,
        num: heading.num,
        heading: title,
        headingEnded: /[.:]\*?\s*$/.test(heading.title) || inline !== null,
        body: inline ? [inline] : [],
        anchor: line.anchor,
      };
      continue;
    }
    if (isBackMatter(text)) {
      close();
      skipping = true;
      continue;
    }
    if (skipping || !open) continue;
    const current: Candidate = open;
    if (current.body.length === 0 && headingGoesOn(current, text, markup)) {
      current.heading = stripEndPeriod(current.heading ? `${current.heading} ${text.trim()}` : text.trim());
      current.headingEnded = /[.:]$/.test(text.trim());
      continue;
    }
    current.body.push(text);
  }
  close();
  return outline;
}

function rankOf(ranks: Map<string, number>, kind: string, firstRank: number): number {
  let rank = ranks.get(kind);
  if (rank === undefined) ranks.set(kind, (rank = ranks.size + firstRank));
  return rank;
}

/** Past this many characters a division's name goes on no further. */
const DIVISION_NAME_MAX = 300;
/** Past this many characters a heading takes no more wrapped lines. */
const HEADING_MAX = 300;

/** "ARTICLE 1:" with its name on the next line(s): "TITLE AND GENERAL PROVISIONS". Returns the name and the last line used. */
function divisionName(lines: SourceLine[], k: number): [string, number] {
  for (let j = k + 1; j < lines.length && j <= k + 3; j++) {
    const t = lines[j].text;
    if (!t.trim()) continue;
    if (!nameLike(t)) break;
    const name = [t.trim()];
    let length = name[0].length;
    let last = j;
    // A division's name is a line or three; a longer run of lines is body text, not more name.
    while (last + 1 < lines.length && length <= DIVISION_NAME_MAX) {
      const next = lines[last + 1].text.trim();
      const goesOn = /[,\-–—]$/.test(name[name.length - 1]) || /^\p{Ll}/u.test(next);
      if (!next || !goesOn || next.length > 100 || !nameLike(next)) break;
      name.push(next);
      length += next.length + 1;
      last++;
    }
    return [name.join(' '), last];
  }
  return ['', k];
}

function nameLike(text: string): boolean {
  return (
    !isIndented(text) &&
    text.length <= 150 &&
    !parseDivisionHeading(text) &&
    !parseSectionHeading(text, { allowBare: true, markupHeading: false }) &&
    !isHistoryLine(text) &&
    !isBackMatter(text)
  );
}

/**
 * The heading's words when the line holds more: a bold run that ends inside the line marks the
 * end of an HTML heading ("<b>Sec. 2-45. Definitions.</b> The following ..."); a bold run that
 * holds only the number leaves the heading to the first sentence.
 */
function splitAtBold(text: string, heading: SectionHeading, boldLead: number): [string, string | null] {
  const title = stripEndPeriod(heading.title.replace(/\s+/g, ' '));
  if (!boldLead || heading.inlineBody) return [title, heading.inlineBody];
  if (boldLead > heading.titleStart) {
    return [stripEndPeriod(text.slice(heading.titleStart, boldLead).trim()), text.slice(boldLead).trim() || null];
  }
  const end = /\.\s+(?=[A-Z"“(])/.exec(heading.title);
  if (!end) return [title, null];
  return [stripEndPeriod(heading.title.slice(0, end.index)), heading.title.slice(end.index + 1).trim() || null];
}

/**
 * The line right after a heading that still belongs to it: the name under a number-only heading
 * in markup (<num>§ 2-1.</num><heading>Definitions</heading>), or a heading wrapped onto a
 * second line ("... for Class A and Class B" / "members to obtain credit.").
 */
function headingGoesOn(open: Candidate, text: string, markup: boolean): boolean {
  const t = text.trim();
  if (!open.heading) return markup && !isIndented(text) && t.length <= 150 && !isHistoryLine(t) && /^[\p{Lu}"“[{(]/u.test(t);
  return !open.headingEnded && !isIndented(text) && /^\p{Ll}/u.test(t) && t.length < 100 && open.heading.length <= HEADING_MAX;
}
