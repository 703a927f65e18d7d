import { businessCalendar, businessDaysBetween } from '../calendar';
import type { LocationLaw } from '../../locations/settings';
import { ruleBasis, type RuleFinding } from './types';
import type { FindingBasis } from '@civicdesk/contract';

/**
 * The open-meetings rule set (decision 024) for a notice or an agenda: it states the meeting's date,
 * time and place; it was posted early enough (the location's lead time: for the District, § 2-576(1),
 * 48 hours or 2 business days, whichever is greater, emergency meetings aside); each agenda item
 * says what it is about.
 */
const MONTHS = 'January|February|March|April|May|June|July|August|September|October|November|December';
const MONTH_INDEX = new Map(MONTHS.split('|').map((m, i) => [m.toLowerCase().slice(0, 3), i + 1]));
const DATE = new RegExp(
  String.raw`\b(?:(?:Mon|Tues|Wednes|Thurs|Fri|Satur|Sun)day,?\s+)?(?:(${MONTHS}|Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sept?|Oct|Nov|Dec)\.?\s+(\d{1,2})(?:st|nd|rd|th)?,?\s+(\d{4})|(\d{1,2})/(\d{1,2})/(\d{4})|(\d{4})-(\d{2})-(\d{2}))\b`,
  'g',
);
const TIME = /\b(?:(\d{1,2})(?::(\d{2}))?\s*([ap])\.?\s?m\b\.?|(noon)\b)/gi;
const POSTED = /\b(?:posted|published|issued|notice date|date of (?:this )?notice|date posted|posting date|dated|distributed)\b/i;
/** The sentence up to a position: what stands before it since the last full stop or line break. */
const sentenceBefore = (text: string, at: number) => {
  const head = text.slice(Math.max(0, at - 160), at);
  const cut = Math.max(head.lastIndexOf('\n'), head.search(/[.!?]\s+(?=[A-Z][^.!?]*$)/));
  return cut >= 0 ? head.slice(cut + 1) : head;
};
const sentenceAfter = (text: string, at: number) => text.slice(at, at + 160).split(/\n|(?<=[a-z0-9)])[.!?]\s+(?=[A-Z])/)[0];
const PLACE =
  /\b\d{1,6}\s+(?:[A-Z0-9][\w'.-]*\s+){0,4}(?:Street|St|Avenue|Ave|Road|Rd|Boulevard|Blvd|Place|Pl|Drive|Dr|Way|Lane|Ln|Court|Ct|Terrace|Circle)\b|\b(?:Room|Suite|Hearing Room|Chamber|Chambers|Building|City Hall|Town Hall|Library|Recreation Center|Community Center|Auditorium)\b|\b(?:virtual(?:ly)?|online|Zoom|WebEx|Webex|Microsoft Teams|teleconference|video ?conference|dial-in|livestream)\b|\b(?:Location|Place|Where)\s*:/i;
/** An emergency meeting, unless the notice says it is not one ("it is not an emergency meeting"). */
const EMERGENCY = /(?<!\b(?:not an?|non-)\s?)\bemergency (?:meeting|session)\b/i;
const MEETING_WORDS = /\b(?:meet|meets|meeting|hearing|convene|convenes|session|begin|begins|start|starts)\b/i;
const PROCEDURAL = /^(?:call to order|roll call|determination of (?:a )?quorum|quorum|approval of (?:the )?(?:agenda|minutes)|adopt(?:ion of)? (?:the )?agenda|adjourn(?:ment)?|public comments?|pledge of allegiance|announcements|invocation|moment of silence|closing remarks|opening remarks|welcome)\b/i;
const ITEM = /^[ \t]*(?:Item\s+)?((?:\d{1,2}|[IVX]{1,4}|[A-H])(?:\.\d{1,2})?[.)])[ \t]+(\S[^\n]*)$/gm;

interface Moment {
  day: string;
  start: number;
  end: number;
}

function datesIn(text: string): Moment[] {
  return [...text.matchAll(DATE)].flatMap((m) => {
    const [year, month, day] = m[1]
      ? [Number(m[3]), MONTH_INDEX.get(m[1].toLowerCase().slice(0, 3)) ?? 0, Number(m[2])]
      : m[4]
        ? [Number(m[6]), Number(m[4]), Number(m[5])]
        : [Number(m[7]), Number(m[8]), Number(m[9])];
    if (month < 1 || month > 12 || day < 1 || day > 31) return [];
    const iso = `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
    return [{ day: iso, start: m.index, end: m.index + m[0].length }];
  });
}

const lineBefore = (text: string, at: number) => text.slice(text.lastIndexOf('\n', at - 1) + 1, at);
const minutesOf = (m: RegExpMatchArray) => (m[4] ? 12 * 60 : ((Number(m[1]) % 12) + (m[3].toLowerCase() === 'p' ? 12 : 0)) * 60 + Number(m[2] ?? 0));

export function checkOpenMeetings(text: string, law: LocationLaw, stateCode: string, openMeetingsSection: FindingBasis | null): RuleFinding[] {
  const basis = openMeetingsSection ?? ruleBasis('Open meetings', `Notice of a public meeting at least ${law.open_meetings.notice_hours} hours before it`);
  const findings: RuleFinding[] = [];
  const whole = (rule: string, explanation: string, suggestion: string): RuleFinding => ({
    ruleSet: 'open_meetings',
    rule: `open_meetings.${rule}`,
    severity: 'high',
    start: null,
    end: null,
    quote: text.trim().split('\n')[0].slice(0, 120),
    basis,
    explanation,
    suggestion,
  });
  const dates = datesIn(text);
  const posting = dates.find((d) => POSTED.test(sentenceBefore(text, d.start)));
  const meetingDates = dates.filter((d) => d !== posting);
  // The meeting's time stands in the sentence of a meeting date, or on a line of its own ("Time: 6:30 p.m.").
  const times = [...text.matchAll(TIME)].filter(
    (t) =>
      (!posting || t.index < posting.start || t.index > posting.end + 30) &&
      (/\btime\b[^\n]{0,20}$/i.test(lineBefore(text, t.index)) ||
        MEETING_WORDS.test(sentenceBefore(text, t.index)) ||
        meetingDates.some((d) => sentenceAfter(text, d.start).includes(t[0]) || sentenceBefore(text, t.index).includes(text.slice(d.start, d.end)))),
  );
  if (!meetingDates.length) findings.push(whole('missing_date', 'The notice does not say on what date the meeting is held.', 'State the date of the meeting, e.g. "Monday, December 7, 2026".'));
  if (!times.length) findings.push(whole('missing_time', 'The notice does not say at what time the meeting starts.', 'State the starting time, e.g. "6:30 p.m.".'));
  if (!PLACE.test(text)) findings.push(whole('missing_place', 'The notice does not say where the meeting is held (an address, a room, or how to join online).', 'State the place: the building and room, or the link or dial-in of a virtual meeting.'));
  if (posting && meetingDates.length && !EMERGENCY.test(text)) {
    const meeting = meetingDates.find((d) => d.day >= posting.day) ?? meetingDates[0];
    const meetingTime = times.find((t) => t.index > meeting.start) ?? times[0];
    const postingTime = [...text.slice(posting.end, posting.end + 30).matchAll(TIME)][0];
    const meetMinutes = meetingTime ? minutesOf(meetingTime) : 0;
    const postMinutes = postingTime ? minutesOf(postingTime) : 0;
    const hours = (Date.parse(`${meeting.day}T00:00:00Z`) - Date.parse(`${posting.day}T00:00:00Z`)) / 3_600_000 + (meetMinutes - postMinutes) / 60;
    const businessDays = businessDaysBetween(businessCalendar(stateCode), posting.day, meeting.day) - (meetMinutes < postMinutes ? 1 : 0);
    const { notice_hours: needHours, notice_business_days: needDays } = law.open_meetings;
    if (hours < needHours || businessDays < needDays) {
      findings.push({
        ...whole(
          'late_posting',
          `The notice was posted ${text.slice(posting.start, posting.end)} for a meeting on ${text.slice(meeting.start, meeting.end)}: ${Math.max(0, Math.round(hours))} hours${needDays ? ` and ${Math.max(0, businessDays)} business day${businessDays === 1 ? '' : 's'}` : ''} ahead, less than the ${needHours} hours${needDays ? ` or ${needDays} business days, whichever is greater,` : ''} the rule requires.`,
          'Post the notice earlier, move the meeting, or state the emergency that allows shorter notice.',
        ),
        start: posting.start,
        end: posting.end,
        quote: text.slice(posting.start, posting.end),
      });
    }
  }
  findings.push(...itemFindings(text, basis));
  return findings;
}

function itemFindings(text: string, basis: FindingBasis): RuleFinding[] {
  const items = [...text.matchAll(ITEM)];
  if (items.length < 2) return [];
  const out: RuleFinding[] = [];
  items.forEach((m, i) => {
    const title = m[2].trim();
    const bodyEnd = i + 1 < items.length ? items[i + 1].index : text.length;
    const following = text.slice(m.index + m[0].length, bodyEnd).split(/\n\s*\n/)[0].trim();
    const words = (title.match(/[\p{L}\p{N}]+/gu) ?? []).length + (following.match(/[\p{L}\p{N}]+/gu) ?? []).length;
    if (PROCEDURAL.test(title.replace(/^[-–—:\s]+/, '')) || words >= 6 || following.length > 0) return;
    const start = m.index + m[0].indexOf(m[1]);
    const end = m.index + m[0].trimEnd().length;
    out.push({
      ruleSet: 'open_meetings',
      rule: 'open_meetings.item_without_description',
      severity: 'medium',
      start,
      end,
      quote: text.slice(start, end),
      basis,
      explanation: `The agenda item “${title}” does not say what it is about, so the public cannot tell what will be discussed or decided.`,
      suggestion: 'Add a sentence saying what the item is about and what action may be taken.',
    });
  });
  return out;
}
