import type { PrivacyEntityType } from '@civicdesk/contract';

/**
 * Personal data in tables: a roster exported as CSV, a sign-in sheet with "|" columns, a
 * tab-separated export. The header names what each column holds ("dob", "home_address",
 * "mobile"), so a cell is personal data by its column even when nothing else around it says so.
 */
export interface TableCell {
  type: PrivacyEntityType;
  start: number;
  end: number;
}

const COLUMN_TYPES: [RegExp, PrivacyEntityType][] = [
  [/\b(?:dob|d\.o\.b|birth|born)/i, 'DATE_OF_BIRTH'],
  [/e-?mail/i, 'EMAIL'],
  [/phone|mobile|cell|\btel\b/i, 'PHONE'],
  [/\bssn\b(?!.*last)|social security/i, 'SSN'],
  [/licen[cs]e|\bdl\b/i, 'DRIVER_LICENSE'],
  [/address|street|residence/i, 'ADDRESS'],
  [/\bname\b|^(?:first|last|given|surname)|contact(?!.*(?:phone|mail))|signature|resident|tenant|guardian|parent|member|requester|complainant|caller|customer/i, 'PERSON'],
];
/** A column about an organisation or a place of business, whatever else its name says. */
const NOT_PERSONAL_COLUMN = /\b(?:site|position|title|business|organi[sz]ation|agency|department|vendor|company|employer|location|facility|status|role)\b/i;
const OFFICIAL = /\b(?:Councilmember|Council member|CM|Mayor|Chair(?:man|woman|person)?|Director|Commissioner|Judge|Senator|Delegate)\b|\((?:office|work)\)|\boffice\b/i;

/** The cells of one line split by `sep`, with their offsets (CSV quotes understood). */
function cellsOf(line: string, offset: number, sep: string): { text: string; start: number }[] {
  const cells: { text: string; start: number }[] = [];
  let i = 0;
  while (i <= line.length) {
    let start = i;
    let end: number;
    if (line[i] === '"') {
      const close = line.indexOf('"', i + 1);
      start = i + 1;
      end = close < 0 ? line.length : close;
      i = close < 0 ? line.length + 1 : line.indexOf(sep, close) < 0 ? line.length + 1 : line.indexOf(sep, close) + 1;
    } else {
      const next = line.indexOf(sep, i);
      end = next < 0 ? line.length : next;
      i = next < 0 ? line.length + 1 : next + 1;
    }
    const raw = line.slice(start, end);
    const lead = raw.length - raw.trimStart().length;
    cells.push({ text: raw.trim(), start: offset + start + lead });
  }
  return cells;
}

function plausible(type: PrivacyEntityType, value: string): boolean {
  if (!value || OFFICIAL.test(value)) return false;
  switch (type) {
    case 'PERSON':
      return /\p{L}{2}/u.test(value) && !/\d/.test(value) && value.length <= 80;
    case 'EMAIL':
      return value.includes('@');
    case 'PHONE':
      return (value.match(/\d/g) ?? []).length >= 7;
    case 'ADDRESS':
      return /^\d/.test(value) && /\p{L}{2}/u.test(value);
    default:
      return /\d{3}/.test(value);
  }
}

export function tableCells(text: string): TableCell[] {
  const out: TableCell[] = [];
  const lines: { text: string; start: number }[] = [];
  for (let at = 0; at <= text.length; ) {
    const end = text.indexOf('\n', at);
    const stop = end < 0 ? text.length : end;
    lines.push({ text: text.slice(at, stop), start: at });
    at = stop + 1;
  }
  for (let h = 0; h < lines.length; h++) {
    const sep = [',', '|', '\t'].find((s) => lines[h].text.split(s).length >= 3);
    if (!sep) continue;
    const header = cellsOf(lines[h].text, lines[h].start, sep).map((c) => {
      if (NOT_PERSONAL_COLUMN.test(c.text) && !/home|personal/i.test(c.text)) return null;
      return COLUMN_TYPES.find(([pattern]) => pattern.test(c.text))?.[1] ?? null;
    });
    // A header names at least two personal columns and is made of short names, not sentences.
    if (header.filter(Boolean).length < 2 || lines[h].text.split(sep).some((c) => c.trim().split(/\s+/).length > 6)) continue;
    let row = h + 1;
    for (; row < lines.length && lines[row].text.split(sep).length >= 3; row++) {
      cellsOf(lines[row].text, lines[row].start, sep).forEach((cell, i) => {
        const type = header[i];
        if (type && plausible(type, cell.text)) out.push({ type, start: cell.start, end: cell.start + cell.text.length });
      });
    }
    h = row - 1;
  }
  return out;
}
