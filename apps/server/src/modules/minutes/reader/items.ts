import type { MinutesResult, Span } from '@civicdesk/contract';
import type { Unit } from './motions';
import { cleanName, NAME, type Roster } from './names';

/** Actions and directions to staff, items continued, public comment and the next meeting, each with the sentence it was read from. */
const MONTH = '(?:January|February|March|April|May|June|July|August|September|October|November|December)';
const DUE = new RegExp(
  String.raw`\b(?:by|before|no later than|on or before|for|at)\s+(?:the\s+)?((?:(?:Mon|Tues|Wednes|Thurs|Fri|Satur|Sun)day,?\s+)?${MONTH}\s+\d{1,2}(?:,\s*\d{4})?(?:\s+meeting)?|\d{1,2}\/\d{1,2}(?:\/\d{2,4})?|(?:the\s+)?next (?:regular |public )?meeting|(?:the\s+)?${MONTH} meeting)`,
  'i',
);
const ROLE = String.raw`(?:applicants?|staff|counsel|clerk|secretary|chair\w*|director|manager|attorney|trustees?|members?|commissioners?|treasurer|owner|petitioner|appellant|office|department)`;
const OWNER_WORD = String.raw`(?:(?:[Tt]he|[Ee]ach|[Ee]very|[Aa]ll) )?(?:(?:[A-Z][\w'’.-]*|of|and|the|for|on)\s+){0,6}?(?:[A-Z][\w'’-]+|${ROLE})`;
/** What may come before a task's owner: a bullet, a label ("FOLLOW-UP:"), or "he agreed that", "the Director said". */
const LEAD = String.raw`^(?:[-*•]\s*|[A-Z][A-Z -]{2,30}:\s*)?(?:.*?(?:[,;]|\bthat|\bsaid|\bstated|\bagreed|\bconfirmed)\s+)?`;
const WILL = new RegExp(String.raw`${LEAD}(${NAME}|(?:Mr|Ms|Mrs|Dr|Cmsr)\. [A-Z][\w'’-]+|${OWNER_WORD}|He|She|They)\s+(?:will|shall|agreed to|is to|are to|was to|would)\s+(?!be held|be the|not\b|be\b|have\b|continue to\b)([a-z]+)`);
const DIRECTED = new RegExp(String.raw`\b(?:ask(?:ed|s)?|direct(?:ed|s)?|request(?:ed|s)?|instruct(?:ed|s)?|tasked|charged)\s+(?:that\s+)?(${NAME}|(?:Mr|Ms|Mrs|Dr|Cmsr)\. [A-Z][\w'’-]+|${OWNER_WORD}|(?:the\s+)?(?:committee\s+)?staff)\s*(?:,[^,]{0,80},\s*)?\s+(?:to\s+)?([a-z]+)`);
const WAS_DIRECTED = new RegExp(String.raw`(${NAME}|${OWNER_WORD}|[Ss]taff)\s+(?:was|were|is|are)\s+(?:authorized and\s+)?(?:directed|asked|instructed|tasked|requested)\s+to\s+([a-z]+)`);
const DIRECTED_STAFF = /\b(?:directed|asked|instructed)\s+(staff|the staff|committee staff)\b/i;
const LINE_TASK = new RegExp(String.raw`^\s*(?:[-*•]\s*|[A-Z][A-Z -]{2,30}:\s*)?(${OWNER_WORD})\s+to\s+([a-z]+)\b`);
/** "Mr. Haskell, can you get her office revised language by Friday?" */
const ASKED_YOU = new RegExp(String.raw`(${NAME}|(?:Mr|Ms|Mrs|Dr|Cmsr)\. [A-Z][\w'’-]+|(?:Madam|Mister|Mr\.) (?:City |Town |Deputy )?(?:Clerk|Manager|Attorney|Secretary|Director)),\s+(?:(?:can|could|would|will) you|please)\s+([a-z]+)`);
/** "The report must be submitted to the Committee by April 30": a task whose owner the record leaves unnamed. */
const PASSIVE_TASK = /\b(?:must|shall|is to|are to|will|needs? to) be (?:submitted|filed|sent|circulated|posted|delivered|transmitted|provided|prepared|completed|returned)\b/;
const NOT_A_TASK = /\bmoved\b|\bnext\b[\w ]{0,30}\b(?:meeting|session)\b.*\bwill be held\b|\bwill be held\b|\bmay (?:file|submit|request)\b|\bwould like to\b|\bif\b.*\bwould\b/i;
const PRONOUN = /^(?:He|She|They)$/;
const IDLE_VERBS = /^(?:be|have|like|need|want|say|note|know|see|hear|vote|support|oppose|abstain|recuse)$/;

