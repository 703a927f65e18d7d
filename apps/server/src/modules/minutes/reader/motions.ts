import type { Motion, Span } from '@civicdesk/contract';
import { NAME, type Roster } from './names';
import { countVotes, memberVotes, outcomeIn, statedTally, voteKind } from './votes';

/**
 * Motions, read as a clerk reads them: a motion is made (with its mover and seconder), may be amended
 * or have a motion to table or postpone made on it while it is pending, and is then voted, withdrawn,
 * tabled or continued. The reader walks the record's sentences in order and keeps the pending motions
 * on a stack, so an amendment voted first is resolved first and "the motion as amended" reaches the
 * main motion beneath it; a roll call printed under an outcome belongs to the motion just decided.
 */
export interface Unit {
  start: number;
  end: number;
  sentence: string;
  /** The transcript's speaker of the turn the sentence is in ("COUNCILMEMBER VOSS"), if any. */
  speaker: string | null;
  /** Where the speaker's turn begins, for a motion spoken as "... I'll move it." */
  turnStart: number;
}

const FILE_NUMBER = new RegExp(
  [
    String.raw`\b(?:B|PR|CER|CA|SR|HPA|NOI|HR|R)\d{2}-\d{1,4}\b`,
    String.raw`\bBill(?: No\.)? \d{2,4}-\d{1,4}\b`,
    String.raw`\b(?:Resolution|Ordinance|Res\.|Ord\.)(?: No\.)? (?:[A-Z]{1,4} )?\d[\w-]*\d\b`,
    String.raw`\b(?:File|Application|Case|Docket)(?: No\.)? [A-Z]?\d[\w.-]*\d\b`,
    String.raw`\bZ\.C\. Case No\. \d{2}-\d{2,3}\b`,
    String.raw`\b(?:Agenda )?Item(?: No\.)? \d{1,2}(?:\.[A-Z0-9]{1,2}|[A-Z])?\b`,
  ].join('|'),
);

/**
 * The item the motion sits under, when the motion itself names none: in the same paragraph before it
 * ("Item 4. File No. 18-1628, OPD agreement. Councilmember Taylor moved to approve…"), the last one
 * named. A labelled file number ("File No.", "Resolution No.") first, the matter itself; else the
 * agenda item as the minutes number it ("Item 4A. Paving contract …"), which is how a clerk names it
 * (issue 32: "Item: Not stated" beside minutes that say "Item 4A"). It names no matter to link to.
 */
function fileNumberOfItemRead(text: string, paragraphStart: number, start: number): string | null {
  const paragraph = text.slice(Math.max(0, paragraphStart), start);
  // The District's bills (B26-0488, PR26-0517) are left to the motion's own words: its records name the bill in the motion, and
  // a paragraph headed by a bill holds motions on its committee print and on amendments alike (held-out set 2).
  const named = [...paragraph.matchAll(new RegExp(FILE_NUMBER.source, 'g'))].map((f) => f[0]);
  const found = named.filter((f) => /^(?:File|Application|Case|Docket|Resolution|Ordinance|Res\.|Ord\.)\b/i.test(f));
  return found.at(-1) ?? named.filter((f) => /^(?:Agenda )?Item\b/i.test(f)).at(-1) ?? null;
}

/**
 * text.lastIndexOf('\n\n', at), from the record's blank lines listed once: asked of every motion,
 * the search went back to the start of a long paragraph each time.
 */
function paragraphBreaks(text: string): (at: number) => number {
  const breaks: number[] = [];
  for (let i = text.indexOf('\n\n'); i >= 0; i = text.indexOf('\n\n', i + 1)) breaks.push(i);
  return (at) => {
    let low = 0;
    let high = breaks.length;
    while (low < high) {
      const mid = (low + high) >> 1;
      if (breaks[mid] <= at) low = mid + 1;
      else high = mid;
    }
    return low > 0 ? breaks[low - 1] : -1;
  };
}

