import type { MeetingRecords } from '../../../imports/import-city';
import type { AgendaItemRecord, LegislationRecord, MeetingRecord } from '../../../imports/records';
import { type LegistarClient, LegistarError } from './client';
import { agendaItemOf, isItemOfBusiness, measureId, measureOf, meetingOf } from './map';
import type { LegistarEvent, LegistarEventItem, LegistarMatter, LegistarMatterHistory, LegistarVote } from './types';

export { legistarClient, LegistarError } from './client';

/**
 * A city's meetings, agenda items and measures read from its Legistar Web API since a day, and
 * stored as they are read: first the matters introduced since the day (with their histories), a
 * page at a time; then the events a page at a time, and within a page a few events at a time (their
 * items, the roll call of each item voted on, and the older matters the items name), each batch
 * handed to `store` before the next is asked. Nothing but the current few events is held, so what a server answers
 * (each answer capped in bytes by the client) cannot add up in memory. What could not be read is a
 * problem with where it was; the rest is still imported.
 */
export const LEGISTAR_MAX_EVENTS = 3000;
export const LEGISTAR_MAX_MATTERS = 5000;
const CONCURRENCY = 4;
/** Events read and stored together: as many as are asked at once. */
const EVENTS_PER_BATCH = CONCURRENCY;
/** Problems kept on the import's row; the rest are counted. */
const PROBLEMS_KEPT = 500;
const PREVIEW_ITEMS = 10;

export interface LegistarReading {
  counts: { meetings: number; agenda_items: number; measures: number; roll_calls: number; skipped_items: number; problems_not_listed?: number };
  problems: { file: string; where: string; message: string }[];
  /** The first items stored, with their meeting's body, for the import's preview. */
  preview: { item: AgendaItemRecord; body: string | null }[];
  /** The latest meeting day read (the next refresh starts a fortnight before it). */
  latestDay: string | null;
}

/** Runs `fn` over `list`, `CONCURRENCY` at a time. */
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
/** A refused address is the import's failure, not one item's problem. */
const rethrowRefusal = (err: unknown) => {
  if (err instanceof LegistarError && err.refused) throw err;
};
const votedOn = (i: LegistarEventItem) => isItemOfBusiness(i) && ((i.EventItemPassedFlag !== null && i.EventItemPassedFlag !== undefined) || i.EventItemRollCallFlag === 1);

