import type { MinutesResult, Motion, Span } from '@civicdesk/contract';
import { holdOf, type Unit } from './motions';
import { cleanName, NAME, type Roster } from './names';
import { escapeRegExp } from '../../../platform/regex';

/** Actions and directions to staff, items continued, public comment and the next meeting, each with the sentence it was read from. */
const MONTH = '(?:January|February|March|April|May|June|July|August|September|October|November|December)';
const DUE = new RegExp(
  String.raw`\b(?:by|before|no later than|on or before|for|at)\s+(?:the\s+)?((?:(?:Mon|Tues|Wednes|Thurs|Fri|Satur|Sun)day,?\s+)?${MONTH}\s+\d{1,2}(?:,\s*\d{4})?(?:\s+meeting)?|\d{1,2}\/\d{1,2}(?:\/\d{2,4})?|(?:the\s+)?next (?:regular |public )?meeting|(?:the\s+)?${MONTH} meeting)`,
  'i',
);
const ROLE = String.raw`(?:applicants?|staff|counsel|clerk|secretary|chair\w*|director|manager|attorney|trustees?|members?|commissioners?|treasurer|owner|petitioner|appellant|office|department)`;
// Like NAME, it starts where a word starts.
const OWNER_WORD = String.raw`(?<![\w'’.-])(?:(?:[Tt]he|[Ee]ach|[Ee]very|[Aa]ll) )?(?:(?:[A-Z][\w'’.-]*|of|and|the|for|on)\s+){0,6}?(?:[A-Z][\w'’-]+|${ROLE})`;
/** What may come before a task's owner: a bullet, a label ("FOLLOW-UP:"), or "he agreed that", "the Director said". */
const LEAD = String.raw`^(?:[-*•]\s*|[A-Z][A-Z -]{2,30}:\s*)?(?:.*?(?:[,;]|\bthat|\bsaid|\bstated|\bagreed|\bconfirmed)\s+)?`;
const WILL = new RegExp(String.raw`${LEAD}(${NAME}|(?:Mr|Ms|Mrs|Dr|Cmsr)\. [A-Z][\w'’-]+|${OWNER_WORD}|He|She|They)\s+(?:will|shall|agreed to|is to|are to|was to|would)\s+(?!be held|be the|not\b|be\b|have\b|continue to\b)([a-z]+)`);
const DIRECTED = new RegExp(String.raw`\b(?:ask(?:ed|s)?|direct(?:ed|s)?|request(?:ed|s)?|instruct(?:ed|s)?|tasked|charged)\s+(?:that\s+)?(${NAME}|(?:Mr|Ms|Mrs|Dr|Cmsr)\. [A-Z][\w'’-]+|${OWNER_WORD}|(?:the\s+)?(?:committee\s+)?staff)\s*(?:,[^,]{0,80},\s*)?\s+(?:to\s+)?(?!(?:of|and|the|for|on|at|in)\b)([a-z]+)`);
const WAS_DIRECTED = new RegExp(String.raw`(${NAME}|${OWNER_WORD}|[Ss]taff)\s+(?:was|were|is|are)\s+(?:authorized and\s+)?(?:directed|asked|instructed|tasked|requested)\s+to\s+([a-z]+)`);
const DIRECTED_TO = /(?:directed|asked|instructed|tasked|requested)\s+to\s/;
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

