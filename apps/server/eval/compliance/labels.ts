/**
 * Reader for the hand-labelled Compliance Check evaluation set (eval/compliance/source/*.txt).
 *
 * File format (see README.md in this folder):
 *
 *   # compliance_type: privacy          (legal | privacy | open_meetings, required, once)
 *   # location: DC                      (required, once)
 *   # expect: open_meetings.missing_time  (zero or more; document-level findings without a span)
 *   # note: one line saying what the document is   (required, once)
 *   # author: Dana Whitfield            (zero or more; the document's own author/signatory, as written)
 *   # official: Mayor Lena Okafor       (zero or more; an official named in a public role, as written)
 *   <blank line>
 *   body with inline marks {{TYPE|exact text}}
 *
 * The markup is stripped; each mark becomes a span whose offsets index the CLEAN text
 * (JS string indices, UTF-16 code units). The marked text may contain any character except
 * "|", "{", "}" and a line break. There is no escape sequence: a body may not contain "{{" or
 * "}}" other than as markup (none of the documents needs it), so a stray brace pair is always
 * reported as an error rather than silently kept. Single braces outside marks are plain text.
 * CRLF line endings are normalised to LF before anything else.
 *
 * `author` and `official` values are names that are NOT personal data under the labelling rules
 * (the document's own author or signatory; officials acting in a public role). Each value must
 * occur verbatim in the clean body; duplicates of the same key and value are an error. They are
 * returned as `authors` / `officials` (empty arrays when absent).
 */
