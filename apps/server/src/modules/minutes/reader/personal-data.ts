import type { MinutesResult, Span } from '@civicdesk/contract';
import { findPersonalData, streetAddresses } from '../../compliance/rules/privacy';

/**
 * Personal data in minutes (issue 20): a member of the public's address, phone number or e-mail is in
 * the record, but never repeated in the reading (motions, actions, public comment, gist, follow-ups).
 * The one personal-data detector (the Compliance Check's) finds them; an address counts when it is a
 * person's (said during public comment, or written beside a name: "Ms. Roe, of 1510 Park Road NW"),
 * not the meeting's room or a property a case is about.
 */
export interface Withheld {
  start: number;
  end: number;
  kind: 'PHONE' | 'EMAIL' | 'ADDRESS' | 'OTHER';
}

const PLACEHOLDER: Record<Withheld['kind'], string> = {
  PHONE: '[phone number withheld]',
  EMAIL: '[e-mail withheld]',
  ADDRESS: '[address withheld]',
  OTHER: '[personal data withheld]',
};
/** What may stand between a person's name and their address: ", of ", " (", ", who lives at ", ", residing at ". */
const AFTER_NAME = /(?:[A-Z][\w'’-]+(?:\s+[A-Z][\w'’-]+){0,2})\s*(?:,\s*(?:of|at|who (?:lives|resides) at|residing at|a resident of|resident of)?|\((?:[^()\n]{0,80}[,;]\s*)?|\s+(?:of|at|who (?:lives|resides) at|residing at))\s*$/;
/** "John A. Wilson Building, 1350 Pennsylvania Avenue NW": a place's address, not a person's. */
const PLACE_BEFORE = /\b(?:Building|Hall|Cent(?:er|re)|Library|Room|Chambers?|Suite|Floor|Plaza|School|Church|Office|Court|Park|Station|Inc\.?|LLC|Company)\s*,?\s*$/;
/** "555-0142", "555.0142": seven digits as a local phone number is written (not "2019-0142", a file number, nor "$555-0142"). */
const LOCAL_PHONE = /(?<![\w$.,-])\d{3}[-.]\d{4}(?![\w-])/g;
const PHONE_WORD = /\b(?:phone|tel|telephone|cell|call(?:ed)? at)\b[^\n\d]{0,6}$/i;
const RESIDENT = /\b(?:lives? at|resides? at|residing at|resident of|home (?:at|on)|my address)\s*$/i;

export function personalDataIn(text: string, commentSpans: { start: number; end: number }[] = []): Withheld[] {
  const out: Withheld[] = [];
  for (const hit of findPersonalData(text)) {
    if (hit.type === 'PERSON' || hit.type === 'ADDRESS') continue;
    out.push({ start: hit.start, end: hit.end, kind: hit.type === 'PHONE' || hit.type === 'EMAIL' ? hit.type : 'OTHER' });
  }
  // A person's address, whatever the detector makes of the words around it in a document: said in public
  // comment, or written beside a name or after "lives at".
  for (const a of streetAddresses(text)) {
    const lead = text.slice(Math.max(0, a.start - 100), a.start);
    const inComment = commentSpans.some((c) => a.start < c.end && c.start < a.end);
    if (!inComment && ((!AFTER_NAME.test(lead) && !RESIDENT.test(lead)) || PLACE_BEFORE.test(lead))) continue;
    if (!out.some((o) => o.start < a.end && a.start < o.end)) out.push({ start: a.start, end: a.end, kind: 'ADDRESS' });
  }
  // A local number without its area code ("555-0142"): a speaker's phone when said in public comment,
  // after "phone", or just after a person's address ("Sam Whitfield, 41 Orchard Lane, 555-0142").
  for (const m of text.matchAll(LOCAL_PHONE)) {
    const start = m.index!;
    const end = start + m[0].length;
    const inComment = commentSpans.some((c) => start < c.end && c.start < end);
    const afterAddress = out.some((o) => o.kind === 'ADDRESS' && o.end <= start && start - o.end <= 4);
    if ((inComment || afterAddress || PHONE_WORD.test(text.slice(Math.max(0, start - 30), start))) && !out.some((o) => o.start < end && start < o.end)) out.push({ start, end, kind: 'PHONE' });
  }
  return out.sort((a, b) => a.start - b.start);
}

/** Words of the record with the personal data in them replaced by what was withheld. */
export function withheldText(words: string, found: { quote: string; kind: Withheld['kind'] }[]): string {
  let out = words;
  for (const f of found) out = out.split(f.quote).join(PLACEHOLDER[f.kind]);
  return out;
}

/**
 * A span must hold the record's own words, so one that holds personal data is narrowed to its longest
 * stretch without any ("Ms. Roe, of 1510 Park Road NW, phone 202-555-0199, spoke in support of the
 * bill." → "spoke in support of the bill.").
 */
export function narrowedSpan(text: string, span: Span, withheld: Withheld[]): Span {
  const inside = withheld.filter((w) => w.start < span.end && w.end > span.start);
  if (!inside.length) return span;
  const cuts = [span.start, ...inside.flatMap((w) => [Math.max(span.start, w.start), Math.min(span.end, w.end)]), span.end];
  let best = { start: span.start, end: span.start };
  for (let i = 0; i < cuts.length; i += 2) {
    let [start, end] = [cuts[i], cuts[i + 1]];
    while (start < end && /[\s,;:()[\]-]/.test(text[start])) start++;
    while (end > start && /[\s,;:(\-]/.test(text[end - 1])) end--;
    // "of", "phone" and "e-mail" left at an end belonged to the withheld words.
    const piece = text.slice(start, end).replace(/(?:\s*,?\s*\b(?:of|at|phone|tel|telephone|e-?mail|cell))+$/i, '');
    end = start + piece.length;
    if (end - start > best.end - best.start) best = { start, end };
  }
  return { start: best.start, end: best.end, quote: text.slice(best.start, best.end) };
}

/** The reading with every piece of personal data the record holds withheld from every field. */
export function withoutPersonalData(text: string, result: MinutesResult): MinutesResult {
  const withheld = personalDataIn(text, result.public_comment.map((c) => c.span));
  if (!withheld.length) return result;
  const found = withheld.map((w) => ({ quote: text.slice(w.start, w.end), kind: w.kind })).sort((a, b) => b.quote.length - a.quote.length);
  const clean = (s: string) => withheldText(s, found);
  const span = (s: Span) => narrowedSpan(text, s, withheld);
  return {
    ...result,
    motions: result.motions.map((m) => ({ ...m, text: clean(m.text), span: span(m.span) })),
    actions: result.actions.map((a) => ({ ...a, text: clean(a.text), owner: a.owner && clean(a.owner), span: span(a.span) })),
    public_comment: result.public_comment.map((c) => ({ ...c, speaker: c.speaker && clean(c.speaker), topic: clean(c.topic), span: span(c.span) })),
    continued: result.continued.map((c) => ({ ...c, text: clean(c.text), span: span(c.span) })),
    next_meeting: result.next_meeting && { text: clean(result.next_meeting.text), span: span(result.next_meeting.span) },
    // The gist quotes sentences: one that holds personal data is left out rather than cut.
    narrative: result.narrative.filter((n) => !withheld.some((w) => w.start < n.span.end && w.end > n.span.start)),
  };
}
