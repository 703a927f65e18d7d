import type { AgendaItemRecord, LegislationRecord, MeetingRecord } from '../../../imports/records';
import { normaliseDay } from '../../../imports/records';
import type { LegistarEvent, LegistarEventItem, LegistarMatter, LegistarMatterHistory, LegistarVote } from './types';

/**
 * Legistar rows -> the records every city's data is stored as (imports/records.ts): a meeting per
 * event, an agenda item per event item that is an item of business (it has a number or a matter),
 * a measure per matter that is an ordinance, a resolution or a proclamation. Pure.
 */

const clean = (v: string | null | undefined) => (v ?? '').replace(/\r\n?/g, '\n').replace(/[ \t]+/g, ' ').replace(/\n{3,}/g, '\n\n').trim();
/** "*Life Enrichment Committee": Legistar marks bodies no longer active with an asterisk. */
export const bodyName = (v: string | null | undefined) => clean(v).replace(/^\*+\s*/, '') || 'Meeting';
const day = (v: string | null | undefined) => normaliseDay(v?.slice(0, 10));

export const meetingId = (id: number) => `legistar-event-${id}`;
export const itemId = (id: number) => `legistar-eventitem-${id}`;
export const measureId = (id: number) => `legistar-matter-${id}`;

export function meetingOf(e: LegistarEvent): MeetingRecord | null {
  const date = day(e.EventDate);
  if (!date) return null;
  const body = bodyName(e.EventBodyName);
  return {
    id: meetingId(e.EventId),
    date,
    meeting_type: body.toUpperCase().slice(0, 100),
    title: `${body} meeting${e.EventTime ? `, ${clean(e.EventTime)}` : ''}${e.EventLocation ? `, ${clean(e.EventLocation)}` : ''}`.slice(0, 500),
    body,
    derived_from: null,
  };
}

type Kind = AgendaItemRecord['document_type'];
/** The matter's type as the four kinds of item the product knows ("City Resolution", "Ordinance", "Proclamation"...). */
export function kindOf(matterType: string | null | undefined): Kind {
  const t = matterType ?? '';
  // New York's local laws are "Introductions"; other cities say "Bill" or "Local Law".
  if (/ordinance|introduction|\bbill\b|local law/i.test(t)) return 'ORDINANCE';
  if (/resolution/i.test(t)) return 'RESOLUTION';
  if (/proclamation/i.test(t)) return 'PROCLAMATION';
  return 'AGENDA_ITEM';
}

/**
 * An item's title and the rest of its text. Oakland writes the staff report's cover into the title
 * ("Subject: … From: … Recommendation: …"): the subject is the title, the whole text the description.
 */
export function titleOf(raw: string | null | undefined): { title: string; rest: string } {
  const text = clean(raw);
  const subject = text.match(/^Subject:\s*([^\n]+)/i);
  if (subject) return { title: subject[1].trim().slice(0, 500), rest: text };
  const [first, ...more] = text.split('\n');
  if (first.length <= 500) return { title: first.trim(), rest: more.join('\n').trim() };
  return { title: `${first.slice(0, 497).replace(/\s+\S*$/, '')}…`, rest: text };
}

/** "Aye: Bas, Gallo, Kaplan. No: Taylor. Absent: …": a roll call grouped by vote, in the API's order. */
export function rollCallText(votes: LegistarVote[]): string {
  const groups = new Map<string, string[]>();
  for (const v of votes) {
    const name = clean(v.VotePersonName);
    if (!name) continue;
    const value = clean(v.VoteValueName) || 'Recorded';
    groups.set(value, [...(groups.get(value) ?? []), name]);
  }
  return [...groups].map(([value, names]) => `${value}: ${names.join(', ')}.`).join(' ');
}

/** The decision as a clerk writes it: the action, who moved and seconded, the outcome, the roll call. */
export function actionOf(item: LegistarEventItem, votes: LegistarVote[]): string {
  const parts: string[] = [];
  const text = clean(item.EventItemActionText);
  if (text) parts.push(text);
  else {
    if (item.EventItemActionName) parts.push(`${clean(item.EventItemActionName)}.`);
    if (item.EventItemMover) parts.push(`Moved by ${clean(item.EventItemMover)}${item.EventItemSeconder ? `, seconded by ${clean(item.EventItemSeconder)}` : ''}.`);
  }
  if (item.EventItemPassedFlagName && !/\b(carried|passed|failed)\b/i.test(text)) parts.push(`Result: ${clean(item.EventItemPassedFlagName)}.`);
  if (item.EventItemTally) parts.push(`Tally: ${clean(item.EventItemTally)}.`);
  const roll = rollCallText(votes);
  if (roll) parts.push(roll);
  // Oakland's action text ends "… carried by the following vote:" whether or not the API has the roll call.
  else if (/following vote:\s*$/i.test(text)) parts.push('(The roll call is not in the city’s Legistar record.)');
  return parts.join(' ');
}

