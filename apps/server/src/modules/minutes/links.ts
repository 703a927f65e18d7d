import type { MinutesLink, MinutesResult } from '@civicdesk/contract';
import type { Db } from '../../db/client';
import * as repo from './repo';
import { escapeRegExp } from '../../platform/regex';

/**
 * A motion's matter found among the city's records: its file number ("Bill 26-0677", "B26-677") matched
 * to agenda items and legislation, or the title of an act it names ("the Tenant Repair Notice Amendment
 * Act of 2026") matched to legislation. An agenda item of the meeting's own date is preferred, then the
 * newest; legislation when no agenda item has the number.
 */
const TITLE = /\b((?:[A-Z][\w'’.-]*|of|and|the|for|to|in|on|a)(?:\s+(?:[A-Z0-9][\w'’.-]*|of|and|the|for|to|in|on|a)){1,14}\s+(?:Act|Resolution) of \d{4})\b/;

/**
 * The key a record files a motion's matter under: the District's "B26-0123" and "Bill 26-0123" as "B26-123";
 * another city's "File No. 18-1646" or "Resolution No. 2019-15" as its bare number ("18-1646"), as Legistar
 * and agenda imports store it.
 */
export function fileNumberKey(item: string | null): string | null {
  const m = item ? /^(?:([A-Z]{1,3})|Bill(?: No\.)? )(\d{1,2})-0*(\d{1,4})$/.exec(item.trim()) : null;
  if (m) return `${m[1] ?? 'B'}${m[2]}-${m[3]}`;
  const filed = item ? /^(?:File|Application|Case|Docket|Resolution|Ordinance|Res\.|Ord\.)(?: No\.)? ((?:[A-Z]{1,4} )?\d[\w.-]*\d)$/i.exec(item.trim()) : null;
  return filed ? filed[1] : null;
}

const titleOf = (text: string) => TITLE.exec(text)?.[1].replace(/^(?:the|a|and|of|to|in|on|for)\s+/i, '') ?? null;

/** "Tuesday, March 3, 2026" or "11/04/2026" as 2026-03-03, to prefer the agenda of the meeting itself. */
export function isoDay(date: string | null): string | null {
  if (!date) return null;
  const us = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(date);
  const parsed = us ? new Date(Date.UTC(+us[3], +us[1] - 1, +us[2])) : new Date(`${date.replace(/^\w+day,?\s+/, '')} UTC`);
  return Number.isNaN(parsed.getTime()) ? null : parsed.toISOString().slice(0, 10);
}

const sameTitle = (a: string, b: string) => a.replace(/^the\s+/i, '').toLowerCase() === b.replace(/^the\s+/i, '').toLowerCase();

/** The title the record writes beside a file number ("B26-351" as "Bill 26-0351, the ... Act of 2026"), if any. */
function titleBeside(text: string, key: string): string | null {
  const m = /^([A-Z]{1,3})(\d{1,2})-(\d{1,4})$/.exec(key);
  // Another city's file number is written as it is ("File No. 18-1628, the ...").
  const number = m ? `(?:${m[1] === 'B' ? 'Bill(?: No\\.)? |B' : m[1]})${m[2]}-0*${m[3]}\\b` : `${escapeRegExp(key)}\\b`;
  const beside = new RegExp(`${number},?\\s+(?:the\\s+)?${TITLE.source.replace(/^\\b/, '')}`).exec(text);
  return beside ? beside[1] : null;
}

export async function linkMotions(db: Db, locationId: string, result: MinutesResult, text: string): Promise<MinutesResult> {
  const meetingDate = isoDay(result.meeting.date);
  const keys = result.motions.map((m) => fileNumberKey(m.item));
  const titles = result.motions.map((m) => titleOf(m.text));
  const wanted = [...new Set(keys.filter((k): k is string => !!k))];
  const named = [...new Set(titles.filter((t): t is string => !!t))];
  if (!wanted.length && !named.length) return result;
  const { items, laws } = await repo.filedMatters(db, locationId, wanted, named);
  const motions = result.motions.map((motion, i): MinutesResult['motions'][number] => {
    const key = keys[i];
    const candidates = key ? items.filter((it) => it.fileNumber === key && it.agendaId) : [];
    const item = candidates.find((it) => meetingDate && it.date === meetingDate) ?? candidates[0];
    // The minutes may name the bill beside its number ("Bill 26-0351, the Fiscal Year 2027 Local Budget
    // Act of 2026"): a record with that number but another title is another bill, and is not linked.
    const written = key ? titleBeside(text, key) : null;
    const agrees = (title: string) => !written || sameTitle(written, title);
    let link: MinutesLink | null = item && agrees(item.title) ? { kind: 'agenda_item', id: item.id, agenda_id: item.agendaId, title: item.title, file_number: item.fileNumber } : null;
    if (!link) {
      const law = laws.find((l) => (key && l.fileNumber === key && agrees(l.title)) || (titles[i] && sameTitle(l.title, titles[i]!)));
      if (law) link = { kind: 'legislation', id: law.id, agenda_id: null, title: law.title, file_number: law.fileNumber };
    }
    return { ...motion, link };
  });
  return { ...result, motions };
}