/** The first place in a list sorted by `at` whose `at` is at least `from`. */
function firstAtOrAfter(list: { at: number }[], from: number): number {
  let low = 0;
  let high = list.length;
  while (low < high) {
    const mid = (low + high) >> 1;
    if (list[mid].at < from) low = mid + 1;
    else high = mid;
  }
  return low;
}

const RECUSED = new RegExp(String.raw`(${NAME}|(?:Mr|Ms|Mrs|Dr|Cmsr)\. [A-Z][\w'’-]+)[^.]{0,120}?\b(?:recused|RECUSED)\b`);

/** Motions pending at once, one on another (a main motion, amendments to it and to them, a motion to table); more is not a record of a meeting. */
const MAX_PENDING = 10;

/** A Council bill as the record's index writes it: "Bill 26-412" -> "B26-0412"; any other file number as it is. */
export const councilBill = (item: string) => item.replace(/^Bill(?: No\.)? (\d{2})-0*(\d+)/i, (_, p: string, n: string) => `B${p}-${n.padStart(4, '0')}`);

const STARTS: { re: RegExp; mover: number; seconder: number }[] = [
  { re: new RegExp(String.raw`\b(?:Motion|Moved)(?: made)? by (${NAME}),?\s+(?:and\s+)?(?:seconded|second) by (${NAME})`, 'g'), mover: 1, seconder: 2 },
  { re: new RegExp(String.raw`\b[Oo]n (?:a |the )?motion (?:of|by) (${NAME})(?:,?\s+(?:and\s+)?seconded by (${NAME}))?`, 'g'), mover: 1, seconder: 2 },
  { re: new RegExp(String.raw`\bIt was moved(?: by (${NAME}))?,? and seconded(?: by (${NAME}))?`, 'g'), mover: 1, seconder: 2 },
  { re: new RegExp(String.raw`\bMotion (${NAME}|[A-Z][\w'’-]+) / second (${NAME}|[A-Z][\w'’-]+)`, 'g'), mover: 1, seconder: 2 },
  { re: new RegExp(String.raw`(${NAME}|[Tt]he (?:Vice )?Chair(?:man|woman|person)?|(?:Mr|Ms|Mrs|Dr|Cmsr)\. [A-Z][\w'’-]+)(?:, [^,.;]{3,80},)? (?:then |also |again |subsequently )?(?:moved|moves|made a motion|offered (?:a|an|the) (?:substitute )?(?:motion|amendment))\b(?! (?:ahead|forward|up|back|on|from|out|into)\b)`, 'g'), mover: 1, seconder: 0 },
  { re: new RegExp(String.raw`(${NAME}|(?:Mr|Ms|Mrs|Dr|Cmsr)\. [A-Z][\w'’-]+) (?:said|stated|noted|argued)\b[^.;]{0,240}?,? and (?:then )?moved\b`, 'g'), mover: 1, seconder: 0 },
  { re: /^\s*(?:MOTION|Motion|AMENDMENT|Amendment)(?: (?:to|of) the (?:main )?motion)?(?: \d+)?\s*(?:\(([^)]*)\))?\s*:\s*(?:([A-Z][\w'’-]+(?: [A-Z][\w'’-]+)?)\s*[—–-]+\s*)?/gm, mover: 0, seconder: 0 },
];
const SECOND = [
  new RegExp(String.raw`(?:[Ss]econded|[Ss]econd(?:ed)?) by (${NAME}|[A-Z][\w'’-]+)`),
  new RegExp(String.raw`(${NAME}|(?:Mr|Ms|Mrs|Dr|Cmsr)\. [A-Z][\w'’-]+) seconded`),
  /^\s*SECOND(?:ED)?\s*:\s*([A-Z][\w'’. -]+?)\s*$/im,
];
const MOVED_SECONDED = /\bMoved\s*:\s*([A-Z][\w'’.-]+(?: [A-Z][\w'’.-]+){0,3})\s*[|,;]?\s*Seconded\s*:\s*([A-Z][\w'’.-]+(?: [A-Z][\w'’.-]+){0,3})/;