/**
 * "asked"/"directed" reports a direction given; the present "I would ask the Committee to ..." is a
 * direction only from the chair or the clerk (a witness asking the Committee assigns nothing), and a
 * bill that "asks the Department to ..." assigns nothing either.
 */
function byTheChair(phrase: string, u: Unit): boolean {
  if (/\b(?:asked|directed|requested|instructed|tasked|charged)\b/i.test(phrase)) return true;
  if (/\b(?:It|This bill|The bill|The resolution) (?:asks|requests|directs)\b/i.test(u.sentence)) return false;
  return !!u.speaker && /CHAIR|PRESIDENT|MAYOR|CLERK|SECRETARY|PRESIDING/.test(u.speaker);
}

const spanOf = (text: string, u: { start: number; end: number }): Span => ({ start: u.start, end: u.end, quote: text.slice(u.start, u.end) });

function ownerOf(raw: string | undefined, previous: Unit | undefined, roster: Roster): string | null {
  if (!raw) return null;
  if (PRONOUN.test(raw.trim())) {
    const named = previous ? new RegExp(String.raw`(${NAME}|(?:Mr|Ms|Mrs|Dr|Cmsr)\. [A-Z][\w'’-]+)`).exec(previous.sentence)?.[1] : undefined;
    return named ? roster.resolve(named) : null;
  }
  return roster.resolve(raw.replace(/^[Tt]he /, '')) ?? cleanName(raw);
}

/** Tasks assigned at the meeting; what a member of the public asked for during public comment assigns nothing. */
export function actionsOf(text: string, units: Unit[], roster: Roster, publicComment: MinutesResult['public_comment'] = []): MinutesResult['actions'] {
  const actions: MinutesResult['actions'] = [];
  const comments = new Set(publicComment.map((c) => c.span.start));
  units.forEach((u, i) => {
    const s = u.sentence;
    if (NOT_A_TASK.test(s) || comments.has(u.start)) return;
    // A table of action items: | # | Action | Owner | Due |
    const row = /^\|\s*\d+\s*\|\s*([^|]{6,})\|\s*([^|]+)\|\s*([^|]*)\|\s*$/.exec(s);
    if (row) {
      actions.push({ text: row[1].trim(), owner: cleanName(row[2].trim()), due: row[3].trim() || null, span: spanOf(text, u) });
      return;
    }
    const due = DUE.exec(s)?.[1] ?? null;
    const will = WILL.exec(s);
    const directed = DIRECTED.exec(s) ?? WAS_DIRECTED.exec(s);
    const line = LINE_TASK.exec(s);
    let owner: string | null = null;
    const asked = ASKED_YOU.exec(s);
    if (asked && due) owner = roster.resolve(asked[1]);
    else if (directed && !IDLE_VERBS.test(directed[2]) && byTheChair(directed[0], u)) owner = ownerOf(directed[1], units[i - 1], roster);
    else if (line && !IDLE_VERBS.test(line[2]) && (due || /^\s*[-*•]/.test(s) || /\b(?:staff|office|clerk|secretary|applicant|director)\b/i.test(line[1]))) owner = ownerOf(line[1], units[i - 1], roster);
    else if (will && (!IDLE_VERBS.test(will[2]) || (due && will[2] === 'have')) && (due || /\b(?:report back|circulate|prepare|draft|send|transmit|contact|schedule|return|provide|submit|post|follow up|bring|present|update|review|complete|develop|publish|notify)\b/i.test(s))) owner = ownerOf(will[1], units[i - 1], roster);
    else if (DIRECTED_STAFF.test(s)) owner = 'Staff';
    if (!owner && !(due && PASSIVE_TASK.test(s))) return;
    actions.push({ text: s, owner, due, span: spanOf(text, u) });
  });
  return actions;
}