/** An item of business: one with a number on the agenda or a matter; headings, notices and "*" notes are not. */
export function isItemOfBusiness(item: LegistarEventItem): boolean {
  if (item.EventItemMatterId) return true;
  const number = clean(item.EventItemAgendaNumber);
  return /[0-9A-Za-z]/.test(number);
}

export function agendaItemOf(item: LegistarEventItem, meeting: MeetingRecord, votes: LegistarVote[], measures: Set<string>): AgendaItemRecord {
  const { title, rest } = titleOf(item.EventItemTitle || item.EventItemMatterName || `Item ${item.EventItemAgendaNumber ?? item.EventItemId}`);
  const action = actionOf(item, votes);
  const note = clean(item.EventItemAgendaNote);
  const passed = item.EventItemPassedFlagName ? (/^pass/i.test(item.EventItemPassedFlagName) ? 'Passed' : /^fail/i.test(item.EventItemPassedFlagName) ? 'Failed' : clean(item.EventItemPassedFlagName)) : null;
  const legislation = item.EventItemMatterId ? measureId(item.EventItemMatterId) : null;
  return {
    id: itemId(item.EventItemId),
    agenda_id: meeting.id,
    date: meeting.date,
    section_name: item.EventItemConsent ? 'CONSENT CALENDAR' : null,
    title: clean(item.EventItemAgendaNumber) ? `${clean(item.EventItemAgendaNumber)}. ${title}`.slice(0, 520) : title,
    description: [rest, note, action].filter(Boolean).join('\n\n'),
    document_type: kindOf(item.EventItemMatterType),
    file_number: clean(item.EventItemMatterFile) || null,
    committee: /committee|commission/i.test(meeting.body ?? '') ? meeting.body : null,
    legislation_id: legislation && measures.has(legislation) ? legislation : null,
    status: passed ?? (clean(item.EventItemActionName) || clean(item.EventItemMatterStatus) || null),
  };
}

/** A matter that is an ordinance, a resolution or a proclamation, with its votes from its history; other matters are not measures. */
export function measureOf(m: LegistarMatter, history: LegistarMatterHistory[]): LegislationRecord | null {
  const kind = kindOf(m.MatterTypeName);
  if (kind === 'AGENDA_ITEM') return null;
  const votes = history
    .filter((h) => h.MatterHistoryPassedFlag !== null && h.MatterHistoryPassedFlag !== undefined && day(h.MatterHistoryActionDate))
    .map((h) => ({
      date: day(h.MatterHistoryActionDate) as string,
      reading: [clean(h.MatterHistoryActionName), clean(h.MatterHistoryActionBodyName) && `(${clean(h.MatterHistoryActionBodyName)})`, clean(h.MatterHistoryPassedFlagName)]
        .filter(Boolean)
        .join(' '),
    }));
  const passed = day(m.MatterPassedDate);
  if (!votes.length && passed) votes.push({ date: passed, reading: 'Passed' });
  const name = clean(m.MatterName);
  const fullTitle = clean(m.MatterTitle);
  const enactmentNumber = m.MatterEnactmentNumber === null || m.MatterEnactmentNumber === undefined ? null : String(m.MatterEnactmentNumber).trim() || null;
  return {
    id: measureId(m.MatterId),
    kind: kind.toLowerCase(),
    council_period: null,
    law_number: enactmentNumber,
    act_number: null,
    bill_number: null,
    file_number: clean(m.MatterFile) || null,
    title: (name || fullTitle).slice(0, 1000),
    long_title: name && fullTitle !== name ? fullTitle : '',
    introduced: day(m.MatterIntroDate),
    enacted: day(m.MatterEnactmentDate),
    effective: null,
    committee: /committee|commission/i.test(m.MatterBodyName ?? '') ? bodyName(m.MatterBodyName) : null,
    summary: clean(m.MatterNotes),
    votes,
    history_url: null,
    text: '',
    document_type: kind,
  };
}