export async function readLegistar(
  api: LegistarClient,
  opts: { client: string; since: string; store: (records: MeetingRecords) => Promise<void>; onProgress?: (fraction: number) => void },
): Promise<LegistarReading> {
  const file = `legistar:${opts.client}`;
  const reading: LegistarReading = { counts: { meetings: 0, agenda_items: 0, measures: 0, roll_calls: 0, skipped_items: 0 }, problems: [], preview: [], latestDay: null };
  const report = (where: string, message: string) => {
    if (reading.problems.length < PROBLEMS_KEPT) reading.problems.push({ file, where, message });
    else reading.counts.problems_not_listed = (reading.counts.problems_not_listed ?? 0) + 1;
  };
  const problem = (where: string, err: unknown) => {
    rethrowRefusal(err);
    report(where, why(err));
  };
  const progress = opts.onProgress ?? (() => undefined);
  /** Matters already read (a measure or not), and the measures stored, by id. */
  const mattersRead = new Set<number>();
  const measuresStored = new Set<string>();

  /** Each matter's history, then its measure (ordinances, resolutions…), stored. */
  async function storeMeasures(matters: LegistarMatter[]) {
    const measures: LegislationRecord[] = [];
    await eachLimited(
      matters.filter((m) => measureOf(m, []) !== null),
      async (m) => {
        let history: LegistarMatterHistory[] = [];
        try {
          const rows = await api.get<LegistarMatterHistory[]>(`matters/${m.MatterId}/histories`);
          if (Array.isArray(rows)) history = rows;
        } catch (err) {
          problem(`matter ${m.MatterFile ?? m.MatterId}: history`, err);
        }
        const measure = measureOf(m, history);
        if (measure) measures.push(measure);
      },
    );
    for (const m of matters) mattersRead.add(m.MatterId);
    if (!measures.length) return;
    measures.sort((a, b) => a.id.localeCompare(b.id));
    await opts.store({ legislation: measures, meetings: [], agenda_items: [] });
    for (const m of measures) measuresStored.add(m.id);
    reading.counts.measures += measures.length;
  }

  /** A few events: their items, roll calls and named matters read, then stored together. */
  async function storeEvents(events: { id: number; meeting: MeetingRecord }[]) {
    const itemsOf = new Map<number, LegistarEventItem[]>();
    await eachLimited(events, async ({ id }) => {
      try {
        const rows = await api.get<LegistarEventItem[]>(`events/${id}/eventitems`, { AgendaNote: '1', MinutesNote: '1' });
        itemsOf.set(id, Array.isArray(rows) ? rows.filter((r) => typeof r?.EventItemId === 'number') : []);
      } catch (err) {
        problem(`event ${id}: agenda items`, err);
      }
    });
    const all = [...itemsOf.values()].flat();
    const votesOf = new Map<number, LegistarVote[]>();
    await eachLimited(all.filter(votedOn), async (item) => {
      try {
        const rows = await api.get<LegistarVote[]>(`eventitems/${item.EventItemId}/votes`);
        if (Array.isArray(rows) && rows.length) votesOf.set(item.EventItemId, rows);
      } catch (err) {
        // Many cities record no per-member votes: a 404 or an empty list is not a problem worth a line.
        if (!(err instanceof LegistarError && err.status === 404)) problem(`item ${item.EventItemId}: roll call`, err);
      }
    });
    // The matters these items name that were not read yet, so an item links to its measure.
    const named = [...new Set(all.map((i) => i.EventItemMatterId).filter((id): id is number => typeof id === 'number' && !mattersRead.has(id)))];
    const matters: LegistarMatter[] = [];
    await eachLimited(named.slice(0, Math.max(0, LEGISTAR_MAX_MATTERS - mattersRead.size)), async (id) => {
      try {
        const m = await api.get<LegistarMatter>(`matters/${id}`);
        if (typeof m?.MatterId === 'number') matters.push(m);
      } catch (err) {
        problem(`matter ${id}`, err);
      }
    });
    await storeMeasures(matters);

    const records: MeetingRecords = { legislation: [], meetings: [], agenda_items: [] };
    for (const { id, meeting } of events) {
      records.meetings.push(meeting);
      if (!reading.latestDay || meeting.date > reading.latestDay) reading.latestDay = meeting.date;
      const rows = [...(itemsOf.get(id) ?? [])].sort((a, b) => (a.EventItemAgendaSequence ?? 0) - (b.EventItemAgendaSequence ?? 0));
      for (const row of rows) {
        if (!isItemOfBusiness(row)) {
          reading.counts.skipped_items++;
          continue;
        }
        const item = agendaItemOf(row, meeting, votesOf.get(row.EventItemId) ?? [], measuresStored);
        records.agenda_items.push(item);
        if (reading.preview.length < PREVIEW_ITEMS) reading.preview.push({ item, body: meeting.body });
      }
    }
    await opts.store(records);
    reading.counts.meetings += records.meetings.length;
    reading.counts.agenda_items += records.agenda_items.length;
    reading.counts.roll_calls += votesOf.size;
  }

  // The matters introduced since the day first, a page at a time, so the items that name them link to them.
  try {
    const matters = await api.pages<LegistarMatter>('matters', { $filter: `MatterIntroDate ge ${odataDay(opts.since)}` }, LEGISTAR_MAX_MATTERS, async (page) => {
      await storeMeasures(page.filter((m) => typeof m?.MatterId === 'number' && !mattersRead.has(m.MatterId)));
    });
    if (matters.truncated) report('matters', `more than ${LEGISTAR_MAX_MATTERS} measures since ${opts.since}: the first ${LEGISTAR_MAX_MATTERS} were read`);
  } catch (err) {
    problem('matters', err);
  }
  progress(0.2);

  // The events must be read: without them there is nothing to import, and the job fails with the reason.
  let listed = 0;
  let done = 0;
  const events = await api.pages<LegistarEvent>('events', { $filter: `EventDate ge ${odataDay(opts.since)}`, $orderby: 'EventDate' }, LEGISTAR_MAX_EVENTS, async (page) => {
    listed += page.length;
    const usable: { id: number; meeting: MeetingRecord }[] = [];
    for (const e of page) {
      const meeting = typeof e?.EventId === 'number' ? meetingOf(e) : null;
      if (meeting) usable.push({ id: e.EventId, meeting });
      else report(`event ${e?.EventId ?? '?'}`, 'no meeting date: not imported');
    }
    for (let k = 0; k < usable.length; k += EVENTS_PER_BATCH) {
      await storeEvents(usable.slice(k, k + EVENTS_PER_BATCH));
      done += Math.min(EVENTS_PER_BATCH, usable.length - k);
      progress(0.2 + (0.75 * done) / Math.max(1, listed));
    }
  });
  if (events.truncated) report('events', `more than ${LEGISTAR_MAX_EVENTS} meetings since ${opts.since}: the first ${LEGISTAR_MAX_EVENTS} were read; import again from a later day for the rest`);
  return reading;
}

export { measureId };
