/**
 * Legislation from a city's own files (issue 31): an ordinance, resolution or proclamation as the
 * city publishes it (a PDF's text layer or OCR text, a DOCX, plain text) -> the measure's number,
 * kind, title, dates and text, as the records the importer stores beside Legistar's measures. A
 * file holding several measures, each opening with its own "ORDINANCE NO. …" heading, is read as
 * that many. Pure: no I/O; what could not be read is listed as problems, never guessed silently.
 * Linear in the text: each line is tested against anchored patterns of bounded length.
 */

import { type LegislationRecord, measureNumberKey as numberKey } from '../../../imports/records';
import { meetingDate } from '../agenda-documents/meeting';

export interface LegislationFileInput {
  name: string;
  text: string;
}

export interface LegislationProblem {
  file: string;
  where: string;
  message: string;
}

export interface LegislationFileReading {
  measures: LegislationRecord[];
  problems: LegislationProblem[];
}

type Kind = 'ORDINANCE' | 'RESOLUTION' | 'PROCLAMATION';

/** Only the start of a long line is read for a heading or a date: a file with no line breaks stays linear. */
const LINE_HEAD = 300;
/** A measure's heading and title are among its first lines. */
const HEAD_LINES = 60;
const TITLE_MAX_CHARS = 1000;

