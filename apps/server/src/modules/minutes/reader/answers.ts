import type { MinutesResult, Motion, Span } from '@civicdesk/contract';
import { contentWords } from '../../../platform/ai';

/**
 * Follow-up questions answered from the reading first (issue 20): the vote on a bill, who moved or
 * seconded, who spoke in public comment, what is due when, where and when the meeting was. Each answer
 * is built from the reading's own fields and cites the spans they were read from; a question the
 * reading does not answer (null) goes on to the minutes' text.
 */
export interface ReadingAnswer {
  answer: string;
  citations: Span[];
}

const MONTHS = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'];
/** Words every question about a motion shares; they say nothing about which motion. */
const GENERIC = new Set(contentWords('what was the final vote tally result outcome on for of who whom moved seconded second made motion motions pass passed carry carried adopt adopted approve approved fail failed how did members member vote voted council board commission committee meeting amendment amend'));
const MEASURE = new Set(contentWords('bill ordinance resolution measure item legislation'));
const ITEM = /\b(?:[A-Z]{1,4}\d{2}-\d{1,4}|Bill(?: No\.)? \d{2,4}-\d{1,4}|(?:Resolution|Ordinance|Res\.|Ord\.|File|Application|Case|Docket|Item)(?: No\.)? [A-Z]?\d[\w.-]*)\b/gi;

const itemKey = (s: string) => s.toLowerCase().replace(/^bill(?: no\.)? (\d{2})-0*(\d+)/, (_, a: string, b: string) => `b${a}-${b.padStart(4, '0')}`).replace(/[^a-z0-9]/g, '').replace(/^(?:resolution|ordinance|res|ord|file|application|case|docket|item)(?:no)?/, '');

