/**
 * The code-book reader: a city's published code files (plain text in any common encoding,
 * HTML pages, DocBook or the city's own XML) -> code-section records, with what could not be
 * read listed as problems. Pure: no I/O, no database; the importer decides what to store.
 */

import { assemble } from './assemble';
import { decodeBytes, sniffFormat, sniffMarkup } from './decode';
import { markupLines, type SourceLine } from './markup';
import { slug } from './names';
import { outlineFile, type FileOutline } from './outline';
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
  return outlineFile(file.name, reading.lines, true, reading.baseUrl);
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
  const seen = new Map<string, CodeBookSection>();
  const kept: CodeBookSection[] = [];
  let example: [CodeBookSection, CodeBookSection] | null = null;
  for (const s of sections) {
    const key = `${NAMELESS_TITLE.test(s.title_name) ? '' : s.title_name}\u0000${s.number}\u0000${s.title}\u0000${s.text}`;
    const first = seen.get(key);
    if (first) example ??= [s, first];
    else {
      seen.set(key, s);
      kept.push(s);
    }
  }
  const repeats = sections.length - kept.length;
  if (example) problems.push({ file: example[0].title_name, where: example[0].number, message: `${repeats.toLocaleString('en-US')} section${repeats === 1 ? ' is printed' : 's are printed'} twice with the same heading and text (this one also in ${example[1].title_name}); each is stored once` });
  return { sections: kept, repeats };
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
