import { DEFAULT_SECTION_REFERENCE, type DraftAmendment } from '@civicdesk/contract';
import { DIVISION_WORD } from '../../platform/retrieval/code-sources';
import type { DraftingForm } from '../locations/settings';
import { type TextChange, withUnit } from './analysis';
import { escapeRegExp } from '../../platform/regex';

/**
 * An amendment of a code section written the way the District's acts write it: find the words the
 * request wants changed in the section's *current* text (never words the section does not hold),
 * name the subsection they stand in, strike and insert, and show the comparative print.
 */
export interface SectionForAmendment {
  id: string;
  /** "§ 2-532" */
  number: string;
  title: string;
  text: string;
}

export interface FoundAmendment extends DraftAmendment {
  /** The section's line holding the struck words: the citation's verified quote. */
  quote: string;
  /** Index of that line in the section's text. */
  line: number;
}

const NUMBER_WORDS = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'eleven', 'twelve', 'thirteen', 'fourteen', 'fifteen', 'sixteen', 'seventeen', 'eighteen', 'nineteen'];
const TENS = ['', '', 'twenty', 'thirty', 'forty', 'fifty', 'sixty', 'seventy', 'eighty', 'ninety'];

/** 0..99 in words ("forty-five"), else null. */
export function numberInWords(n: number): string | null {
  if (!Number.isInteger(n) || n < 0 || n > 99) return null;
  if (n < 20) return NUMBER_WORDS[n];
  return TENS[Math.floor(n / 10)] + (n % 10 ? `-${NUMBER_WORDS[n % 10]}` : '');
}

/** The main noun of a unit: "working days" -> "day". */
const unitNoun = (unit: string) => unit.trim().split(/\s+/).pop()?.replace(/s$/, '').replace(/\.$/, '') ?? '';

/** Where the request's old words stand in a section: exact words first, then the number with its unit. */
function locate(text: string, change: TextChange): { start: number; end: number; strike: string; insert: string } | null {
  const literal = withUnit(change.from, change.unit);
  const exact = new RegExp(`(?<![\\w$])${escapeRegExp(literal)}(?![\\w])`, 'i').exec(text);
  if (exact && !/^\$?\d[\d,.]*$/.test(literal)) {
    return { start: exact.index, end: exact.index + exact[0].length, strike: exact[0], insert: withUnit(change.to, change.unit && !/[a-z%]$/i.test(change.from) ? change.unit : '') || change.to };
  }
  const digits = change.from.replace(/[$,]/g, '');
  const n = Number(digits);
  if (!Number.isFinite(n)) return null;
  const word = numberInWords(n);
  const noun = unitNoun(change.unit);
  const money = change.from.startsWith('$');
  const numberPattern = money
    ? `\\$\\s?${escapeRegExp(change.from.replace(/^\$\s?/, ''))}(?:\\.00)?`
    : `(?:${word ? `${word}\\s*\\(${escapeRegExp(digits)}\\)|${word}|` : ''}${escapeRegExp(change.from)})`;
  const tail = noun ? `(?:[\\s-]+(?:working|business|calendar|consecutive))?[\\s-]+${escapeRegExp(noun)}s?` : '';
  const found = new RegExp(`(?<![\\w$.,])${numberPattern}${tail}(?![\\w])`, 'i').exec(text);
  if (!found) return null;
  const strike = found[0];
  const toNumber = Number(change.to.replace(/[$,]/g, ''));
  const toWord = numberInWords(toNumber);
  let insert = strike;
  if (word && toWord) insert = insert.replace(new RegExp(`\\b${word}\\b`, 'i'), (w) => (w[0] === w[0].toUpperCase() ? toWord[0].toUpperCase() + toWord.slice(1) : toWord));
  insert = insert.replace(new RegExp(`(?<![\\d.])${escapeRegExp(money ? change.from.replace(/^\$\s?/, '') : change.from)}(?![\\d])`), change.to.replace(/^\$\s?/, ''));
  if (change.unit && noun && !new RegExp(escapeRegExp(noun), 'i').test(strike)) insert = `${insert} ${change.unit}`;
  return { start: found.index, end: found.index + strike.length, strike, insert };
}

