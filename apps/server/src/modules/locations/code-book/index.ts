/**
 * The code-book reader: a city's published code files (plain text in any common encoding,
 * HTML pages, DocBook or the city's own XML) -> code-section records, with what could not be
 * read listed as problems. Pure: no I/O, no database; the importer decides what to store.
 */

import { assemble } from './assemble';
import { decodeBytes, sniffFormat, sniffMarkup } from './decode';
import { markupLines, type SourceLine } from './markup';
import { slug } from './names';
import { headingMatchKey, outlineFile, titleOfDivision, type Division, type FileOutline } from './outline';
import type { CodeBookFile, CodeBookProblem, CodeBookReading, CodeBookSection } from './types';

export type { CodeBookFile, CodeBookProblem, CodeBookReading, CodeBookSection } from './types';

/** One line a paragraph: San Francisco's export writes a whole paragraph (up to ~5 KB) on a line. */
function textLines(text: string): SourceLine[] {
  return text
    .replace(/^\uFEFF/, '')
    .split(/\r\n|\r|\n/)
    .map((t, k) => ({ text: t, line: k + 1, heading: false, boldLead: 0, anchor: null }));
}

function readFile(file: CodeBookFile, problems: CodeBookProblem[]): FileOutline | null {
  const problem = (where: string, message: string) => problems.push({ file: file.name, where, message });
  const sniffed = sniffFormat(file.name, file.bytes);
  if (typeof sniffed !== 'string') {
    problem('file', `not read: ${sniffed.unsupported}`);
    return null;
  }
  const decoded = decodeBytes(file.bytes);
  if ('error' in decoded) {
    problem('file', `not read: ${decoded.error}`);
    return null;
  }
  const format = sniffMarkup(decoded.text, sniffed);
  if (format === 'text') return outlineFile(file.name, textLines(decoded.text), false, null);
  const reading = markupLines(decoded.text, format);
  if (reading.fault) {
    problem(`line ${reading.fault.line}`, `XML is not well-formed (${reading.fault.message}); read leniently, check the sections near it`);
  }
  return outlineFile(file.name, reading.lines, true, reading.baseUrl, reading.links);
}

/**
 * A section printed twice (the same number, heading and text: a website mirror keeps many pages
 * under two names) is one section: kept where it first appears, so nothing is stored or cited twice.
 * Two named codes may print the same section (a severability clause), and each keeps it: the title
 * counts unless it is no name at all, only a file's id ("2c2e1fa3", a mirror's page). A number two
 * codes share with different text (San Francisco's Sec. 37) stays two sections. Counted, with one example.
 */
const NAMELESS_TITLE = /^[\p{N}a-f_.-]+$/iu;
function withoutRepeats(sections: CodeBookSection[], problems: CodeBookProblem[]): { sections: CodeBookSection[]; repeats: number } {
  // By number, heading and text: the copies kept so far, by place in `kept`.
  const seen = new Map<string, number[]>();
  const kept: CodeBookSection[] = [];
  let example: [CodeBookSection, CodeBookSection] | null = null;
  const nameless = (s: CodeBookSection) => NAMELESS_TITLE.test(s.title_name);
  let repeats = 0;
  for (const s of sections) {
    const key = `${s.number}\u0000${s.title}\u0000${s.text}`;
    const places = seen.get(key) ?? [];
    // One copy under a named code and one under a file's id are one section, kept under the name.
    const at = places.find((i) => kept[i].title_name === s.title_name || nameless(kept[i]) || nameless(s));
    if (at === undefined) {
      seen.set(key, [...places, kept.length]);
      kept.push(s);
      continue;
    }
    repeats++;
    example ??= [s, kept[at]];
    if (nameless(kept[at]) && !nameless(s)) kept[at] = s;
  }
  if (example) problems.push({ file: example[0].title_name, where: example[0].number, message: `${repeats.toLocaleString('en-US')} section${repeats === 1 ? ' is printed' : 's are printed'} twice with the same heading and text (this one also in ${example[1].title_name}); each is stored once` });
  return { sections: kept, repeats };
}

