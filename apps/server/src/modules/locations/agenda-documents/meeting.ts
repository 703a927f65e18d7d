/**
 * The meeting, from the document's masthead (the lines before its first item): the body, the
 * date, the time, the place, and whether the document is an agenda or minutes. Item text is
 * never searched: it is full of other dates ("held on October 2, 2012") and other bodies.
 */

import { titleCase } from '../code-book/names';
import type { AgendaMeeting } from './types';

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const MONTH = String.raw`(jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\.?`;
const DATES: [RegExp, (m: RegExpExecArray) => [number, number, number]][] = [
  [new RegExp(String.raw`\b${MONTH}\s+(\d{1,2})(?:st|nd|rd|th)?,?\s+(\d{4})\b`, 'i'), (m) => [Number(m[3]), month(m[1]), Number(m[2])]],
  [new RegExp(String.raw`\b(\d{1,2})(?:st|nd|rd|th)?\s+(?:of\s+)?${MONTH},?\s+(\d{4})\b`, 'i'), (m) => [Number(m[3]), month(m[2]), Number(m[1])]],
  [/\b(\d{4})-(\d{2})-(\d{2})\b/, (m) => [Number(m[1]), Number(m[2]), Number(m[3])]],
  // US order: "10/16/2012", "10-16-12".
  [/\b(\d{1,2})[/.-](\d{1,2})[/.-](\d{4}|\d{2})\b/, (m) => [fullYear(m[3]), Number(m[1]), Number(m[2])]],
];
const TIME = /\b(?:1[0-2]|0?[1-9])(?::[0-5]\d)?\s*[ap]\.?\s*m\b\.?|\bnoon\b/i;
const BODY_NOUN = /^(?:council|commission|committee|subcommittee|board|authority|trustees|supervisors|aldermen|selectmen|commissioners|legislature)$/i;
/** Words around a body's name that are not part of it: "REGULAR MEETING OF THE CITY COUNCIL AGENDA". */
const NOT_NAME = /^(?:agenda|minutes|regular|special|meeting|adjourned|joint|workshop|study|session|notice|revised|amended|final|draft|official|proceedings|of|the|for|and|a|an|to)$/i;
const PLACE_WORD = /\b(?:chambers?|room|hall|building|center|centre|auditorium|library|courthouse|annex|plaza|suite)\b/i;
/** The masthead is at most this many lines (a document with no items at all is not searched further). */
const MASTHEAD_LINES = 40;
/** A masthead line is a heading; of a longer one (running text, or a file with no line breaks) only its start is read. */
const MASTHEAD_LINE_CHARS = 500;

const month = (name: string) => MONTHS.indexOf(name.slice(0, 3).toLowerCase()) + 1;
const fullYear = (y: string) => (y.length === 4 ? Number(y) : Number(y) + (Number(y) < 70 ? 2000 : 1900));

export function meetingDate(text: string): string | null {
  const found = DATES.map(([re, parts]) => ({ m: re.exec(text), parts }))
    .filter((d): d is { m: RegExpExecArray; parts: (m: RegExpExecArray) => [number, number, number] } => d.m !== null)
    .sort((a, b) => a.m.index - b.m.index);
  for (const { m, parts } of found) {
    const [y, mo, d] = parts(m);
    const date = new Date(Date.UTC(y, mo - 1, d));
    if (mo >= 1 && y >= 1900 && y <= 2200 && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d) {
      return `${String(y).padStart(4, '0')}-${String(mo).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
    }
  }
  return null;
}

/** "CITY COUNCIL" of "CITY COUNCIL AGENDA FOR ...", "Board of Zoning Appeals", "Committee of the Whole". */
export function bodyName(text: string): string | null {
  const words = text.split(/\s+/);
  for (let k = 0; k < words.length; k++) {
    const noun = words[k].replace(/[^\p{L}]/gu, '');
    if (!BODY_NOUN.test(noun) || /^(?:chambers?|room)\b/i.test(words[k + 1] ?? '')) continue;
    let from = k;
    while (from > 0 && k - from < 3 && isNameWord(words[from - 1])) from--;
    let to = k;
    if (/^of$/i.test(words[k + 1] ?? '')) {
      let j = k + 2;
      if (/^the$/i.test(words[j] ?? '')) j++;
      while (j < words.length && j - k <= 5 && isNameWord(words[j])) to = j++;
    }
    return titleCase(words.slice(from, to + 1).join(' ').replace(/[,:;–—-]+$/, ''));
  }
  return null;
}

const isNameWord = (word: string) => /^\p{Lu}[\p{L}'’&.-]*$/u.test(word) && !NOT_NAME.test(word.replace(/[.,:;]+$/, ''));

/** A masthead line (the body, the date, the time, the place, "REGULAR MEETING AGENDA") is not a section heading. */
export function isMastheadLine(text: string): boolean {
  return !!(bodyName(text) || meetingDate(text) || TIME.test(text) || PLACE_WORD.test(text)) || /\bmeeting\b|^(?:\S+\s+){0,2}(?:agenda|minutes)$|^(?:city|town|village|county|borough)\s+of\s/i.test(text);
}

export interface MastheadLine {
  text: string;
}

export function readMeeting(masthead: MastheadLine[], fileName: string): AgendaMeeting {
  const lines = masthead.slice(0, MASTHEAD_LINES).map((l) => l.text.slice(0, MASTHEAD_LINE_CHARS));
  const all = lines.join('\n');
  const date = lines.map(meetingDate).find((d) => d !== null) ?? null;
  // "CITY OF SPRINGFIELD – COUNCIL AGENDA" then "Springfield City Council": the fuller name is the body's.
  const bodies = lines.map(bodyName).filter((b): b is string => b !== null);
  const body = bodies.find((b) => b.includes(' ')) ?? bodies[0] ?? null;
  const time = lines.map((l) => TIME.exec(l)?.[0] ?? null).find((t) => t !== null) ?? null;
  const titleLine = lines.find((l) => bodyName(l) || /\b(?:agenda|minutes|meeting)\b/i.test(l));
  const minutesAt = all.search(/\b(?:minutes|proceedings|journal)\b/i);
  const agendaAt = all.search(/\bagenda\b/i);
  const fromName = /minutes/i.test(fileName) ? 'minutes' : 'agenda';
  const document = minutesAt >= 0 && (agendaAt < 0 || minutesAt < agendaAt) ? 'minutes' : agendaAt >= 0 ? 'agenda' : fromName;
  return {
    body,
    title: titleLine ?? fileName.replace(/\.[a-z0-9]+$/i, ''),
    date,
    time: time ? time.trim() : null,
    place: placeOf(lines),
    document,
  };
}

/** "LEGISLATIVE CHAMBERS - 2:00 P.M." -> "Legislative Chambers"; "Location: City Hall, Room 201". */
function placeOf(lines: string[]): string | null {
  for (const line of lines) {
    const labelled = /^(?:location|place|where|held at)\s*:?\s+(.+)$/i.exec(line);
    if (!labelled && !PLACE_WORD.test(line)) continue;
    const place = (labelled ? labelled[1] : line)
      .replace(TIME, ' ')
      .replace(new RegExp(String.raw`\b${MONTH}\s+\d{1,2},?\s+\d{4}`, 'ig'), ' ')
      .replace(/\b(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday)\b,?/gi, ' ')
      .replace(/\s*[-–—|,]\s*(?=[-–—|,]|$)/g, ' ')
      .replace(/^[\s,–—|-]+|[\s,–—|-]+$/g, '')
      .replace(/\s+/g, ' ');
    if (place && place.length <= 120) return titleCase(place);
  }
  return null;
}
