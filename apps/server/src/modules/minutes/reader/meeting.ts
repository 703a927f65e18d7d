import type { MinutesResult } from '@civicdesk/contract';
import { cleanName, NAME } from './names';

/** The meeting a record is of: body, type, date, time, place, presiding officer, attendance and quorum, read from its head. */
export const DATE = /\b(?:(?:Mon|Tues|Wednes|Thurs|Fri|Satur|Sun)day,?\s+)?(?:January|February|March|April|May|June|July|August|September|October|November|December)\s+\d{1,2},\s+\d{4}\b|\b\d{1,2}\/\d{1,2}\/\d{4}\b/;
const TIME = /\b\d{1,2}(?::\d{2})?\s*[ap]\.?m\.?/i;
const ROLE_ONLY = /^(?:Ward \d+|At[- ]Large|\d[A-Z]\d{2}|(?:Vice )?(?:Chair\w*|President)|Treasurer|Secretary|Clerk|Commissioner|Board Member|Member|Trustee|presiding|none)$/i;

/** "Present:" lists in the forms minutes use: on the line itself, or one member per line beneath a heading. */
function attendance(head: string, heading: RegExp): string[] {
  const lines = head.split('\n');
  const at = lines.findIndex((l) => heading.test(l));
  if (at < 0) return [];
  const rest = lines[at].replace(heading, '').replace(/^[^:]*:/, '').trim();
  let entries: string[];
  if (rest && !/^\(?\d+\)?:?$/.test(rest)) {
    // One line: "Chairman Holloway; Councilmembers Voss, Pruitt and Bellamy. All thirteen were present."
    entries = rest.replace(/\.\s+[A-Z].*$/, '').split(/\s*(?:[;,]|\band\b)\s*/);
  } else {
    entries = [];
    for (const line of lines.slice(at + 1)) {
      if (!line.trim()) break;
      if (/^\s*[A-Z][A-Z ]{3,}\s*(?:\(|:|$)/.test(line) && line.trim() === line.trim().toUpperCase()) break;
      entries.push(line.trim().replace(/^[-*•]\s*/, '').split(',')[0]);
    }
  }
  return entries
    .map((e) => e.replace(/\([^)]*\)/g, '').replace(/,.*$/, ''))
    .flatMap((e) => e.split(/;\s*/))
    .filter((e) => !ROLE_ONLY.test(e.trim()))
    .map((e) => cleanName(e))
    .filter((e): e is string => !!e && !ROLE_ONLY.test(e) && !/^The /.test(e) && /^\p{Lu}/u.test(e) && e.split(/\s+/).length <= 4);
}