/**
 * A website's code is many pages: a chapter's page lists its sections, each on a page of its own that
 * names no chapter ("618.07 BARKING OR HOWLING DOGS." alone, Springboro's codifier's site). A page
 * lends its place in the code ("CHAPTER 618 Animals"), and the place its own lister lends it ("PART
 * SIX General Offenses Code"), to the pages it links to that name none, so their sections stand under
 * the city's own divisions instead of a file's id. A page lists another when it links to it and names
 * what it holds: one of its section numbers in its table of contents, or the division it heads
 * ("CHAPTER 618" on Part Six's page); a cross-reference in a chapter's text ("see Charter Section
 * 1.02") names no entry and lends nothing. Of several, the one with the fewest links (a chapter's
 * page, not the book's table of contents).
 */
function lendPlaces(outlines: FileOutline[]): void {
  const byFile = new Map(outlines.map((o) => [o.file, o]));
  const label = (d: Division) => `${d.kind} ${d.num}`;
  /** The divisions `o` lists `target` under, or null when it does not list it. */
  const listedUnder = (o: FileOutline, target: FileOutline): Division[] | null => {
    if (target.place) return target.place !== o.place ? (o.divisions.get(label(target.place)) ?? null) : null;
    for (const c of target.candidates) {
      const under = o.listed.get(headingMatchKey(c.num));
      if (under) return under;
    }
    return null;
  };
  const lister = new Map<string, { by: FileOutline; under: Division[] }>();
  for (const o of outlines) {
    if (o.placeless) continue;
    for (const link of o.links) {
      const target = byFile.get(link);
      const known = lister.get(link);
      if (!target || target === o || (known && known.by.links.length <= o.links.length)) continue;
      const under = listedUnder(o, target);
      if (under) lister.set(link, { by: o, under });
    }
  }
  if (!lister.size) return;
  /** The divisions above a page, from the pages that list it and those that list them. */
  const above = (file: string, visited: Set<string>): Division[] => {
    const found = lister.get(file);
    if (!found || visited.has(found.by.file) || visited.size > 8) return [];
    visited.add(found.by.file);
    const own = found.under[0] && found.by.divisions.get(label(found.under[0]));
    // The lister's own top division may itself be listed elsewhere (a chapter's page under its Part).
    return [...(own && own.length === 0 ? above(found.by.file, visited) : []), ...found.under];
  };
  for (const o of outlines) {
    if (!o.placeless || !o.candidates.length) continue;
    const chain = above(o.file, new Set([o.file]));
    if (!chain.length) continue;
    const [top, chapter = null, subchapter = null] = chain.slice(-3);
    const title = titleOfDivision(top);
    for (const c of o.candidates) Object.assign(c, { title, chapter, subchapter });
  }
}

export function readCodeBook(files: CodeBookFile[], opts: { cityCode?: string } = {}): CodeBookReading {
  const city = slug(opts.cityCode ?? '') || 'code';
  const problems: CodeBookProblem[] = [];
  const outlines: FileOutline[] = [];
  for (const file of files) {
    try {
      const outline = readFile(file, problems);
      if (outline) outlines.push(outline);
    } catch (error) {
      // A reader fault on one file must not lose the other files; it is reported, not hidden.
      problems.push({ file: file.name, where: 'file', message: `not read: ${error instanceof Error ? error.message : String(error)}` });
    }
  }
  lendPlaces(outlines);
  const assembled = assemble(outlines, city);
  const { problems: sectionProblems, headingsSeen } = assembled;
  problems.push(...sectionProblems);
  const { sections, repeats } = withoutRepeats(assembled.sections, problems);
  const titles = new Set(sections.map((s) => s.title_number));
  const chapters = new Set(sections.filter((s) => s.chapter).map((s) => `${s.title_number}|${s.chapter}`));
  return {
    sections,
    problems,
    counts: {
      files: outlines.length,
      titles: titles.size,
      chapters: chapters.size,
      sections: sections.length,
      repealed: sections.filter((s) => s.status === 'repealed').length,
      reserved: sections.filter((s) => s.status === 'reserved').length,
      ...(repeats ? { repeated_sections: repeats } : {}),
      headings_seen: headingsSeen,
    },
  };
}

/** The reader as a worker thread calls it (one argument, plain data): the import job reads a whole code book off the event loop. */
export function readCodeBookTask(input: { files: CodeBookFile[]; cityCode?: string }): CodeBookReading {
  return readCodeBook(input.files, { cityCode: input.cityCode });
}