import { readFileSync, readdirSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export interface LabelledSpan {
  type: string;
  start: number;
  end: number;
  text: string;
}

export interface LabelledDocument {
  file: string;
  complianceType: 'legal' | 'privacy' | 'open_meetings';
  location: string;
  note: string;
  text: string;
  spans: LabelledSpan[];
  expect: string[];
  /** `# author:` values: the document's own author or signatory (not PERSON spans). */
  authors: string[];
  /** `# official:` values: officials named in their public role (not PERSON spans). */
  officials: string[];
}

export const COMPLIANCE_TYPES = ['legal', 'privacy', 'open_meetings'] as const;

/** Span types allowed for each compliance type. */
export const SPAN_TYPES: Record<LabelledDocument['complianceType'], readonly string[]> = {
  privacy: [
    'PERSON',
    'ADDRESS',
    'PHONE',
    'EMAIL',
    'SSN',
    'DATE_OF_BIRTH',
    'DRIVER_LICENSE',
    'BANK_ACCOUNT',
    'CREDIT_CARD',
  ],
  legal: [
    'CITATION_UNKNOWN',
    'CITATION_REPEALED',
    'QUOTE_MISMATCH',
    'FIGURE_CONTRADICTION',
    'TERM_BEFORE_DEFINITION',
  ],
  open_meetings: ['ITEM_WITHOUT_DESCRIPTION'],
};

export const FORM_PARTS = [
  'enacting_clause',
  'long_title',
  'fiscal_impact',
  'effective_date',
  'resolved',
  'recitals',
] as const;

/** Document-level expectations allowed for each compliance type. */
export const EXPECT_VALUES: Record<LabelledDocument['complianceType'], readonly string[]> = {
  privacy: [],
  legal: FORM_PARTS.map((p) => `legal.form_missing_part:${p}`),
  open_meetings: [
    'open_meetings.missing_date',
    'open_meetings.missing_time',
    'open_meetings.missing_place',
    'open_meetings.late_posting',
  ],
};

const ALL_SPAN_TYPES = new Set(Object.values(SPAN_TYPES).flat());

export const DEFAULT_DIR = join(dirname(fileURLToPath(import.meta.url)), 'source');

export class LabelFormatError extends Error {
  constructor(file: string, message: string) {
    super(`${file}: ${message}`);
    this.name = 'LabelFormatError';
  }
}

const MARK = /\{\{([A-Z_]+)\|([^|{}\n]*)\}\}/y;

/** Parses one labelled file's content. `file` is used in error messages and in the result. */
export function parseLabelledDocument(content: string, file = '<inline>'): LabelledDocument {
  const src = content.replace(/\r\n/g, '\n');
  const fail = (msg: string): never => {
    throw new LabelFormatError(file, msg);
  };

  const blank = src.indexOf('\n\n');
  if (blank < 0) fail('no blank line between the header and the body');
  const headerLines = src.slice(0, blank).split('\n');
  const raw = src.slice(blank + 2);

  let complianceType: LabelledDocument['complianceType'] | undefined;
  let location: string | undefined;
  let note: string | undefined;
  const expect: string[] = [];
  const authors: string[] = [];
  const officials: string[] = [];
  for (const line of headerLines) {
    const m = /^# ([a-z_]+):[ \t]*(.*?)[ \t]*$/.exec(line);
    if (!m) fail(`malformed header line: ${JSON.stringify(line)}`);
    const [, key, value] = m!;
    if (!value) fail(`empty header value for "${key}"`);
    switch (key) {
      case 'compliance_type':
        if (complianceType) fail('duplicate compliance_type');
        if (!(COMPLIANCE_TYPES as readonly string[]).includes(value))
          fail(`unknown compliance_type "${value}"`);
        complianceType = value as LabelledDocument['complianceType'];
        break;
      case 'location':
        if (location) fail('duplicate location');
        location = value;
        break;
      case 'note':
        if (note) fail('duplicate note');
        note = value;
        break;
      case 'expect':
        expect.push(value);
        break;
      case 'author':
        if (authors.includes(value)) fail(`duplicate author "${value}"`);
        authors.push(value);
        break;
      case 'official':
        if (officials.includes(value)) fail(`duplicate official "${value}"`);
        officials.push(value);
        break;
      default:
        fail(`unknown header key "${key}"`);
    }
  }
  if (!complianceType) fail('missing "# compliance_type:" header');
  if (!location) fail('missing "# location:" header');
  if (!note) fail('missing "# note:" header');
  for (const e of expect) {
    if (!EXPECT_VALUES[complianceType!].includes(e))
      fail(`expect "${e}" is not allowed for compliance_type ${complianceType}`);
  }
  if (new Set(expect).size !== expect.length) fail('duplicate expect line');

  const spans: LabelledSpan[] = [];
  let text = '';
  let i = 0;
  while (i < raw.length) {
    const open = raw.indexOf('{{', i);
    const close = raw.indexOf('}}', i);
    if (close >= 0 && (open < 0 || close < open))
      fail(`stray "}}" at body offset ${close}`);
    if (open < 0) {
      text += raw.slice(i);
      break;
    }
    text += raw.slice(i, open);
    MARK.lastIndex = open;
    const m = MARK.exec(raw);
    if (!m) {
      const lineNo = raw.slice(0, open).split('\n').length;
      fail(`malformed mark at body line ${lineNo}: ${JSON.stringify(raw.slice(open, open + 60))}`);
    }
    const [whole, type, inner] = m!;
    if (!ALL_SPAN_TYPES.has(type)) fail(`unknown span type "${type}"`);
    if (!SPAN_TYPES[complianceType!].includes(type))
      fail(`span type ${type} is not allowed for compliance_type ${complianceType}`);
    if (inner.length === 0) fail(`empty ${type} mark`);
    if (inner !== inner.trim()) fail(`${type} mark has leading/trailing whitespace: ${JSON.stringify(inner)}`);
    const start = text.length;
    text += inner;
    spans.push({ type, start, end: text.length, text: inner });
    i = open + whole.length;
  }

  for (const [key, values] of [['author', authors], ['official', officials]] as const) {
    for (const v of values) {
      if (!text.includes(v)) fail(`${key} "${v}" does not occur verbatim in the body`);
    }
  }

  return {
    file,
    complianceType: complianceType!,
    location: location!,
    note: note!,
    text,
    spans,
    expect,
    authors,
    officials,
  };
}

/** Reads every *.txt file of `dir` (default: eval/compliance/source), sorted by file name. */
export function readLabelledSet(dir: string = DEFAULT_DIR): LabelledDocument[] {
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.txt'))
    .sort();
  return files.map((f) => parseLabelledDocument(readFileSync(join(dir, f), 'utf8'), basename(f)));
}
