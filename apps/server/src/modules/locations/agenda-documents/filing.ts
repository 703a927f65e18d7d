/**
 * What an item is filed as: its own file or document number and its kind. A number is the item's
 * own only where agendas print it, at the item's start ("File No. 12-345: ...", "RES 2019-15 A
 * resolution ...") or in brackets at its end ("... (Doc. 1234)"); "approved by Ordinance No.
 * 39419" in the middle of the text is a law the item mentions, not the item.
 */

import type { AgendaItemKind } from './types';

const LABEL = String.raw`(?:doc(?:ument)?|file|case|ord(?:inance)?|res(?:olution)?|reso|council\s+bill|bill|c\.?b\.?|item\s+id|legistar\s+id|id)`;
const NUMBER = String.raw`(?:\s*(?:no\.?|number|#)\s*|\s*#\s*|\.\s*|\s+)[a-z]{0,4}[-\s]?\d[\w./-]*`;
const LEADING = new RegExp(String.raw`^(${LABEL}\.?${NUMBER})`, 'i');
const TRAILING = new RegExp(String.raw`[([]\s*(${LABEL}\.?${NUMBER})\s*[)\]]\.?$`, 'i');
/** Legistar's bare file number at the start: "12-3456 Resolution approving ...". */
const BARE = /^(\d{2,4}-\d{2,6})(?=[\s:])/;

export function fileNumber(title: string): string | null {
  const m = LEADING.exec(title) ?? TRAILING.exec(title) ?? BARE.exec(title);
  return m ? m[1].replace(/[.,:;]+$/, '').replace(/\s+/g, ' ') : null;
}

const OWN_WORDS: [RegExp, AgendaItemKind][] = [
  [/^(?:an?\s+|the\s+)?ord(?:inance)?s?\b/i, 'ORDINANCE'],
  [/^(?:an?\s+|the\s+)?res(?:olution)?s?\b|^reso\b/i, 'RESOLUTION'],
  [/^(?:an?\s+|the\s+)?proclamations?\b/i, 'PROCLAMATION'],
];
const MENTIONS: [RegExp, AgendaItemKind][] = [
  [/\bordinances?\b/i, 'ORDINANCE'],
  [/\bresolutions?\b/i, 'RESOLUTION'],
  [/\bproclamations?\b/i, 'PROCLAMATION'],
];
/** The meeting's own business, whatever section it is printed under ("8. Public Comment" after the ordinances). */
const PROCEDURE = /^(?:call to order|roll call|pledge|invocation|approval of (?:the )?minutes|public comments?|public hearing|announcements|adjourn(?:ment)?|executive session|closed session|reports?|communications|other business|new business|old business|unfinished business)\b/i;
/** How far into an item its own words still say what it is ("Public hearing on an ordinance to ..."). */
const LEAD_WORDS = 8;

/**
 * The item's own words first ("Ord. to rezone", "Res. that", "Proclamation declaring", or one of
 * those words among its first eight), then its file number's label, then its section's words
 * ("ORDINANCES ON FIRST READING") unless the item is the meeting's own procedure; a section
 * naming two kinds decides nothing.
 */
export function itemKind(title: string, file: string | null, section: string | null): AgendaItemKind {
  const own = file && title.startsWith(file) ? title.slice(file.length).replace(/^[\s:–—-]+/, '') : title;
  for (const [re, kind] of OWN_WORDS) if (re.test(own)) return kind;
  const lead = own.split(/\s+/).slice(0, LEAD_WORDS).join(' ');
  const named = MENTIONS.filter(([re]) => re.test(lead));
  if (named.length) return firstNamed(lead, named);
  if (file) for (const [re, kind] of OWN_WORDS) if (re.test(file)) return kind;
  if (PROCEDURE.test(own)) return 'AGENDA_ITEM';
  const inSection = section ? MENTIONS.filter(([re]) => re.test(section)) : [];
  return inSection.length === 1 ? inSection[0][1] : 'AGENDA_ITEM';
}

function firstNamed(text: string, named: [RegExp, AgendaItemKind][]): AgendaItemKind {
  return named.map(([re, kind]) => ({ at: text.search(re), kind })).sort((a, b) => a.at - b.at)[0].kind;
}
