import type { SectionStatus } from '@civicdesk/contract';
// Runs in a worker thread (runInWorker('city-import-reader', …)), within the limits of heap and time
// that platform/workers/tasks.ts gives it: the files a city's import stored, read from disk here (the
// main thread never holds them): a code book's sections written to a spool file, one JSON line each,
// for the import job to store a batch at a time (only a summary comes back); agenda and minutes
// documents read for their meetings and items. PDF and DOCX text is extracted here too.
import { closeSync, openSync, readFileSync, writeSync } from 'node:fs';
import type { FileKind } from '../../platform/files/detect';
import { extractText } from '../../platform/files/extract';
import type { CodeSectionRecord } from '../../imports/records';
import { type AgendaDocumentReading, NO_TEXT_LAYER, readAgendaDocument } from './agenda-documents';
import { MIN_CHARS_PER_PAGE, nonSpaceCount } from './agenda-documents/lines';
import { type LegislationFileReading, readLegislationDocument } from './legislation-files';
import { type CodeBookFile, type CodeBookProblem, type CodeBookReading, type CodeBookSection, readCodeBook } from './code-book';

export interface ImportedFile {
  name: string;
  kind: FileKind;
  path: string;
}

export interface CodeBookThreadInput {
  files: ImportedFile[];
  cityCode: string;
  /** Where the sections go, one JSON line each (CodeSectionRecord). */
  spool: string;
}

export interface SpooledCodeBook {
  counts: CodeBookReading['counts'] & { problems_not_listed?: number };
  /** The first problems; the rest are counted. */
  problems: CodeBookProblem[];
  preview: { number: string; title: string; path: string; status: SectionStatus; text: string }[];
  /** Every section's id, in the book's order (what the import will store). */
  ids: string[];
}

const PROBLEMS_KEPT = 500;
const PREVIEW_SECTIONS = 10;
/** A code book's whole text, however long (the largest published codes run to some 20 million characters). */
const CODE_BOOK_TEXT_MAX_CHARS = 40_000_000;
/** An agenda, minutes or legislation document's text. */
const AGENDA_TEXT_MAX_CHARS = 10_000_000;

/** The reader's section as the location's code stores it. */
export const sectionRecord = (s: CodeBookSection): CodeSectionRecord => ({
  id: s.id,
  number: s.number,
  title: s.title,
  title_number: s.title_number.slice(0, 20) || '-',
  title_name: s.title_name,
  chapter: s.chapter,
  chapter_title: s.chapter_title,
  subchapter: s.subchapter,
  subchapter_title: s.subchapter_title,
  path: s.path,
  status: s.status,
  text: s.text,
  source_url: s.source_url,
  history: s.history,
});

/** A file as the reader takes it: text, HTML and XML as they came; a PDF's or DOCX's text, extracted here, off the main thread. */
async function readable(file: ImportedFile, problems: CodeBookProblem[]): Promise<CodeBookFile | null> {
  const bytes = readFileSync(file.path);
  if (file.kind === 'txt') return { name: file.name, bytes };
  try {
    const { text } = await extractText(file.kind, bytes, CODE_BOOK_TEXT_MAX_CHARS);
    return { name: `${file.name}.txt`, bytes: Buffer.from(text, 'utf8') };
  } catch (err) {
    problems.push({ file: file.name, where: 'file', message: `not read: ${err instanceof Error ? err.message : String(err)}` });
    return null;
  }
}

function spool(path: string, sections: CodeBookSection[]) {
  const fd = openSync(path, 'w', 0o600);
  try {
    let chunk = '';
    for (const s of sections) {
      chunk += `${JSON.stringify(sectionRecord(s))}\n`;
      if (chunk.length > 1 << 20) {
        writeSync(fd, chunk);
        chunk = '';
      }
    }
    if (chunk) writeSync(fd, chunk);
  } finally {
    closeSync(fd);
  }
}

export async function readCodeBookFiles(input: CodeBookThreadInput): Promise<SpooledCodeBook> {
  const unread: CodeBookProblem[] = [];
  const files: CodeBookFile[] = [];
  for (const f of input.files) {
    const file = await readable(f, unread);
    if (file) files.push(file);
  }
  const reading = readCodeBook(files, { cityCode: input.cityCode });
  files.length = 0;
  spool(input.spool, reading.sections);
  const problems = [...unread, ...reading.problems];
  return {
    counts: { ...reading.counts, ...(problems.length > PROBLEMS_KEPT ? { problems_not_listed: problems.length - PROBLEMS_KEPT } : {}) },
    problems: problems.slice(0, PROBLEMS_KEPT),
    preview: reading.sections.slice(0, PREVIEW_SECTIONS).map((s) => ({ number: s.number, title: s.title, path: s.path, status: s.status, text: s.text.slice(0, 400) })),
    ids: reading.sections.map((s) => s.id),
  };
}

/** Each agenda or minutes document's meeting and numbered items (or why none could be read). */
export async function readAgendaFiles(input: { files: ImportedFile[] }): Promise<AgendaDocumentReading[]> {
  const readings: AgendaDocumentReading[] = [];
  for (const f of input.files) {
    const bytes = readFileSync(f.path);
    try {
      const extracted = f.kind === 'txt' ? { text: bytes.toString('utf8'), pageCount: null } : await extractText(f.kind, bytes, AGENDA_TEXT_MAX_CHARS);
      readings.push(readAgendaDocument({ name: f.name, text: extracted.text, pageCount: extracted.pageCount }));
    } catch (err) {
      readings.push({ meeting: null, items: [], problems: [{ file: f.name, where: 'file', message: `not read: ${err instanceof Error ? err.message : String(err)}` }] });
    }
  }
  return readings;
}

/** A city's legislation files: each file's measures (or why none could be read). */
export async function readLegislationFiles(input: { files: ImportedFile[] }): Promise<LegislationFileReading[]> {
  const readings: LegislationFileReading[] = [];
  for (const f of input.files) {
    const bytes = readFileSync(f.path);
    try {
      const extracted = f.kind === 'txt' ? { text: bytes.toString('utf8'), pageCount: null } : await extractText(f.kind, bytes, AGENDA_TEXT_MAX_CHARS);
      // A scan has pages but no words: said as such, not as a file without measures.
      if (extracted.pageCount && nonSpaceCount(extracted.text) < MIN_CHARS_PER_PAGE * extracted.pageCount) readings.push({ measures: [], problems: [{ file: f.name, where: 'file', message: NO_TEXT_LAYER }] });
      else readings.push(readLegislationDocument({ name: f.name, text: extracted.text }));
    } catch (err) {
      readings.push({ measures: [], problems: [{ file: f.name, where: 'file', message: `not read: ${err instanceof Error ? err.message : String(err)}` }] });
    }
  }
  return readings;
}