interface Pending {
  start: number;
  textStart: number;
  sentence: string;
  mover: string | null;
  seconder: string | null;
  amends: number | null;
  /** A motion to table or to postpone: when it carries, the motion beneath it is tabled or continued. */
  subsidiary: 'tabled' | 'continued' | null;
  isAmendment: boolean;
  /** Where this motion's own votes begin (after any amendment decided while it was pending). */
  votesFrom: number;
  end: number;
  outcome: Motion['outcome'];
  outcomeText: string;
  index: number;
}

const lastIndex = <T>(list: T[], test: (x: T) => boolean) => {
  for (let i = list.length - 1; i >= 0; i--) if (test(list[i])) return i;
  return -1;
};
/** A vote said to be on the main motion: "On the main motion as amended, the vote was ...", "Roll call on the original motion". */
const ON_MAIN = /\b(?:on|upon|for) the (?:main|original|underlying) motion\b|\bon the motion as amended\b|\b(?:main|original) motion,? as amended\b|\b(?:vote|roll call) on (?:the )?(?:bill|resolution|ordinance|measure)\b|\b(?:vote|roll call) on (?:[A-Z]{1,3}\d{2}-\d+)|,?\s+as amended\b/i;
const isAmendment = (s: string) => /\b(?:amend(?:ment)?|substitute)\b/i.test(s) && !/\bas amended\b/i.test(s);
const subsidiaryOf = (s: string): Pending['subsidiary'] =>
  /\b(?:to table|lay [\w\s'’]{0,40}on the table|to lay on the table)\b/i.test(s) ? 'tabled' : /\bto (?:postpone|continue|defer|carry over|hold over)\b/i.test(s) ? 'continued' : null;

export function motionsOf(text: string, units: Unit[], roster: Roster): Motion[] {
  const made: Pending[] = [];
  const stack: Pending[] = [];
  let lastDecided = null as Pending | null;
  const recusals: { member: string; at: number }[] = [];

  const open = (unit: Unit, at: number, mover: string | null, seconder: string | null) => {
    const sentence = text.slice(at, unit.end).trim();
    // A spoken motion ("... I'll move it.") is about what the speaker's turn said before it.
    const about = unit.speaker ? text.slice(Math.max(unit.turnStart, at - 600), unit.end) : sentence;
    const subsidiary = stack.length ? subsidiaryOf(about) : null;
    const amendment = !subsidiary && isAmendment(about) && stack.length > 0;
    // A new main motion while another is pending (and not amending or tabling it) leaves the old one undecided.
    if (!amendment && !subsidiary) stack.length = 0;
    // Past the most a meeting keeps pending, the oldest above the main motion is let go (it stays undecided), so
    // every decision looks through a short stack.
    if (stack.length >= MAX_PENDING) stack.splice(1, 1);
    const start = unit.speaker && at - unit.turnStart < 1_500 ? unit.turnStart : at;
    const motion: Pending = {
      start,
      textStart: at,
      sentence,
      mover: roster.resolve(mover),
      seconder: roster.resolve(seconder),
      amends: amendment ? stack[stack.length - 1].index : null,
      subsidiary,
      isAmendment: amendment,
      votesFrom: start,
      end: unit.end,
      outcome: 'unknown',
      outcomeText: '',
      index: made.length,
    };
    // A resolution read into the record ("BE IT RESOLVED, that ...") before the motion to adopt it is the motion's text.
    if (/\bResolution\b/i.test(sentence)) {
      const since = Math.max(made.length ? made[made.length - 1].end : 0, start - 2_500);
      const resolved = text.slice(since, start).search(/^.*\b(?:WHEREAS|RESOLVED)\b/m);
      if (resolved >= 0) motion.start = since + resolved;
    }
    made.push(motion);
    stack.push(motion);
    lastDecided = null;
    return motion;
  };

  /** A vote record runs to the end of its line ("VOTE: 4-0-1 (A and B to APPROVE; C not present, not voting)."). */
  const lineEnd = (unit: Unit) => {
    const unbalanced = (unit.sentence.match(/\(/g)?.length ?? 0) > (unit.sentence.match(/\)/g)?.length ?? 0);
    if (!unbalanced && !unit.sentence.endsWith(';')) return unit.end;
    const eol = text.indexOf('\n', unit.end);
    const end = eol < 0 ? text.length : eol;
    return end - unit.end <= 400 ? end : unit.end;
  };

  const decide = (unit: Unit, outcome: Motion['outcome']) => {
    const end = lineEnd(unit);
    const s = text.slice(unit.start, end);
    // The record of a vote already reported ("the amendment failed. VOTE ON AMENDMENT: 1-3-1 (...)") adds to that decision.
    if (/\bamendment\b/i.test(s) && !/\bas amended\b|\bmain motion\b/i.test(s) && lastIndex(stack, (m) => m.isAmendment) < 0 && lastDecided?.isAmendment && unit.start - lastDecided.end < 400) {
      lastDecided.end = end;
      lastDecided.outcomeText += ` ${s}`;
      for (const m of stack) m.votesFrom = Math.max(m.votesFrom, end);
      return;
    }
    let target = stack.length - 1;
    if (/\bas amended\b|\bmain motion\b|\boriginal motion\b/i.test(s)) {
      const main = stack.findIndex((m) => !m.isAmendment && !m.subsidiary);
      if (main >= 0) target = main;
    } else if (/\bamendment\b/i.test(s)) {
      const amendment = lastIndex(stack, (m) => m.isAmendment);
      if (amendment >= 0) target = amendment;
    } else if (/\bmotion to (?:table|postpone|lay)\b/i.test(s)) {
      const sub = lastIndex(stack, (m) => !!m.subsidiary);
      if (sub >= 0) target = sub;
    }
    const motion = stack[target];
    stack.length = target;
    motion.outcome = outcome;
    motion.outcomeText += ` ${s}`;
    motion.end = end;
    if (motion.subsidiary && outcome === 'carried' && stack.length) {
      const beneath = stack.pop()!;
      beneath.outcome = motion.subsidiary;
      beneath.end = Math.max(beneath.end, end);
    }
    // Whatever was decided inside a pending motion is not part of that motion's own vote.
    for (const m of stack) m.votesFrom = Math.max(m.votesFrom, end);
    lastDecided = motion;
  };

  let previous: Unit | undefined;
  for (const unit of units) {
    const s = unit.sentence;
    const before = previous;
    previous = unit;
    // The word first: the pattern reads 120 characters after every name in the record.
    const recused = (s.includes('recused') || s.includes('RECUSED')) && RECUSED.exec(s);
    if (recused) recusals.push({ member: roster.resolve(recused[1])!, at: unit.start });

    // A motion made in this sentence.
    let opened: Pending | null = null;
    let decidedHere = false;
    let rest = '';
    for (const { re, mover, seconder } of STARTS) {
      re.lastIndex = 0;
      const m = re.exec(s);
      if (!m) continue;
      // "MOTION: text" and "MOTION: Sands — text": the motion's words begin after the label.
      const label = mover === 0 && seconder === 0;
      // "The minutes were approved by voice vote on a motion by X": the sentence is the motion, its first words its fate.
      const reportedAfter = m.index > 0 && /^on\b/i.test(m[0]) && outcomeIn(s.slice(0, m.index)) ? s.slice(0, m.index) : null;
      const at = reportedAfter ? unit.start : unit.start + m.index + (label ? m[0].length : 0);
      opened = open(unit, at, label ? (m[1] ?? m[2] ?? null) : m[mover], seconder ? (m[seconder] ?? null) : null);
      rest = s.slice(m.index + m[0].length);
      if (reportedAfter) {
        decide(unit, outcomeIn(reportedAfter)!);
        opened = null;
        decidedHere = true;
      }
      break;
    }
    if (!opened && unit.speaker && /\bI(?:'ll| will| would|'d)? (?:so )?move\b|^\s*(?:So )?moved\.?$/i.test(s)) {
      opened = open(unit, unit.start, unit.speaker, null);
    }
    // "Will the clerk please call the roll on the passage of the bill?": the committee's recommendation is the motion put.
    if (!opened && !stack.length && /\bcall the roll on (?:the )?(?:passage|adoption|approval|final passage) of\b/i.test(s)) opened = open(unit, unit.start + s.search(/\bcall the roll on\b/i), null, null);
    if (!opened && !decidedHere && /^(?:Is there )?(?:any )?objection to\b|\bis there any objection to\b/i.test(s)) opened = open(unit, unit.start + Math.max(0, s.search(/\b(?:is there )?any objection to\b/i)), null, null);
    if (!opened && /^Without objection,/i.test(s) && !stack.length) {
      // "The Chairman asked unanimous consent that staff be granted leave ... Without objection, it was so ordered.": the request is the motion.
      const asked = before && unit.start - before.end < 400 && /\b(?:unanimous consent|ask(?:ed|s)? (?:that|for)|request(?:ed|s)? that|moved? that|leave to)\b/i.test(before.sentence) && !made.some((m) => m.start >= before.start);
      opened = open(unit, asked ? before.start : unit.start, null, null);
      decide(unit, 'carried');
      continue;
    }

    const top = stack[stack.length - 1];
    if (decidedHere) continue;
    if (top) {
      // Seconds: "seconded by X", "X seconded", "SECOND: X", a transcript's "Second."
      const moved = MOVED_SECONDED.exec(s);
      const votedInLine = /\bVote\s*:\s*\d{1,2}\s*-\s*\d{1,2}/i.test(s);
      if (moved && !top.mover) top.mover = roster.resolve(moved[1]);
      if (!top.seconder) {
        const second = moved?.[2] ?? SECOND.map((re) => re.exec(s)?.[1]).find(Boolean);
        if (second) top.seconder = roster.resolve(second);
        else if (unit.speaker && /^\s*(?:I )?second(?: (?:it|the motion|that))?[.!]?\s*$/i.test(s) && !/SECRETARY|CLERK/.test(unit.speaker)) top.seconder = roster.resolve(unit.speaker);
      }
    }
    // What happened to it: outcome sentences reach the pending motion, never the sentence that made it.
    // "On motion of X, seconded by Y, the minutes were approved": what follows the seconder is the motion's fate.
    const clause = opened ? (/^,\s+(?!to\b|that\b)/.test(rest) ? rest : decisionClause(s.slice(opened.textStart - unit.start))) : s;
    let outcome = voteLineOutcome(s) ?? outcomeIn(clause);
    // In a transcript only the chair or the clerk announces a result; a member may only withdraw her own motion.
    if (outcome && unit.speaker && outcome !== 'withdrawn' && !/CHAIR|PRESIDENT|MAYOR|CLERK|SECRETARY|PRESIDING|^Speaker \d/i.test(unit.speaker)) outcome = null;
    if (outcome && stack.length) {
      decide(unit, outcome);
      continue;
    }
    // A roll call printed after the outcome belongs to the motion just decided; one before it, to the pending motion.
    const votesHere =
      /^\s*(?:Ayes?|Yeas?|Nays?|Noes|Voting|Abstain|Absent|Recused|Yes|No)\b.*:|[—–]\s*(?:yes|no|aye|nay|present|abstain)\b|^\s*[A-Z][A-Z .'’-]+:\s*(?:Aye|Yes|No|Nay|Present|Abstain)\b|\bVOTE\b[^:\n]*:/i.test(s) ||
      /^\s*(?:[A-Z][\w.'’-]*\s+){1,3}[A-Z][\w'’-]+\s*:\s*(?:Aye|Yes|No|Nay|Present|Abstain\w*|Absent|Recused)\b/.test(s);
    // "Roll call on the main motion:", "Vote on the amendment by show of hands", "On the main motion as
    // amended, the vote was 5-2: Yes: ...": what follows is the named pending motion's vote, not the
    // amendment just decided by voice.
    const onMain = ON_MAIN.test(s);
    if (/^(?:Roll call|Vote|VOTE|Voting) on\b/.test(s) || onMain) lastDecided = null;
    if (votesHere) {
      const justDecided = lastDecided && unit.start - lastDecided.end < 200 ? lastDecided : null;
      const main = onMain ? stack.find((m) => !m.isAmendment && !m.subsidiary) : undefined;
      const target = main ?? justDecided ?? stack[stack.length - 1] ?? lastDecided;
      if (target && unit.start - target.end < 1_200) target.end = Math.max(target.end, lineEnd(unit));
      if (justDecided) for (const m of stack) m.votesFrom = Math.max(m.votesFrom, target!.end);
    }
  }

  const paragraphStartBefore = paragraphBreaks(text);
  /** The furthest end of the motions before the one being read. */
  let reach = -Infinity;
  return made.map((m, i) => {
    const block = text.slice(m.votesFrom, m.end);
    const own = text.slice(m.start, m.end);
    let votes = m.outcome === 'carried' || m.outcome === 'failed' ? memberVotes(block, roster) : [];
    const stated = statedTally(m.outcomeText + '\n' + block.slice(block.length - Math.min(block.length, 600)));
    if (votes.length) votes = inferredAyes(votes, stated, roster);
    if (votes.length) votes = completeVotes(votes, roster, recusals, m.start, block);
    // A main motion that names no matter is on the item read just before it, in its paragraph, when no other motion came between.
    const paragraphStart = paragraphStartBefore(m.start);
    const firstInParagraph = m.amends === null && !(reach > paragraphStart);
    reach = Math.max(reach, m.end);
    const item = FILE_NUMBER.exec(m.sentence)?.[0] ?? FILE_NUMBER.exec(m.outcomeText)?.[0] ?? (firstInParagraph ? fileNumberOfItemRead(text, paragraphStart, m.start) : null);
    const span: Span = { start: m.start, end: m.start + own.trimEnd().length, quote: own.trimEnd() };
    const decided = m.outcome === 'carried' || m.outcome === 'failed';
    return {
      text: motionText(m.sentence),
      mover: m.mover,
      seconder: m.seconder,
      item: item ? councilBill(item) : null,
      link: null,
      amends: m.amends,
      outcome: m.outcome,
      vote_kind: decided ? voteKind(m.outcomeText + block.slice(-800), votes) : 'unknown',
      tally: decided ? tallyOf(stated, votes, roster) : null,
      votes,
      span,
      index: i,
    };
  }).map(({ index: _index, ...motion }) => motion);
}

/**
 * In the sentence that makes a motion, only a clause that reports its fate decides it ("..., Mr. Osei
 * seconded, and the consent calendar was approved by voice vote"); "moved to approve" does not.
 */
function decisionClause(sentence: string): string {
  const clause = /(?:[.;]\s+|,\s+(?:and\s+)?)((?:the|it|this|which)\b.*)$/i.exec(sentence)?.[1] ?? '';
  return /\b(?:motion|amendment|minutes|agenda|consent|calendar|resolution|it|which|vote)\b/i.test(clause) ? clause : '';
}

/** A zoning-style vote line ("VOTE: 3-1-1 (...)") decides the motion by its count when no word says how. */
function voteLineOutcome(sentence: string): Motion['outcome'] | null {
  const m = /(?:^\s*|\s{2,}|\|\s*)VOTE(?: ON (?:THE )?(?:MAIN MOTION|MOTION|AMENDMENT))?\s*:\s*(\d{1,2})\s*-\s*(\d{1,2})/i.exec(sentence);
  if (!m) return null;
  return outcomeIn(sentence) ?? (Number(m[1]) > Number(m[2]) ? 'carried' : 'failed');
}

/**
 * The record's own count when it states one ("carried 4-2"), with what the members' votes add (who was
 * absent or recused); counted from the votes when every member's vote is named and no count is stated.
 */
function tallyOf(stated: Motion['tally'], votes: Motion['votes'], roster: Roster): Motion['tally'] {
  const complete = votes.length >= Math.max(3, roster.size * 0.6);
  if (!complete) return stated;
  const counted = countVotes(votes);
  if (!stated) return counted;
  return { ...stated, abstain: Math.max(stated.abstain, counted.abstain), absent: Math.max(stated.absent, counted.absent), recused: Math.max(stated.recused, counted.recused) };
}

const HOLDS = /\b(?:moved|motion)\s+to\s+(table|postpone|continue|defer|refer)\b/i;
/** What a main motion to hold its matter does to it ("moved to table the item to …" -> "table"); null for any other motion. */
export const holdOf = (m: Motion): string | null => (m.amends === null ? (HOLDS.exec(m.text)?.[1]?.toLowerCase() ?? null) : null);

/** The motion's own words: its sentence, without the outcome that may follow in the same line. */
function motionText(sentence: string) {
  const s = sentence.replace(/\s+/g, ' ').trim();
  return s.length > 400 ? `${s.slice(0, 397)}...` : s;
}

/**
 * "Motion carried 3-2, with Brooks and Chen voting no": when the record names only the other votes and
 * the members present who are not named are exactly as many as its ayes, they voted aye; a clerk reads
 * it so. Otherwise (a count that does not add up, someone absent unnamed) nothing is inferred.
 */
function inferredAyes(votes: Motion['votes'], stated: Motion['tally'], roster: Roster): Motion['votes'] {
  if (!stated || votes.some((v) => v.vote === 'aye') || roster.absentMembers().length) return votes;
  const named = new Set(votes.map((v) => v.member.toLowerCase()));
  const members = new Set(roster.all().map((m) => m.toLowerCase()));
  if (votes.length !== stated.nay + stated.abstain + stated.recused || [...named].some((n) => !members.has(n))) return votes;
  const others = roster.all().filter((member) => !named.has(member.toLowerCase()));
  if (!stated.aye || others.length !== stated.aye || stated.absent) return votes;
  return [...others.map((member) => ({ member, vote: 'aye' as const })), ...votes];
}

/**
 * A roll call names those who voted; members the attendance lists as absent, or who recused themselves
 * just before the motion, are added as such, so the tally and the votes agree with the record.
 */
function completeVotes(votes: Motion['votes'], roster: Roster, recusals: { member: string; at: number }[], start: number, block: string): Motion['votes'] {
  if (votes.length < Math.max(2, roster.size / 2)) return votes;
  const has = (name: string) => votes.some((v) => v.member.toLowerCase() === name.toLowerCase());
  const out = [...votes];
  // Only recusals from 2,500 characters before the motion to the end of its vote count: found by place, not by reading every one.
  for (let k = firstAtOrAfter(recusals, start - 2_500 + 1); k < recusals.length && recusals[k].at <= start + block.length; k++) {
    if (!has(recusals[k].member)) out.push({ member: recusals[k].member, vote: 'recused' });
  }
  for (const member of roster.absentMembers()) if (!has(member)) out.push({ member, vote: 'absent' });
  const named = /,? with ((?:Council\w*|Commissioner|Member|Trustee|Supervisor|Mr\.|Ms\.|Dr\.)\s*[A-Z][\w'’-]+(?: [A-Z][\w'’-]+)?) (?:absent|not present)/.exec(block);
  if (named) {
    const member = roster.resolve(named[1]);
    if (member && !out.some((v) => v.member === member)) out.push({ member, vote: 'absent' });
  }
  return out;
}