function ownerOf(raw: string | undefined, previous: Unit | undefined, roster: Roster, text?: string): string | null {
  if (!raw) return null;
  if (PRONOUN.test(raw.trim())) {
    const named = previous ? new RegExp(String.raw`(${NAME}|(?:Mr|Ms|Mrs|Dr|Cmsr)\. [A-Z][\w'’-]+)`).exec(previous.sentence)?.[1] : undefined;
    return named ? roster.resolve(named) : null;
  }
  // A body keeps its article, as a reader says it: "the Committee on Housing", "the City Attorney's Office".
  const body = /^[Tt]he ((?:[A-Z][\w'’.-]*\s+(?:(?:of|and|the|for|on)\s+)*)*[A-Z][\w'’.-]*)$/.exec(raw.trim());
  if (body && BODY.test(body[1])) return `the ${body[1]}`;
  const name = roster.resolve(raw.replace(/^[Tt]he /, '')) ?? cleanName(raw);
  return name && text ? fullName(text, name) : name;
}

const STAFF_TITLE = /^(?:(?:City|County|Town|Village|Deputy|Assistant|Acting|Interim|Public Works|Finance|Planning|Parks|Budget|General)\s+)*(?:Manager|Administrator|Attorney|Clerk|Director|Superintendent|Engineer|Treasurer|Auditor|Secretary|Chief|Planner|Counsel|Officer)\s+([A-Z][\w'’-]+)$/;
const NOT_GIVEN = /^(?:Mr|Ms|Mrs|Dr|Mx|Manager|Administrator|Attorney|Clerk|Director|Superintendent|Engineer|Treasurer|Auditor|Secretary|Chief|Planner|Counsel|Officer|Chair\w*|Vice|Member|Members|Councilmember|Councilor|Council|Commissioner|Mayor|Supervisor|Trustee|President|Alder\w*|Delegate|The|Staff|Works|City|County|Board|Committee)$/;
/** "Superintendent Vesey", "Brannock": the person as the record names her in full elsewhere ("Harold Vesey"), when it does. */
function fullName(text: string, name: string): string {
  const surname = STAFF_TITLE.exec(name)?.[1] ?? (/^[A-Z][\w'’-]+$/.test(name) ? name : null);
  if (!surname) return name;
  for (const m of text.matchAll(new RegExp(String.raw`\b([A-Z][a-z]+)(?:\s+[A-Z]\.)?\s+${escapeRegExp(surname)}\b`, 'g'))) {
    if (!NOT_GIVEN.test(m[1])) return `${m[1]} ${surname}`;
  }
  return name;
}
const BODY = /\b(?:Committee|Subcommittee|Department|Office|Board|Commission|Council|Agency|Authority|Division|Bureau|Administration|Task Force|Staff|Service|Services)\b/;

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
    // WAS_DIRECTED tries every name in the sentence: only where its verb is there at all.
    const directed = DIRECTED.exec(s) ?? (DIRECTED_TO.test(s) ? WAS_DIRECTED.exec(s) : null);
    const line = LINE_TASK.exec(s);
    let owner: string | null = null;
    const asked = ASKED_YOU.exec(s);
    if (asked && due) owner = roster.resolve(asked[1]);
    else if (directed && !IDLE_VERBS.test(directed[2]) && byTheChair(directed[0], u)) owner = ownerOf(directed[1], units[i - 1], roster, text);
    else if (line && !IDLE_VERBS.test(line[2]) && (due || /^\s*[-*•]/.test(s) || /\b(?:staff|office|clerk|secretary|applicant|director)\b/i.test(line[1]))) owner = ownerOf(line[1], units[i - 1], roster, text);
    else if (will && (!IDLE_VERBS.test(will[2]) || (due && will[2] === 'have')) && (due || /\b(?:report back|circulate|prepare|draft|send|transmit|contact|schedule|return|provide|submit|post|follow up|bring|present|update|review|complete|develop|publish|notify)\b/i.test(s))) owner = ownerOf(will[1], units[i - 1], roster, text);
    else if (DIRECTED_STAFF.test(s)) owner = 'Staff';
    if (!owner && !(due && PASSIVE_TASK.test(s))) return;
    actions.push({ text: s, owner, due, span: spanOf(text, u) });
  });
  return actions;
}

/** Motions that hold a matter over (a referral sends it on: it is not continued). */
const HELD_OVER = new Set(['table', 'postpone', 'continue', 'defer']);

/**
 * Items continued: a sentence that says one was ("… was continued to May 4"), and a motion to table,
 * continue, postpone or defer a measure that carried ("Councilmember Dunn moved to table the item to
 * November 11, 2025 …; Motion carried 3-2"), with the motion's own words.
 */
export function continuedOf(text: string, units: Unit[], motions: Motion[] = []): MinutesResult['continued'] {
  const said = units
    .filter((u) => /\b(?:continued|deferred|postponed|held over|carried over|held for|tabled|laid on the table)\b/i.test(u.sentence) && /\b(?:to|until|at the request|next|date|later)\b/i.test(u.sentence))
    .map((u) => ({ text: u.sentence, span: spanOf(text, u) }));
  const held = motions
    .filter((m) => m.outcome === 'carried' && HELD_OVER.has(holdOf(m) ?? ''))
    .filter((m) => !said.some((c) => c.span.start >= m.span.start && c.span.start < m.span.end))
    .flatMap((m) => {
      const made = units.find((u) => u.start >= m.span.start && u.start < m.span.end);
      return made ? [{ text: made.sentence, span: spanOf(text, made) }] : [];
    });
  return [...said, ...held].sort((a, b) => a.span.start - b.span.start);
}

export function nextMeetingOf(text: string, units: Unit[]): MinutesResult['next_meeting'] {
  const next = [...units].reverse().find((u) => /\bnext\b[\w ]{0,30}\b(?:meeting|session|hearing)\b/i.test(u.sentence) && /\d/.test(u.sentence));
  return next ? { text: next.sentence, span: spanOf(text, next) } : null;
}

const isSpace = (c: string) => c === ' ' || c === '\t' || c === '\r' || /\s/.test(c);

/**
 * Only spaces between `at` and the line's start (or end): read from `at` and stopping at the first
 * word, so a record read sentence by sentence is read once, not once per sentence to its line's
 * start and end (a record with no line breaks took minutes).
 */
function onlySpacesBack(text: string, at: number): boolean {
  for (let i = at - 1; i >= 0 && text[i] !== '\n'; i--) if (!isSpace(text[i])) return false;
  return true;
}
function onlySpacesOn(text: string, at: number): boolean {
  for (let i = at; i < text.length && text[i] !== '\n'; i++) if (!isSpace(text[i])) return false;
  return true;
}

/** A public-comment section's heading, however it is numbered or worded. */
const COMMENT_HEADING = /\b(?:public (?:comments?|testimony|forum|hearing|witnesses|participation)|oral communications?|community (?:announcements|comments?|forum)|citizens?'? (?:comments?|forum|remarks|communications)|comments? from the public|remarks from the public|open forum|persons? wishing to (?:speak|address)|witnesses)\b/i;
const SPEAKS = /\b(?:spoke|speaks|said|stated|testified|testifies|commented|comments|urged|urges|expressed|raised|voiced|addressed the (?:board|commission|council|committee)|asked(?: that| the| for| about)?|requested|opposed|supported|objected|complained|thanked|praised|criticized|questioned|shared|described|presented)\b/i;
const SPEAKER = /^(?:[-*•]\s*|\d+(?:\.\d+)*\.?\s+|[a-z]\)\s*)?(?:(?:Public comment|During public comment|In public comment|Under public comment)[,:]?\s+)?((?:Dr\.|Mr\.|Ms\.|Mrs\.|Mx\.|Rev\.)?\s*[A-Z][\w'’-]+(?: (?:[A-Z]\.|[A-Z][\w'’-]+)){1,3})(?:\s*\([^)]*\))?(?:,|\s+(?:of|from)\s|\s+(?=(?:also\s+|then\s+)?(?:spoke|speaks|testified|commented|urged|asked|expressed|raised|voiced|requested|opposed|supported|objected|complained|thanked|praised|criticized|questioned|shared|described|presented|addressed)\b))/;