/** The subsection path of a line: "(c)(1)" from the labels of the lines above it (D.C.: (a), (1), (A), (i)). */
export function subsectionPath(lines: string[], lineIndex: number): string {
  const levels: string[] = [];
  const levelOf = (label: string, previousLetter: string | undefined): number => {
    if (/^\d+[A-Za-z-]*$/.test(label)) return 1;
    if (/^[ivx]+$/.test(label) && !(label === 'i' && previousLetter === 'h') && !(label === 'v' && previousLetter === 'u') && !(label === 'x' && previousLetter === 'w')) return 3;
    if (/^[a-z](?:-\d+)?$/.test(label)) return 0;
    if (/^[A-Z](?:-[ivx\d]+)?$/.test(label)) return 2;
    return -1;
  };
  for (let i = 0; i <= lineIndex; i++) {
    const labels = [...(lines[i].match(/^(?:\s*\(([A-Za-z0-9-]+)\))+/)?.[0] ?? '').matchAll(/\(([A-Za-z0-9-]+)\)/g)].map((m) => m[1]);
    for (const label of labels) {
      const level = levelOf(label, levels[0]);
      if (level < 0) continue;
      levels.length = level;
      levels[level] = label;
    }
  }
  return levels.filter(Boolean).map((l) => `(${l})`).join('');
}

/** A number cited with its code's name ("Park Code Sec. 1.05", where several of the city's codes have a Sec. 1.05). */
const NAMED_CODE = /^(.*?\bCode)\s+(?=§|Sec\b|Section\b|\d)/i;
/** A number cited with its division's ("Art. 16, § 4-1", where Baltimore's Articles restart their numbers). */
const NAMED_DIVISION = new RegExp(String.raw`^(${DIVISION_WORD})\.?\s+([\w.-]+),\s*`, 'i');
const DIVISION_WORDS: Record<string, string> = { art: 'Article', article: 'Article', title: 'Title', part: 'Part', div: 'Division', division: 'Division', subtitle: 'Subtitle' };

/** "§ 2-532" -> "2-532", "Sec. 1.05" -> "1.05", "Park Code Sec. 1.05" and "Art. 16, § 4-1" -> "1.05", "4-1" (their code: codeOfNumber). */
export const bareNumber = (number: string) =>
  number
    .replace(NAMED_CODE, '')
    .replace(NAMED_DIVISION, '')
    .replace(/^(?:§+|Sec(?:tion)?\.?)\s*/i, '')
    .trim();

/** The code a section is of, for "Section 1.05 of …": the one its number names ("the Park Code"), else the city's code. */
export const codeOfNumber = (number: string, cityCode: string) => {
  const named = NAMED_CODE.exec(number);
  if (named) return `the ${named[1].trim()}`;
  const division = NAMED_DIVISION.exec(number);
  return division ? `${DIVISION_WORDS[division[1].toLowerCase()]} ${division[2]} of ${cityCode}` : cityCode;
};

/**
 * A section as the city's drafts name it (its drafting settings' `section_reference`, else "Section
 * {number} of {code}"): "Section 2-532(c)(1) of the District of Columbia Official Code", "§ 1.05 of the
 * Park Code". `path` is a subsection after the number ("(c)(1)").
 */
export function sectionReference(number: string, form: Pick<DraftingForm, 'code_name' | 'section_reference'>, path = ''): string {
  const parts: Record<string, string> = { number: `${bareNumber(number)}${path}`, code: codeOfNumber(number, form.code_name) };
  return (form.section_reference || DEFAULT_SECTION_REFERENCE).replace(/\{(number|code)\}/g, (_m, key: string) => parts[key]).replace(/\s+/g, ' ').trim();
}

/** `form`: the city's drafting settings, its code's name ("the District of Columbia Official Code") and its form of a section. */
export function findAmendment(section: SectionForAmendment, change: TextChange, form: Pick<DraftingForm, 'code_name' | 'section_reference'>): FoundAmendment | null {
  const lines = section.text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const spot = locate(lines[i], change);
    if (!spot) continue;
    const path = subsectionPath(lines, i);
    const instruction = `${sectionReference(section.number, form, path)} is amended by striking the phrase "${spot.strike}" and inserting the phrase "${spot.insert}" in its place.`;
    return {
      section_id: section.id,
      section_number: section.number,
      section_title: section.title,
      instruction,
      strike: spot.strike,
      insert: spot.insert,
      current_text: section.text,
      quote: lines[i].trim(),
      line: i,
    };
  }
  return null;
}

/** The next subsection letter of a section ("(g)" is the last -> "(h)"), for a new subsection. */
export function nextSubsection(text: string): string {
  const letters = [...text.matchAll(/^\(([a-z])\)/gm)].map((m) => m[1]);
  const last = letters.at(-1);
  return last ? `(${String.fromCharCode(last.charCodeAt(0) + 1)})` : '(a)';
}
