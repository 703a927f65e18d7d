import type { AgendaItemRecord, LegislationRecord, MeetingRecord } from '../../../imports/records';
import { type LegistarClient, LegistarError } from './client';
import { agendaItemOf, isItemOfBusiness, measureId, measureOf, meetingOf } from './map';
import type { LegistarEvent, LegistarEventItem, LegistarMatter, LegistarMatterHistory, LegistarVote } from './types';

export { legistarClient, LegistarError } from './client';

/**
 * A city's meetings, agenda items and measures read from its Legistar Web API since a day: the
 * events, each event's items (with the roll call of each item voted on), the matters introduced
 * since then and those the items name, each with its history. What could not be read is a problem
 * with where it was; the rest is still imported.
 */
export const LEGISTAR_MAX_EVENTS = 3000;
export const LEGISTAR_MAX_MATTERS = 5000;
const CONCURRENCY = 4;

export interface LegistarReading {
  meetings: MeetingRecord[];
  items: AgendaItemRecord[];
  measures: LegislationRecord[];
  counts: { meetings: number; agenda_items: number; measures: number; roll_calls: number; skipped_items: number };
  problems: { file: string; where: string; message: string }[];
  /** The latest meeting day read (the next refresh starts a fortnight before it). */
  latestDay: string | null;
}

/** Runs `fn` over `list`, `CONCURRENCY` at a time, in order of the list. */
async function eachLimited<T>(list: T[], fn: (value: T, index: number) => Promise<void>) {
  let next = 0;
  const run = async () => {
    while (next < list.length) {
      const k = next++;
      await fn(list[k], k);
    }
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, list.length) }, run));
}

const odataDay = (day: string) => `datetime'${day}'`;
const why = (err: unknown) => (err instanceof LegistarError ? err.message : 'could not be read');