const list = (names: string[]) => (names.length <= 1 ? names.join('') : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`);
const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** "5-2" with what else the record counted: "5-2 (1 present, not voting; 1 absent)". */
function tallyText(t: NonNullable<Motion['tally']>): string {
  const more = [t.abstain && `${t.abstain} abstaining or present, not voting`, t.recused && `${t.recused} recused`, t.absent && `${t.absent} absent`].filter(Boolean);
  return `${t.aye}-${t.nay}${more.length ? ` (${more.join('; ')})` : ''}`;
}

const VOTE_WORDS: [Motion['votes'][number]['vote'], string][] = [
  ['aye', 'Yes'],
  ['nay', 'No'],
  ['abstain', 'Abstained or present, not voting'],
  ['recused', 'Recused'],
  ['absent', 'Absent'],
];

/** "Carried 5-2 by roll call. Yes: ... No: ..." */
export function decisionOf(m: Motion, amendedBy: Motion[] = []): string {
  const what = m.item ? `${m.amends !== null ? 'The amendment to ' : ''}${m.item}` : m.amends !== null ? 'The amendment' : 'The motion';
  if (m.outcome === 'withdrawn' || m.outcome === 'tabled' || m.outcome === 'continued') return `${what} was ${m.outcome}.`;
  if (m.outcome === 'unknown') return `The minutes record no vote on ${what.charAt(0).toLowerCase()}${what.slice(1)}.`;
  const asAmended = m.amends === null && amendedBy.some((a) => a.outcome === 'carried') ? ' as amended' : '';
  const how = m.vote_kind === 'roll_call' ? ' by roll call' : m.vote_kind === 'voice' ? ' by voice vote' : m.vote_kind === 'show_of_hands' ? ' by a show of hands' : m.vote_kind === 'unanimous' ? ' unanimously' : '';
  let out = `${what}${asAmended} ${m.outcome}${m.tally ? ` ${m.tally.aye}-${m.tally.nay}` : ''}${how}${m.tally && tallyText(m.tally).includes('(') ? ` ${tallyText(m.tally).replace(/^[\d-]+ /, '')}` : ''}.`;
  for (const [vote, word] of VOTE_WORDS) {
    const names = m.votes.filter((v) => v.vote === vote).map((v) => v.member);
    if (names.length) out += ` ${word}: ${list(names)}.`;
  }
  return out;
}

/** The motions a question is about: by file number, by "the amendment", or by the words they share. */
function motionsAsked(question: string, motions: Motion[]): Motion[] {
  const items = [...question.matchAll(ITEM)].map((m) => itemKey(m[0]));
  let pool = motions;
  if (items.length) {
    pool = motions.filter((m) => (m.item && items.includes(itemKey(m.item))) || items.some((k) => itemKey(m.text).includes(k)));
    // An amendment to the bill is about the bill too.
    pool = motions.filter((m) => pool.includes(m) || (m.amends !== null && pool.includes(motions[m.amends])));
    if (!pool.length) return [];
  }
  if (/\bamendments?\b/i.test(question) && !/\bas amended\b/i.test(question)) {
    const amendments = pool.filter((m) => m.amends !== null);
    if (amendments.length) pool = amendments;
  } else if (items.length || /\b(?:main|final|underlying)\b/i.test(question)) {
    const main = pool.filter((m) => m.amends === null);
    if (main.length) pool = main;
  }
  if (items.length) return pool;
  const asked = new Set(contentWords(question).filter((w) => !GENERIC.has(w)));
  // "the bill", "the resolution": the one measure the meeting voted on, when there is one.
  if ([...asked].every((w) => MEASURE.has(w))) {
    if (/\bamendment\b/i.test(question)) return pool;
    const measures = new Set(pool.filter((m) => m.item && m.amends === null).map((m) => itemKey(m.item!)));
    return asked.size && measures.size === 1 ? pool.filter((m) => m.item && itemKey(m.item) === [...measures][0] && m.amends === null) : [];
  }
  const scored = pool.map((m) => ({ m, n: contentWords(m.text).filter((w) => asked.has(w)).length })).filter((x) => x.n > 0);
  const best = Math.max(0, ...scored.map((x) => x.n));
  return scored.filter((x) => x.n === best).map((x) => x.m);
}

function dueAsked(question: string): { month: number; day: number } | null {
  const named = /\b(january|february|march|april|may|june|july|august|september|october|november|december)\s+(\d{1,2})\b/i.exec(question);
  if (named) return { month: MONTHS.indexOf(named[1].toLowerCase()) + 1, day: Number(named[2]) };
  const numeric = /\b(\d{1,2})\/(\d{1,2})\b/.exec(question);
  return numeric ? { month: Number(numeric[1]), day: Number(numeric[2]) } : null;
}

function dueMatches(due: string | null, asked: { month: number; day: number }): boolean {
  if (!due) return false;
  const named = /\b(january|february|march|april|may|june|july|august|september|october|november|december)\s+(\d{1,2})\b/i.exec(due);
  if (named) return MONTHS.indexOf(named[1].toLowerCase()) + 1 === asked.month && Number(named[2]) === asked.day;
  const numeric = /\b(\d{1,2})\/(\d{1,2})\b/.exec(due) ?? /\b\d{4}-(\d{2})-(\d{2})\b/.exec(due);
  return !!numeric && Number(numeric[1]) === asked.month && Number(numeric[2]) === asked.day;
}

export function answerFromReading(question: string, result: MinutesResult): ReadingAnswer | null {
  const q = question.trim();
  const motions = result.motions;

  // Who spoke during public comment?
  if (/\bpublic (?:comment|testimony|forum)|\bfrom the public\b|\bresidents?\b.*\b(?:spoke|speak|testif)|\bwho (?:spoke|testified)\b/i.test(q) && !/\bmoved?\b|\bseconded?\b/i.test(q)) {
    if (!result.public_comment.length) return { answer: 'The minutes record no public comment.', citations: [] };
    const lines = result.public_comment.map((c) => `${c.speaker ?? 'A member of the public'} ${c.topic.replace(/^(?=[A-Z])/, '— ').replace(/[.;\s]+$/, '')}`.replace(/\s+/g, ' ').trim());
    return { answer: `${result.public_comment.length === 1 ? 'One person spoke' : `${result.public_comment.length} people spoke`} during public comment: ${lines.join('; ')}.`, citations: result.public_comment.map((c) => c.span) };
  }

  // Who moved / seconded ...?
  const role = /\bwho\s+(?:(?:made|offered|introduced)\s+(?:the\s+)?(?:motion|amendment)|moved|seconded|second(?:ed)?)\b/i.exec(q)?.[0];
  if (role) {
    const found = motionsAsked(q, motions);
    if (!found.length) return null;
    const seconder = /second/i.test(role);
    const parts = found.slice(0, 3).map((m) => {
      const name = seconder ? m.seconder : m.mover;
      const what = m.item ? `${m.amends !== null ? 'the amendment to ' : ''}${m.item}` : m.amends !== null ? 'the amendment' : `the motion (“${m.text.slice(0, 120)}”)`;
      return name ? `${name} ${seconder ? 'seconded' : 'moved'} ${what}.` : `The minutes do not name who ${seconder ? 'seconded' : 'moved'} ${what}.`;
    });
    return { answer: parts.join(' '), citations: found.slice(0, 3).map((m) => m.span) };
  }

  // What was the vote on ..., did ... pass, was the amendment adopted?
  if (/\b(?:vote|voted|tally|pass(?:ed)?|carr(?:y|ied)|adopted|approved|fail(?:ed)?|outcome|result|decided|decision)\b/i.test(q)) {
    let found = motionsAsked(q, motions);
    if (!found.length) return null;
    // The final vote is the last decided one (a second reading after a first).
    if (/\bfinal\b/i.test(q)) {
      const decided = found.filter((m) => m.outcome === 'carried' || m.outcome === 'failed');
      found = [decided[decided.length - 1] ?? found[found.length - 1]];
    }
    const shown = found.slice(0, 3);
    return { answer: shown.map((m) => decisionOf(m, motions.filter((a) => a.amends !== null && motions[a.amends] === m))).join(' '), citations: shown.map((m) => m.span) };
  }

  // What is due by March 1? What are the action items?
  const due = dueAsked(q);
  if (due && /\bdue\b|\bby\b|\bdeadline\b|\bto do\b|\baction/i.test(q)) {
    const actions = result.actions.filter((a) => dueMatches(a.due, due));
    if (!actions.length) return null;
    return { answer: actions.map((a) => (a.owner && !a.text.toLowerCase().includes(a.owner.toLowerCase()) ? `${cap(a.owner)}: ${a.text}` : a.text)).join(' '), citations: actions.map((a) => a.span) };
  }
  if (/\baction items?\b|\bfollow[- ]ups?\b|\bwho (?:has|needs) to\b|\bassigned\b/i.test(q) && result.actions.length) {
    return { answer: result.actions.map((a) => `${a.owner ? `${cap(a.owner)}` : 'Unassigned'}${a.due ? ` (by ${a.due})` : ''}: ${a.text}`).join(' '), citations: result.actions.map((a) => a.span) };
  }
  return null;
}