const KIND_WORD = String.raw`(ordinance|resolution|proclamation|(?:council\s+)?bill)`;
const NUMBER = String.raw`([a-z]{0,4}[-\s]?\d[\w./-]{0,30})`;
/** "ORDINANCE NO. 2012-45", "Resolution No. 24-103", "COUNCIL BILL 12-0034", "Ordinance #43278" at a line's start. */
const HEADING = new RegExp(String.raw`^\s*(?:(?:city|town|village|county|council)\s+(?:of\s+[\w .'-]{1,40}\s+)?)?${KIND_WORD}\s*(?:no\.?|number|#)\s*:?\s*${NUMBER}`, 'i');
/** A file or document number printed on its own ("File No. 120608", "Bill 25-914"). */
const FILE_LINE = /^\s*(?:file|doc(?:ument)?|bill|legistar)\s*(?:no\.?|number|#|id)?\s*:?\s*([a-z]{0,4}[-\s]?\d[\w./-]{0,30})/i;
/** The long title: "AN ORDINANCE to amend …", "A RESOLUTION authorizing …". */
const LONG_TITLE = /^\s*(?:an?\s+)(ordinance|resolution|proclamation|bill)\b/i;
/** Where the title ends and the recitals or the enacting clause begin. */
const BODY_START = /^\s*(?:whereas\b|now,?\s+therefore|be\s+it\s+(?:ordained|resolved|enacted)|the\s+(?:city\s+)?council\s+of\b.{0,60}\b(?:ordains|resolves)|section\s+1\b|sec\.\s*1\b|§\s*1\b)/i;
const ENACTING: [RegExp, Kind][] = [
  [/\bbe\s+it\s+(?:further\s+)?ordained\b|\bdoes\s+ordain\b|\bordains\s+as\s+follows\b/i, 'ORDINANCE'],
  [/\bbe\s+it\s+(?:further\s+)?resolved\b|^\s*resolved\b/im, 'RESOLUTION'],
  [/\bdo\s+hereby\s+proclaim\b|\bproclaim\b/i, 'PROCLAMATION'],
];
/** Labelled dates: "Introduced: March 3, 2025", "PASSED AND ADOPTED this 16th day of October, 2012", "Effective Date: 11/1/2012". */
const DATE_LABELS: { field: 'introduced' | 'enacted' | 'effective'; label: RegExp }[] = [
  { field: 'introduced', label: /\b(?:introduced|first\s+reading|read\s+(?:for\s+)?the\s+first\s+time)\b/i },
  { field: 'enacted', label: /\b(?:passed|adopted|approved|enacted)\b/i },
  { field: 'effective', label: /\beffective\b/i },
];

/** Every measure in one file; a file without a heading is one measure. */
export function readLegislationDocument(input: LegislationFileInput): LegislationFileReading {
  const problems: LegislationProblem[] = [];
  const lines = input.text.split(/\r\n?|\n/);
  if (!input.text.trim()) {
    problems.push({ file: input.name, where: 'file', message: 'the file holds no text; nothing could be read from it' });
    return { measures: [], problems };
  }
  const starts = headingLines(lines);
  const parts = starts.length > 1 ? starts.map((s, i) => lines.slice(s, starts[i + 1] ?? lines.length)) : [lines];
  const measures = parts.map((part, i) => readMeasure(part, input.name, parts.length > 1 ? `measure ${i + 1}` : 'file', problems));
  // Two measures of one file under one number: the second would silently replace the first.
  const seen = new Set<string>();
  const unique = measures.filter((m) => {
    if (seen.has(m.id)) {
      problems.push({ file: input.name, where: m.file_number ?? 'file', message: `${m.file_number} appears twice in this file; only its first text was kept` });
      return false;
    }
    seen.add(m.id);
    return true;
  });
  return { measures: unique, problems };
}

/** Lines that open a measure of their own: a heading with a number, each number once. */
function headingLines(lines: string[]): number[] {
  const starts: number[] = [];
  const numbers = new Set<string>();
  lines.forEach((line, i) => {
    const m = HEADING.exec(line.slice(0, LINE_HEAD));
    if (!m) return;
    const key = numberKey(m[2]);
    if (numbers.has(key)) return;
    numbers.add(key);
    starts.push(i);
  });
  // Text before the first heading (a letterhead) belongs to the first measure.
  if (starts.length) starts[0] = 0;
  return starts;
}

function readMeasure(lines: string[], fileName: string, where: string, problems: LegislationProblem[]): LegislationRecord {
  const problem = (message: string) => problems.push({ file: fileName, where, message });
  const head = lines.slice(0, HEAD_LINES).map((l) => l.slice(0, LINE_HEAD));
  const text = lines.join('\n').replace(/\n{3,}/g, '\n\n').trim();
  const heading = head.map((l) => HEADING.exec(l)).find((m) => m !== null) ?? null;
  const filed = heading ? null : (head.map((l) => FILE_LINE.exec(l)).find((m) => m !== null) ?? null);
  const number = cleanNumber(heading?.[2] ?? filed?.[1] ?? null);
  const kind = kindOf(heading?.[1] ?? null, head, text);
  if (!number) problem('no measure number found (e.g. “Ordinance No. 2024-15”); it is filed under the file’s name');
  if (!kind) problem('its kind is not stated (no “ordinance”, “resolution” or “proclamation” heading, and no enacting clause); it is filed as an ordinance');
  const title = titleOf(head);
  if (!title) problem('no title found (e.g. “AN ORDINANCE to …”); its first line stands for it');
  const dates = datesOf(lines);
  const documentType: Kind = kind ?? 'ORDINANCE';
  const label = documentType[0] + documentType.slice(1).toLowerCase();
  const fallbackTitle = head.find((l) => l.trim() && !HEADING.test(l))?.trim().slice(0, 300) ?? fileName;
  return {
    id: `file-${numberKey(number ?? fileName).slice(0, 90)}`,
    kind: documentType.toLowerCase(),
    council_period: null,
    law_number: null,
    act_number: null,
    bill_number: null,
    file_number: number ? (heading ? `${label} No. ${number}` : number) : null,
    title: title ?? fallbackTitle,
    long_title: '',
    introduced: dates.introduced,
    enacted: dates.enacted,
    effective: dates.effective,
    committee: null,
    summary: '',
    votes: dates.enacted ? [{ date: dates.enacted, reading: documentType === 'ORDINANCE' ? 'Passed' : 'Adopted' }] : [],
    history_url: null,
    text,
    document_type: documentType,
  };
}

/** The heading's word, else the enacting clause ("BE IT ORDAINED", "BE IT RESOLVED"), else the long title's word. */
function kindOf(word: string | null, head: string[], text: string): Kind | null {
  const fromWord = (w: string) => (/^ord/i.test(w) ? 'ORDINANCE' : /^res/i.test(w) ? 'RESOLUTION' : /^proc/i.test(w) ? 'PROCLAMATION' : /bill/i.test(w) ? 'ORDINANCE' : null);
  if (word) return fromWord(word);
  const enacting = ENACTING.map(([re, kind]) => ({ at: text.search(re), kind })).filter((e) => e.at >= 0).sort((a, b) => a.at - b.at)[0];
  if (enacting) return enacting.kind;
  const long = head.map((l) => LONG_TITLE.exec(l)).find((m) => m !== null);
  return long ? fromWord(long[1]) : null;
}

/** "AN ORDINANCE to amend …" and its wrapped lines, up to the recitals, a blank line or the enacting clause. */
function titleOf(head: string[]): string | null {
  const start = head.findIndex((l) => LONG_TITLE.test(l));
  if (start < 0) return null;
  const parts: string[] = [];
  for (let i = start; i < head.length; i++) {
    const line = head[i].trim();
    if (!line || (i > start && BODY_START.test(line))) break;
    parts.push(line);
  }
  const title = parts.join(' ').replace(/\s+/g, ' ').trim();
  return title.length > TITLE_MAX_CHARS ? `${title.slice(0, TITLE_MAX_CHARS).replace(/\s+\S*$/, '')}…` : title;
}

/** Each labelled date: the first date within the label's line (or the next line, for a label on its own). */
function datesOf(lines: string[]): Record<'introduced' | 'enacted' | 'effective', string | null> {
  const found: Record<'introduced' | 'enacted' | 'effective', string | null> = { introduced: null, enacted: null, effective: null };
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i].slice(0, LINE_HEAD);
    for (const { field, label } of DATE_LABELS) {
      if (found[field]) continue;
      const at = line.search(label);
      if (at < 0) continue;
      // "Effective" also closes "Introduced … Effective …" on one line: a date is read only up to the next label.
      const rest = line.slice(at);
      const next = DATE_LABELS.filter((d) => d.field !== field)
        .map((d) => rest.slice(1).search(d.label))
        .filter((n) => n >= 0)
        .map((n) => n + 1);
      const window = rest.slice(0, next.length ? Math.min(...next) : undefined);
      const day = dayIn(window) ?? (window.trim().length < 40 && i + 1 < lines.length ? dayIn(lines[i + 1].slice(0, LINE_HEAD)) : null);
      if (day) found[field] = day;
    }
  }
  return found;
}

/** "16th day of October, 2012" as well as the forms meetings use ("October 16, 2012", "10/16/2012"). */
const dayIn = (text: string) => meetingDate(text.replace(/\b(\d{1,2})(?:st|nd|rd|th)?\s+day\s+of\b/gi, '$1 of'));

const cleanNumber = (n: string | null) => (n ? n.replace(/[.,:;)]+$/, '').trim() || null : null);