export async function readLegistar(api: LegistarClient, opts: { client: string; since: string; onProgress?: (fraction: number) => void }): Promise<LegistarReading> {
  const problems: LegistarReading['problems'] = [];
  const problem = (where: string, err: unknown) => problems.push({ file: `legistar:${opts.client}`, where, message: why(err) });
  const progress = opts.onProgress ?? (() => undefined);

  // The listing itself must be read: without it there is nothing to import, and the job fails with the reason.
  const events = await api.all<LegistarEvent>('events', { $filter: `EventDate ge ${odataDay(opts.since)}`, $orderby: 'EventDate' }, LEGISTAR_MAX_EVENTS);
  if (events.truncated) problems.push({ file: `legistar:${opts.client}`, where: 'events', message: `more than ${LEGISTAR_MAX_EVENTS} meetings since ${opts.since}: the first ${LEGISTAR_MAX_EVENTS} were read; import again from a later day for the rest` });
  const meetings: MeetingRecord[] = [];
  const eventOf = new Map<number, MeetingRecord>();
  for (const e of events.rows) {
    const meeting = typeof e?.EventId === 'number' ? meetingOf(e) : null;
    if (!meeting) {
      problems.push({ file: `legistar:${opts.client}`, where: `event ${e?.EventId ?? '?'}`, message: 'no meeting date: not imported' });
      continue;
    }
    meetings.push(meeting);
    eventOf.set(e.EventId, meeting);
  }
  progress(0.1);

  const itemsByEvent = new Map<number, LegistarEventItem[]>();
  let done = 0;
  await eachLimited([...eventOf.keys()], async (eventId) => {
    try {
      const rows = await api.get<LegistarEventItem[]>(`events/${eventId}/eventitems`, { AgendaNote: '1', MinutesNote: '1' });
      itemsByEvent.set(eventId, Array.isArray(rows) ? rows.filter((r) => typeof r?.EventItemId === 'number') : []);
    } catch (err) {
      problem(`event ${eventId}: agenda items`, err);
    }
    progress(0.1 + (0.4 * ++done) / Math.max(1, eventOf.size));
  });

  // A roll call is read for each item voted on (it has a pass/fail flag or is flagged a roll call).
  const voted = [...itemsByEvent.values()].flat().filter((i) => isItemOfBusiness(i) && (i.EventItemPassedFlag !== null && i.EventItemPassedFlag !== undefined || i.EventItemRollCallFlag === 1));
  const votesOf = new Map<number, LegistarVote[]>();
  done = 0;
  await eachLimited(voted, async (item) => {
    try {
      const rows = await api.get<LegistarVote[]>(`eventitems/${item.EventItemId}/votes`);
      if (Array.isArray(rows) && rows.length) votesOf.set(item.EventItemId, rows);
    } catch (err) {
      // Many cities record no per-member votes: a 404 or an empty list is not a problem worth a line.
      if (!(err instanceof LegistarError && err.status === 404)) problem(`item ${item.EventItemId}: roll call`, err);
    }
    progress(0.5 + (0.15 * ++done) / Math.max(1, voted.length));
  });

  // Matters introduced since the day, and those the items name that were introduced before it.
  const matters = new Map<number, LegistarMatter>();
  try {
    const listed = await api.all<LegistarMatter>('matters', { $filter: `MatterIntroDate ge ${odataDay(opts.since)}` }, LEGISTAR_MAX_MATTERS);
    for (const m of listed.rows) if (typeof m?.MatterId === 'number') matters.set(m.MatterId, m);
    if (listed.truncated) problems.push({ file: `legistar:${opts.client}`, where: 'matters', message: `more than ${LEGISTAR_MAX_MATTERS} measures since ${opts.since}: the first ${LEGISTAR_MAX_MATTERS} were read` });
  } catch (err) {
    problem('matters', err);
  }
  const named = [...new Set([...itemsByEvent.values()].flat().map((i) => i.EventItemMatterId).filter((id): id is number => typeof id === 'number' && !matters.has(id)))];
  await eachLimited(named.slice(0, LEGISTAR_MAX_MATTERS), async (id) => {
    try {
      const m = await api.get<LegistarMatter>(`matters/${id}`);
      if (typeof m?.MatterId === 'number') matters.set(m.MatterId, m);
    } catch (err) {
      problem(`matter ${id}`, err);
    }
  });
  progress(0.75);

  const measures: LegislationRecord[] = [];
  const candidates = [...matters.values()].filter((m) => measureOf(m, []) !== null);
  done = 0;
  await eachLimited(candidates, async (m) => {
    let history: LegistarMatterHistory[] = [];
    try {
      const rows = await api.get<LegistarMatterHistory[]>(`matters/${m.MatterId}/histories`);
      if (Array.isArray(rows)) history = rows;
    } catch (err) {
      problem(`matter ${m.MatterFile ?? m.MatterId}: history`, err);
    }
    const measure = measureOf(m, history);
    if (measure) measures.push(measure);
    progress(0.75 + (0.2 * ++done) / Math.max(1, candidates.length));
  });
  measures.sort((a, b) => a.id.localeCompare(b.id));

  const measureIds = new Set(measures.map((m) => m.id));
  const items: AgendaItemRecord[] = [];
  let skipped = 0;
  for (const meeting of meetings) {
    const eventId = Number(meeting.id.slice('legistar-event-'.length));
    const rows = [...(itemsByEvent.get(eventId) ?? [])].sort((a, b) => (a.EventItemAgendaSequence ?? 0) - (b.EventItemAgendaSequence ?? 0));
    for (const row of rows) {
      if (!isItemOfBusiness(row)) {
        skipped++;
        continue;
      }
      items.push(agendaItemOf(row, meeting, votesOf.get(row.EventItemId) ?? [], measureIds));
    }
  }
  const latestDay = meetings.reduce<string | null>((latest, m) => (!latest || m.date > latest ? m.date : latest), null);
  return {
    meetings,
    items,
    measures,
    counts: { meetings: meetings.length, agenda_items: items.length, measures: measures.length, roll_calls: votesOf.size, skipped_items: skipped },
    problems,
    latestDay,
  };
}

export { measureId };