/**
 * Public comment: each speaker (by name when the minutes give one) and what they spoke about, from a
 * public-comment section however it is numbered or worded, or from a sentence that says it is public
 * comment. The topic is the speaker's own clause ("spoke in support of the bill"); addresses, phone
 * numbers and e-mails are withheld from the whole reading afterwards (personal-data.ts).
 */
export function publicCommentOf(text: string, units: Unit[]): MinutesResult['public_comment'] {
  const out: MinutesResult['public_comment'] = [];
  let inSection = false;
  const NUMBERED = /^(?:[IVX]+\.|\d+(?:\.\d+)*\.?|[A-Z]\.|Item \d+[\w.]*\.?|Agenda Item \d+[\w.]*\.?)\s/i;
  const HEADING = /^(?:(?:[IVX]+\.|\d+(?:\.\d+)*\.?|[A-Z]\.|(?:Agenda )?Item \d+[\w.]*\.?)\s+|Item \d+[\w.]*\s*[—–:-]\s*|#+\s*)?[A-Z][^.!?]{0,70}[.:]?$/;
  /** The chair opening the floor in running text: "Chair Grange invited residents to speak." */
  const FLOOR_OPENS = /\b(?:invited|called (?:on|upon)|recognized|opened the floor to|asked for)\b[^.]{0,40}\b(?:residents?|members? of the public|the public|speakers?|public witnesses?|witnesses)\b|\b(?:begin|proceed|move) (?:with|to) public (?:comment|testimony)\b|\bopened (?:the )?public (?:comment|hearing|testimony)\b|\bfirst public witness\b/i;
  const FLOOR_CLOSES = /\bclosed (?:the )?public (?:comment|hearing|testimony)\b|\bno one else wished to speak\b|\bthat concludes (?:public )?(?:comment|testimony)\b/i;
  let turnsCounted = new Set<number>();
  for (const u of units) {
    const s = u.sentence;
    const atLineStart = onlySpacesBack(text, u.start);
    const wholeLine = onlySpacesOn(text, u.end);
    const numbered = NUMBERED.test(s);
    // A heading is short and ends without a full stop, unless it is numbered ("2. Public comment."): a short sentence is no heading.
    if (!u.speaker && atLineStart && s.length <= 80 && s.split(/\s+/).length <= 10 && HEADING.test(s.trim()) && (!SPEAKS.test(s) || COMMENT_HEADING.test(s)) && (numbered || !/[a-z]\.$/.test(s.trim()))) {
      // A heading alone on its line, or a numbered heading the item's text follows ("2. Public comment. Ms. Roe ...").
      if (wholeLine || numbered || COMMENT_HEADING.test(s)) {
        inSection = COMMENT_HEADING.test(s);
        continue;
      }
    }
    if (FLOOR_CLOSES.test(s)) {
      inSection = false;
      continue;
    }
    if (FLOOR_OPENS.test(s) && (!u.speaker || /CHAIR|PRESIDENT|MAYOR|PRESIDING/.test(u.speaker))) {
      inSection = true;
      turnsCounted = new Set();
      // "... Our first public witness is Ms. Whitford." opens the floor; the sentence itself is no comment.
      continue;
    }
    // A transcript: each witness's turn (MS. WHITFORD:) while the floor is open is one comment.
    if (u.speaker && inSection) {
      if (/CHAIR|PRESIDENT|MAYOR|PRESIDING|CLERK|SECRETARY|COUNCIL|COMMISSIONER|MEMBER|TRUSTEE|SUPERVISOR/.test(u.speaker)) {
        if (/\bmov(?:e|ed)\b|\bcall the roll\b/i.test(s)) inSection = false;
        continue;
      }
      if (turnsCounted.has(u.turnStart)) continue;
      if (/^(?:thank you|good (?:morning|afternoon|evening)|my name is|i live|hello)\b/i.test(s) || /^(?:I am|I'm|I’m)\s+\p{Lu}/u.test(s) || !/\b(?:support|oppos|urge|ask|request|concern|worr|against|favor|favour|want|need|please|object)\w*/i.test(s)) continue;
      turnsCounted.add(u.turnStart);
      const speaker = cleanName(u.speaker);
      out.push({ speaker: speaker && fullName(text, speaker), topic: s.replace(/\s+/g, ' ').trim(), span: spanOf(text, u) });
      continue;
    }
    const saysSo = /\bpublic (?:comment|testimony)\b|\bfrom the public\b|\bmembers? of the public\b/i.test(s);
    if (!SPEAKS.test(s) || (!inSection && !saysSo && !/\btestified\b/i.test(s))) continue;
    if (/\b(?:Councilmember|Commissioner|Cmsr\.|Trustee|Board Member|Supervisor|Alder\w*|Chair\w*|Mayor|Vice Mayor|Member|President|Vice President)\s+[A-Z]/.test(s.slice(0, 40))) continue;
    if (/^(?:The )?(?:Chair\w*|Clerk|Secretary|President|Mayor|Staff|Director)\b/.test(s)) continue;
    const named = SPEAKER.exec(s)?.[1];
    const speaker = named && !/^(?:The|This|That|There|Public|During|No|None|Several|Three|Two|Four|Five|Residents?|Speakers?)\b/.test(named.replace(/^(?:Dr|Mr|Ms|Mrs|Mx|Rev)\.\s*/, '')) ? cleanName(named) : null;
    const verbAt = s.search(SPEAKS);
    const topic = (speaker && verbAt > 0 ? s.slice(verbAt) : s.replace(/^(?:[-*•]\s*|\d+(?:\.\d+)*\.?\s*)/, '')).replace(/\s+/g, ' ').trim();
    out.push({ speaker, topic, span: spanOf(text, u) });
  }
  return out;
}
