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

export function meetingOf(text: string): MinutesResult['meeting'] {
  const head = text.slice(0, 4_000);
  const lines = head.split('\n').map((l) => l.trim()).filter(Boolean);
  const top = head.slice(0, 500);
  const presidingAt =
    new RegExp(String.raw`(${NAME}),?(?: [\w ]{0,30})? called the (?:[\w-]+ )*(?:meeting|hearing|session) to order`).exec(head)?.[1] ??
    /called to order [^.\n]*? by (?:the )?((?:[A-Z][\w.'’-]+ ?){1,4})/.exec(head)?.[1] ??
    /(?:Presiding(?: officer)?|Chair(?:man|woman|person)?)\s*:\s*([^\n(;,]+)/i.exec(head)?.[1] ??
    /^\s*(?:\w+ )?((?:[A-Z][\w'’-]+ ){1,3}[A-Z][\w'’-]+),? presiding\b/m.exec(head)?.[1];
  const present = attendance(head, /^\s*(?:(?:Council|Committee|Board|Commission|Voting)?\s*(?:members?|commissioners?|trustees?|supervisors?|councilmembers?)\s+)?(?:present|participating|in attendance)\b(?!\s+(?:via|by))/i);
  const absent = attendance(head, /^\s*(?:(?:Council|Committee|Board|Commission)?\s*(?:members?|commissioners?|trustees?|supervisors?|councilmembers?)\s+)?(?:absent|not present|excused)\b/i);
  const presiding = cleanName(presidingAt);
  const fullPresiding = presiding ? (present.find((p) => p.split(/\s+/).pop() === presiding.split(/\s+/).pop()) ?? presiding) : null;
  return {
    body: lines[0] ?? null,
    meeting_type: /special|emergency/i.test(top) ? 'special' : /committee/i.test(top) ? 'committee' : /hearing/i.test(top) ? 'hearing' : /work(?:ing)? session|workshop/i.test(top) ? 'work session' : 'regular',
    date: DATE.exec(head)?.[0] ?? null,
    time: new RegExp(String.raw`to order at (${TIME.source})`, 'i').exec(head)?.[1] ?? TIME.exec(head)?.[0] ?? null,
    place:
      /^(?:Place|Location|Where|Meeting place)\s*:\s*(.+)$/im.exec(head)?.[1].trim() ??
      lines.find((l) => /\b(?:Room|Chamber|Building|Hall|Center|Library|Street|Avenue|NW|NE|SW|SE|virtual|Zoom|WebEx|Teams)\b/.test(l) && l.length < 200) ??
      null,
    presiding: fullPresiding,
    present,
    absent,
    quorum: /\bno quorum|lack of a quorum|quorum was not|without a quorum|did not have a quorum|quorum\s*(?:\([^)]*\))?\s*:\s*no\b/i.test(head) ? false : /\bquorum\b/i.test(head) ? true : null,
  };
}