export function continuedOf(text: string, units: Unit[]): MinutesResult['continued'] {
  return units
    .filter((u) => /\b(?:continued|deferred|postponed|held over|carried over|held for|tabled|laid on the table)\b/i.test(u.sentence) && /\b(?:to|until|at the request|next|date|later)\b/i.test(u.sentence))
    .map((u) => ({ text: u.sentence, span: spanOf(text, u) }));
}

export function nextMeetingOf(text: string, units: Unit[]): MinutesResult['next_meeting'] {
  const next = [...units].reverse().find((u) => /\bnext\b[\w ]{0,30}\b(?:meeting|session|hearing)\b/i.test(u.sentence) && /\d/.test(u.sentence));
  return next ? { text: next.sentence, span: spanOf(text, next) } : null;
}

const PHONE = /(?:\+?1[\s.-]?)?\(?\d{3}\)?[\s.-]?\d{3}[\s.-]?\d{4}\b/g;
const STREET_ADDRESS = /\b\d{1,5}(?:-\d+)?\s+(?:[NSEW]\.?\s+)?(?:[A-Z0-9][\w'’.-]*\s+){1,4}(?:Street|St\.?|Avenue|Ave\.?|Road|Rd\.?|Boulevard|Blvd\.?|Place|Pl\.?|Court|Ct\.?|Drive|Dr\.?|Lane|Ln\.?|Terrace|Way|Parkway)\b(?:\s+(?:NW|NE|SW|SE))?(?:,?\s+(?:Apt\.?|Apartment|Unit|#)\s*\w+)?/g;

/**
 * Public comment: the speakers (by name when the minutes give one) and what they spoke about. The
 * topic never carries a home address or a telephone number, even when the minutes do.
 */
export function publicCommentOf(text: string, units: Unit[]): MinutesResult['public_comment'] {
  const out: MinutesResult['public_comment'] = [];
  let inSection = false;
  const HEADING = /^(?:[IVX]+\.|\d+(?:\.\d+)*\.?|[A-Z]\.|Item \d+[\w.]*\s*[—–:-]|#+)?\s*[A-Z][^.!?]{0,70}$/;
  const COMMENT_HEADING = /\b(?:public (?:comment|testimony|forum|hearing)|oral communications|community (?:announcements|comment)|citizen(?:s'?)? comments|comments from the public|witnesses)\b/i;
  for (const u of units) {
    const s = u.sentence;
    const line = text.slice(text.lastIndexOf('\n', u.start - 1) + 1, u.end);
    if (line.trim() === s.trim() && s.length <= 80 && HEADING.test(s) && !/\b(?:spoke|testified|asked)\b/.test(s)) {
      inSection = COMMENT_HEADING.test(s);
      continue;
    }
    const speaks = /\b(?:spoke|testified|commented|urged|expressed|raised|addressed the (?:board|commission|council|committee)|asked(?: that| the| for)?)\b/i.test(s);
    if (!speaks || (!inSection && !/\btestified\b/i.test(s))) continue;
    if (/\b(?:Councilmember|Commissioner|Cmsr\.|Trustee|Board Member|Chair\w*)\s+[A-Z]/.test(s.slice(0, 40))) continue;
    const speaker = /^(?:[-*•]\s*|\d+\.\s*)?((?:Dr\.|Mr\.|Ms\.|Mrs\.)?\s*[A-Z][\w'’-]+(?: [A-Z][\w'’-]+){1,2})(?:,|\s+(?:spoke|testified|commented|urged|asked|expressed|raised)\b)/.exec(s)?.[1] ?? null;
    const topic = s
      .replace(/^(?:[-*•]\s*|\d+\.\s*)/, '')
      .replace(PHONE, '[phone number withheld]')
      .replace(STREET_ADDRESS, '[address withheld]')
      .replace(/\s+/g, ' ')
      .trim();
    out.push({ speaker: speaker ? cleanName(speaker) : null, topic, span: spanOf(text, u) });
  }
  return out;
}