const PLACE_WORD = /\b(?:Room|Chamber|Chambers|Building|Hall|Center|Centre|Library|Auditorium|School|Street|Avenue|Road|NW|NE|SW|SE|Teams|[Vv]irtual(?:ly)?|Zoom|Web[Ee]x)\b/;
/** "... called to order at 10:04 a.m. by Chairman X in Room 500 of the John A. Wilson Building." → the place, not the sentence. */
const PLACE_IN = /\b(?:in|at)\s+((?:the\s+)?[A-Z0-9][\w'’#-]*(?:(?:\s+|,\s+)(?:of|the|and|on|at|for|[A-Z]\.(?=\s+[A-Z])|(?:Jr|Sr|St|Mt|Ave)\.(?=\s+[A-Z])|[A-Z0-9][\w'’#-]*))*)/g;
export function placeIn(sentence: string): string | null {
  for (const m of sentence.matchAll(PLACE_IN)) {
    const place = m[1].replace(/\s+at\s+\d{1,2}\b.*$/, '').replace(/(?:\s+(?:of|the|and|on|at|for))+$/, '').replace(/[.,]+$/, '');
    if (PLACE_WORD.test(place) && !/^\d{1,2}\b/.test(place.replace(/^the\s+/, '')) ) return place;
  }
  return null;
}

/** The sentence that opens the meeting. */
const OPENING = /\b(?:called (?:the meeting )?to order|convened|was held)\b/i;

/** A date and a time a heading line opens with ("Tuesday, March 10, 2026, 7:00 p.m., Council Chambers"): when, not where. */
const WHEN_FIRST = new RegExp(String.raw`^(?:(?:${DATE.source})|(?:${TIME.source})|[\s,;–—-]|\bat\b)+`, 'i');
const withoutWhen = (place: string | null) => {
  const rest = place?.replace(WHEN_FIRST, '').trim();
  return place && rest && rest !== place && PLACE_WORD.test(rest) ? rest : place;
};

/** "MINUTES OF THE REGULAR MEETING OF THE RIVERTON CITY COUNCIL held March 10, …": the body, not the sentence. */
function bodyOf(first: string | undefined, second = ''): string | null {
  // A transcript that opens on a speaker's turn ("Clerk: Item 12. Council Bill 26-041, …") does not name its body.
  if (!first || /^(?:[A-Z][a-z][\w.'’-]*(?:\s+[A-Z][a-z][\w.'’-]*){0,3}|Speaker\s+\d+)\s*:\s+\S.{20}/.test(first)) return null;
  // "CITY OF RIVERTON" over "REGULAR MEETING OF THE CITY COUNCIL": the council of that city, "City Council, City of Riverton".
  const council = JURISDICTION.test(first)
    ? (/\b(?:meeting|session)s? of (?:the )?(.{3,60}?)\s*$/i.exec(second)?.[1] ?? /^(?:minutes of (?:the )?)?(.{3,40}?)\s+(?:(?:regular|special|adjourned|emergency|work|study)\s+)?(?:meeting|session)s?$/i.exec(second)?.[1])
    : undefined;
  if (council && !JURISDICTION.test(council)) return `${asWritten(council)}, ${asWritten(first)}`;
  const named = /\b(?:meeting|session|hearing)s? of (?:the )?(.{3,80}?)(?=\s+(?:held|on|at|in|convened)\b|[,.;]|\s*$)/i.exec(first)?.[1];
  return named && (first.length > 80 || DATE.test(first)) ? named : first;
}

/** A heading that only names a place: "CITY OF RIVERTON", "Town of Vail", "ARLINGTON COUNTY". */
const JURISDICTION = /^(?:(?:the\s+)?(?:city|town|village|county|borough|township|city and county) of [A-Za-z .'’-]{2,40}|[A-Za-z .'’-]{2,40} county)$/i;
/** A heading in capitals as a name is written ("CITY COUNCIL" -> "City Council"; "of", "the" and "and" small). */
const asWritten = (s: string) =>
  s !== s.toUpperCase() ? s : s.toLowerCase().replace(/\b[a-z]/g, (c) => c.toUpperCase()).replace(/\b(Of|The|And)\b/g, (w, _m, at: number) => (at === 0 ? w : w.toLowerCase()));

function placeOf(head: string, lines: string[]): string | null {
  return withoutWhen(placeFrom(head, lines));
}

function placeFrom(head: string, lines: string[]): string | null {
  const labelled = /^(?:Place|Location|Where|Meeting place|Venue)\s*:\s*(.+)$/im.exec(head)?.[1].trim();
  if (labelled) return labelled;
  // The sentence that opens the meeting says where it is; otherwise a heading line that names a place (never a bill's title).
  const opening = lines.find((l) => OPENING.test(l) && placeIn(l) !== null);
  const opened = opening && placeIn(opening.slice(opening.search(OPENING)));
  if (opened) return opened;
  const line = lines.find((l) => PLACE_WORD.test(l) && l.length < 300 && !/\b(?:Act of \d{4}|Bill \d|Resolution|Ordinance|Amendment Act)\b/.test(l));
  if (!line) return null;
  // A sentence of the record ("The meeting was called to order ... in Room 500 ..."): only its place.
  if (/\b(?:called to order|convened|met|was held|were held|took place|reconvened)\b/i.test(line) || /[a-z]{3,}\.\s*$/.test(line)) return placeIn(line) ?? (line.length < 200 ? line : null);
  if (line.length >= 200) return null;
  // A heading's place may run on to an address on the next line; a long aside in brackets is not the place.
  const next = lines[lines.indexOf(line) + 1] ?? '';
  const place = /^\d{1,5} [A-Z][\w.'’ -]{2,60}\b(?:Street|St|Avenue|Ave|Road|Rd|Boulevard|Blvd|Place|Drive|Way|Plaza)\b/.test(next) && !PLACE_WORD.test(line.replace(/^[^,]*,/, '').match(/\d{1,5} [A-Z]/) ? 'x' : '') && !/\d{1,5} [A-Z]\w* (?:Street|Avenue|Road)/.test(line) ? `${line}, ${next}` : line;
  return place.replace(/\s*\([^)]{40,}\)\s*$/, '');
}

export function meetingOf(text: string): MinutesResult['meeting'] {
  const head = text.slice(0, 4_000);
  const lines = head.split('\n').map((l) => l.trim()).filter(Boolean);
  const top = head.slice(0, 500);
  const presidingAt =
    new RegExp(String.raw`(${NAME}),?(?: [\w ]{0,30})? called the (?:[\w-]+ )*(?:meeting|hearing|session) to order`).exec(head)?.[1] ??
    /called to order (?:[^.\n]|(?<=\b[ap]|\b[ap]\.m)\.)*? by (?:the )?((?:[A-Z][\w.'’-]+ ?){1,4})/.exec(head)?.[1] ??
    /(?:Presiding(?: officer)?|Chair(?:man|woman|person)?)\s*:\s*([^\n(;,]+)/i.exec(head)?.[1] ??
    /^\s*(?:\w+ )?((?:[A-Z][\w'’-]+ ){1,3}[A-Z][\w'’-]+),? presiding\b/m.exec(head)?.[1];
  const present = attendance(head, /^\s*(?:(?:Council|Committee|Board|Commission|Voting)?\s*(?:members?|commissioners?|trustees?|supervisors?|councilmembers?)\s+)?(?:present|participating|in attendance)\b(?!\s+(?:via|by))/i);
  const absent = attendance(head, /^\s*(?:(?:Council|Committee|Board|Commission)?\s*(?:members?|commissioners?|trustees?|supervisors?|councilmembers?)\s+)?(?:absent|not present|excused)\b/i);
  const presiding = cleanName(presidingAt);
  const fullPresiding = presiding ? (present.find((p) => p.split(/\s+/).pop() === presiding.split(/\s+/).pop()) ?? presiding) : null;
  return {
    body: bodyOf(lines[0], lines[1]),
    meeting_type: /special|emergency/i.test(top) ? 'special' : /committee/i.test(top) ? 'committee' : /hearing/i.test(top) ? 'hearing' : /work(?:ing)? session|workshop/i.test(top) ? 'work session' : 'regular',
    date: DATE.exec(head)?.[0] ?? null,
    // "7:03 PM." ends its sentence: the dot is not the time's ("7:03 p.m." keeps its own).
    time: (new RegExp(String.raw`to order at (${TIME.source})`, 'i').exec(head)?.[1] ?? TIME.exec(head)?.[0] ?? null)?.replace(/([ap]m)\.$/i, '$1') ?? null,
    place: placeOf(head, lines),
    presiding: fullPresiding,
    present,
    absent,
    quorum: /\bno quorum|lack of a quorum|quorum was not|without a quorum|did not have a quorum|quorum\s*(?:\([^)]*\))?\s*:\s*no\b/i.test(head) ? false : /\bquorum\b/i.test(head) ? true : null,
  };
}
