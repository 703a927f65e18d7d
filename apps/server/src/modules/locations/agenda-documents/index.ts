/**
 * The agenda-document reader: the text of a city's published agenda or minutes (a PDF's text
 * layer or a DOCX, as `platform/files/extract.ts` gives it) -> the meeting and its numbered
 * items, with what could not be read listed as problems. Pure: no I/O, no database; the importer
 * decides what to store.
 */

import { fileNumber, itemKind } from './filing';
import { walkItems, type ItemDraft } from './items';
import { layoutLines } from './layout';
import { documentLines, MIN_CHARS_PER_PAGE, nonSpaceCount, type DocumentLines } from './lines';
import { readMeeting } from './meeting';
import type { AgendaDocumentInput, AgendaDocumentItem, AgendaDocumentProblem, AgendaDocumentReading } from './types';
import { joinTitle } from './wording';

export type { AgendaDocumentInput, AgendaDocumentItem, AgendaDocumentProblem, AgendaDocumentReading, AgendaItemKind, AgendaMeeting } from './types';
export { TITLE_MAX_CHARS } from './wording';

export const NO_TEXT_LAYER = 'no text layer: the file is a scanned image; it is kept, but nothing could be read from it';

export function readAgendaDocument(input: AgendaDocumentInput): AgendaDocumentReading {
  const problems: AgendaDocumentProblem[] = [];
  const problem = (where: string, message: string) => problems.push({ file: input.name, where, message });
  const characters = nonSpaceCount(input.text);
  if (input.pageCount !== null && input.pageCount >= 1 && characters < MIN_CHARS_PER_PAGE * input.pageCount) {
    problem('file', NO_TEXT_LAYER);
    return { meeting: null, items: [], problems };
  }
  if (characters === 0) {
    problem('file', 'the file holds no text; nothing could be read from it');
    return { meeting: null, items: [], problems };
  }

  const doc = documentLines(input);
  if (input.pageCount !== null && input.pageCount > 1 && !doc.pagesKnown) {
    problem('file', `the text's page breaks do not match the file's ${input.pageCount} pages, so items are given without a page`);
  }
  for (const page of doc.emptyPages) problem(`page ${page}`, 'no text on this page (a scanned image?); anything on it could not be read');

  const { items: drafts, gaps } = walkItems(layoutLines(doc));
  const meeting = readMeeting(masthead(doc, drafts[0]), input.name);
  if (!meeting.date) problem('meeting', 'no meeting date found before the first item; enter the date by hand');
  if (!meeting.body) problem('meeting', 'no council, commission, committee or board is named before the first item');
  if (drafts.length === 0) problem('file', 'no numbered agenda items found');
  for (const gap of gaps) {
    problem(placeOf(gap.before), `item ${gap.missing} is not in the document: the numbering skips it after item ${gap.before.number}`);
  }

  const items: AgendaDocumentItem[] = drafts.map((draft) => {
    const title = joinTitle(draft.lines);
    if (!title) problem(placeOf(draft), `item ${draft.number} has no text`);
    const file = fileNumber(title);
    return { number: draft.number, title, section: draft.section, file_number: file, kind: itemKind(title, file, draft.section), page: draft.page };
  });
  return { meeting, items, problems };
}

/** The lines before the first item, page numbers left out (a header repeated on each page is the masthead on page 1). */
function masthead(doc: DocumentLines, first: ItemDraft | undefined) {
  return doc.lines.filter((l) => (first ? l.line < first.line : true) && !/^[-–—]\s*\d+\s*[-–—]$|^page\s+\d+/i.test(l.text));
}

const placeOf = (draft: ItemDraft) => (draft.page !== null ? `page ${draft.page}` : `item ${draft.number}`);
