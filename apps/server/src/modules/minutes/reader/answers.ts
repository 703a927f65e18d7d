import type { MinutesResult, Motion, Span } from '@civicdesk/contract';
import { contentWords, sentenceSpans } from '../../../platform/ai';
import { councilBill, holdOf } from './motions';
import { escapeRegExp } from '../../../platform/regex';

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
const COMMENT_WORDS = new Set(contentWords('public comment testimony forum witness witnesses speaker speakers resident residents raised spoke which who'));
const MEASURE = new Set(contentWords('bill ordinance resolution measure item legislation'));
const ITEM = /\b(?:[A-Z]{1,4}\d{2}-\d{1,4}|Bill(?: No\.)? \d{2,4}-\d{1,4}|(?:Resolution|Ordinance|Res\.|Ord\.|File|Application|Case|Docket|Item)(?: No\.)? [A-Z]?\d[\w.-]*)\b/gi;

/** A sum of money as minutes write it: "$1,100,000", "$1.2 million", "$45,000.00". */
const MONEY = /\$\s?\d[\d,]*(?:\.\d+)?(?:\s?(?:million|billion|thousand))?/i;

const itemKey = (s: string) => councilBill(s).toLowerCase().replace(/[^a-z0-9]/g, '').replace(/^(?:resolution|ordinance|res|ord|file|application|case|docket|item)(?:no)?/, '');

const list = (names: string[]) => (names.length <= 1 ? names.join('') : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`);
const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

const VOTE_WORDS: [Motion['votes'][number]['vote'], string][] = [
  ['aye', 'Yes'],
  ['nay', 'No'],
  ['abstain', 'Abstained or present, not voting'],
  ['recused', 'Recused'],
  ['absent', 'Absent'],
];

/** What a motion to hold a measure does to it ("table"), when it names the measure; else null. */
const heldBy = (m: Motion) => (m.item ? holdOf(m) : null);

/** "Carried 5-2 by roll call. Yes: ... No: ..." */
export function decisionOf(m: Motion, amendedBy: Motion[] = []): string {
  // "tabled until April 9, 2026": the date the record gives, in the motion's own words.
  const until = /\b(?:until|to|till)\s+((?:the\s+)?(?:(?:January|February|March|April|May|June|July|August|September|October|November|December)\s+\d{1,2}(?:,\s*\d{4})?|next (?:regular )?meeting)(?:\s+meeting)?)/i.exec(m.span.quote)?.[1];
  // A motion to table a measure that carried tabled it: "Ordinance 2025-12 carried 3-2" would say it passed.
  // A record that says the measure itself was tabled ("The item was tabled to …") names the measure.
  const held = m.outcome === 'tabled' || m.outcome === 'continued' || m.outcome === 'withdrawn' ? null : heldBy(m);
  const what = held ? `The motion to ${held} ${m.item}${until ? ` until ${until}` : ''}` : m.item ? `${m.amends !== null ? 'The amendment to ' : ''}${m.item}` : m.amends !== null ? 'The amendment' : 'The motion';
  if (m.outcome === 'withdrawn' || m.outcome === 'tabled' || m.outcome === 'continued') return `${what} was ${m.outcome}${until && m.outcome !== 'withdrawn' ? ` until ${until}` : ''}.`;
  if (m.outcome === 'failed' && !m.tally && /\b(?:lack|want) of a second\b|\bno second\b|\bnot seconded\b/i.test(m.span.quote)) return `${what} died for lack of a second.`;
  if (m.outcome === 'unknown') return `The minutes record no vote on ${what.charAt(0).toLowerCase()}${what.slice(1)}.`;
  const asAmended = m.amends === null && amendedBy.some((a) => a.outcome === 'carried') ? ' as amended' : '';
  const how = m.vote_kind === 'roll_call' ? ' by roll call' : m.vote_kind === 'voice' ? ' by voice vote' : m.vote_kind === 'show_of_hands' ? ' by a show of hands' : m.vote_kind === 'unanimous' ? ' unanimously' : '';
  const verb = m.amends !== null && m.outcome === 'carried' ? 'was adopted' : m.outcome;
  // The count as the record writes it: "10-0-1" when it says so, else "5-2" with the rest in words.
  const third = m.tally && [m.tally.abstain, m.tally.absent, m.tally.recused].find((n) => n > 0 && new RegExp(`\\b${m.tally!.aye}\\s*[-–]\\s*${m.tally!.nay}\\s*[-–]\\s*${n}\\b`).test(m.span.quote));
  const count = m.tally ? ` ${m.tally.aye}-${m.tally.nay}${third ? `-${third}` : ''}` : '';
  const more = m.tally ? [m.tally.abstain && `${m.tally.abstain} abstaining or present, not voting`, m.tally.recused && `${m.tally.recused} recused`, m.tally.absent && `${m.tally.absent} absent`].filter(Boolean) : [];
  let out = `${what}${asAmended} ${verb}${count}${how}${more.length ? ` (${more.join('; ')})` : ''}.`;
  for (const [vote, word] of VOTE_WORDS) {
    const names = m.votes.filter((v) => v.vote === vote).map((v) => v.member);
    if (names.length) out += ` ${word}: ${list(names)}.`;
  }
  return out;
}

/** A motion named in the middle of an answer: "B26-0412", "the amendment to B26-0412", "the motion to table B26-0412", "the amendment", or the motion by its words. */
const motionNamed = (m: Motion) => {
  const held = heldBy(m);
  if (held) return `the motion to ${held} ${m.item}`;
  return m.item ? `${m.amends !== null ? 'the amendment to ' : ''}${m.item}` : m.amends !== null ? 'the amendment' : `the motion (“${m.text.slice(0, 120)}”)`;
};

/** The line that reads a motion's item before it ("Item 5B: Ordinance 2025-12 establishing parking meters on Elm Street"): its words name the motion too. */
function itemLine(text: string, m: Motion): string {
  if (!text || !m.item) return '';
  const before = text.slice(Math.max(0, m.span.start - 1_500), m.span.start).split('\n');
  return before.reverse().find((line) => line.toLowerCase().includes(m.item!.toLowerCase())) ?? '';
}

/** The motions a question is about: by file number, by "the amendment", or by the words they share (the item's heading's among them). */
function motionsAsked(question: string, motions: Motion[], text = ''): Motion[] {
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
  const asked = new Set(contentWords(question).filter((w) => !GENERIC.has(w)));
  // Several motions on the one bill ("the committee print for Bill 26-0488", and a motion to change it): its words pick.
  if (items.length && !/\bamendment\b/i.test(question)) {
    if (pool.length <= 1) return pool;
    const best = bestByWords(pool, asked, question, text);
    return best.length ? best : pool;
  }
  if (items.length && pool.length <= 1) return pool;
  // "the bill", "the resolution": the one measure the meeting voted on, when there is one.
  if ([...asked].every((w) => MEASURE.has(w))) {
    if (/\bamendment\b/i.test(question)) return pool;
    const measures = new Set(pool.filter((m) => m.item && m.amends === null).map((m) => itemKey(m.item!)));
    return asked.size && measures.size === 1 ? pool.filter((m) => m.item && itemKey(m.item) === [...measures][0] && m.amends === null) : [];
  }
  return bestByWords(pool, asked, question, text);
}

/** The motions sharing most of the question's own words (a mover named counts double). */
function bestByWords(pool: Motion[], asked: Set<string>, question: string, text = ''): Motion[] {
  const byMover = (m: Motion) => (m.mover && new RegExp(`\\b${escapeRegExp(m.mover.split(/\s+/).pop()!)}(?:'s)?\\b`, 'i').test(question) ? 2 : 0);
  const scored = pool.map((m) => ({ m, n: contentWords(`${m.text} ${itemLine(text, m)}`).filter((w) => asked.has(w)).length + byMover(m) })).filter((x) => x.n > 0);
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

/** The amendments made to a motion. */
const amendmentsOf = (motions: Motion[], m: Motion) => motions.filter((a) => a.amends !== null && motions[a.amends] === m);

const YES_NO = /^\s*(?:was|were|did|has|have|is|are)\b/i;
const surnameOf = (name: string) => name.split(/\s+/).pop()!.toLowerCase();

/** "Yes." / "No." first when the question asks whether a motion passed. */
function yesNo(question: string, m: Motion): string {
  if (!YES_NO.test(question) || (m.outcome !== 'carried' && m.outcome !== 'failed')) return '';
  const negative = /\b(?:fail|reject|defeat|lose|lost|deny|denied)\w*/i.test(question);
  return (m.outcome === 'carried') !== negative ? 'Yes. ' : 'No. ';
}

export function answerFromReading(question: string, result: MinutesResult, text = ''): ReadingAnswer | null {
  const q = question.trim();
  const motions = result.motions;

  // Which public witness raised X? Who spoke during public comment?
  if (/\b(?:public (?:comment|testimony|forum|witness\w*)|from the public|resident|speaker|witness)\b/i.test(q) && /\bwho\b|\bwhich\b/i.test(q) && !/\bmoved?\b|\bseconded?\b/i.test(q)) {
    const asked = new Set(contentWords(q).filter((w) => !GENERIC.has(w) && !COMMENT_WORDS.has(w)));
    const about = asked.size ? result.public_comment.filter((c) => contentWords(c.topic).some((w) => asked.has(w))) : [];
    if (about.length) return { answer: about.map((c) => `${c.speaker ?? 'A member of the public'} ${c.topic.replace(/[.;\s]+$/, '')}.`).join(' '), citations: about.map((c) => c.span) };
  }
  if (/\bpublic (?:comment|testimony|forum)|\bfrom the public\b|\bresidents?\b.*\b(?:spoke|speak|testif)|\bwho (?:spoke|testified)\b/i.test(q) && !/\bmoved?\b|\bseconded?\b/i.test(q)) {
    if (!result.public_comment.length) return { answer: 'The minutes record no public comment.', citations: [] };
    const lines = result.public_comment.map((c) => `${c.speaker ?? 'A member of the public'} ${c.topic.replace(/^(?=[A-Z])/, '— ').replace(/[.;\s]+$/, '')}`.replace(/\s+/g, ' ').trim());
    return { answer: `${result.public_comment.length === 1 ? 'One person spoke' : `${result.public_comment.length} people spoke`} during public comment: ${lines.join('; ')}.`, citations: result.public_comment.map((c) => c.span) };
  }

  // How did Councilmember X vote on Y?
  const member = /\bhow did (?:(?:council ?member|councilor|commissioner|supervisor|trustee|member|chair\w*|mayor|vice \w+|mr\.|ms\.|mrs\.|dr\.)\s+)?([A-Z][\w'’-]+(?:\s+[A-Z][\w'’-]+)?)\s+vote\b/i.exec(q);
  if (member) {
    const voteOf = (m: Motion) => m.votes.find((v) => surnameOf(v.member) === surnameOf(member[1]));
    // The motions asked about on which the member's vote is recorded; when the question names none
    // ("How did Park vote?"), those the member voted on, not a motion the member only moved.
    const asked = motionsAsked(q.replace(member[0], ' '), motions).filter(voteOf);
    const shown = (asked.length ? asked : motions.filter(voteOf)).slice(-3);
    if (shown.length) {
      const word = { aye: 'voted yes', nay: 'voted no', abstain: 'abstained (voted present)', absent: 'was absent', recused: 'was recused' };
      const parts = shown.map((m) => {
        const vote = voteOf(m)!;
        const on = shown.length > 1 ? ` on ${motionNamed(m)}` : '';
        return `${vote.member} ${word[vote.vote]}${on}. ${decisionOf(m, amendmentsOf(motions, m))}`;
      });
      return { answer: parts.join(' '), citations: shown.map((m) => m.span) };
    }
  }

  // What amount was approved? The figure of the motion as its adopted amendments left it.
  if (/\b(?:amount|how much|sum|price|cost|dollars?)\b/i.test(q) && /\b(?:what|which|how much)\b/i.test(q) && !/\bwho\b|\bhow did\b/i.test(q)) {
    const withMoney = (m: Motion) => MONEY.test(m.text) || amendmentsOf(motions, m).some((a) => a.outcome === 'carried' && MONEY.test(a.text));
    const asked = motionsAsked(q, motions).map((m) => (m.amends !== null ? motions[m.amends] : m)).filter((m) => m.amends === null && withMoney(m));
    const pool = asked.length ? asked : motions.filter((m) => m.amends === null && withMoney(m));
    const decided = pool.filter((m) => m.outcome === 'carried' || m.outcome === 'failed');
    const m = decided[decided.length - 1] ?? pool[pool.length - 1];
    if (m) {
      const amendments = amendmentsOf(motions, m);
      const adopted = amendments.filter((a) => a.outcome === 'carried' && MONEY.test(a.text));
      const last = adopted[adopted.length - 1];
      const figures = (s: string) => s.match(new RegExp(MONEY.source, 'gi')) ?? [];
      const amount = last ? figures(last.text).at(-1)! : figures(m.text)[0];
      const how = last ? `as amended (“${last.text.replace(/[.\s]+$/, '')}”, ${decisionOf(last).replace(/\.$/, '').replace(/^The amendment /, '')})` : `as moved (“${m.text.replace(/[.\s]+$/, '')}”)`;
      return { answer: `${amount}, ${how}. ${decisionOf(m, amendments)}`, citations: [...(last ? [last.span] : []), m.span] };
    }
  }

  // Who moved / seconded ...?
  const role = /\bwho\s+(?:(?:made|offered|introduced)\s+(?:the\s+)?(?:motion|amendment)|moved|seconded|second(?:ed)?)\b/i.exec(q)?.[0];
  if (role) {
    const found = motionsAsked(q, motions);
    if (!found.length) return null;
    const seconder = /second/i.test(role);
    const parts = found.slice(0, 3).map((m) => {
      const name = seconder ? m.seconder : m.mover;
      const what = motionNamed(m);
      const how = /\bhow\b|\bdecided\b|\bvote\b/i.test(q) ? ` ${decisionOf(m, amendmentsOf(motions, m))}` : '';
      return `${name ? `${name} ${seconder ? 'seconded' : 'moved'} ${what}.` : `The minutes do not name who ${seconder ? 'seconded' : 'moved'} ${what}.`}${how}`;
    });
    return { answer: parts.join(' '), citations: found.slice(0, 3).map((m) => m.span) };
  }

  // Who recused on X, and why? The record's own sentence.
  if (/\brecus/i.test(q) && text) {
    const asked = new Set(contentWords(q).filter((w) => !GENERIC.has(w) && !/^recus/.test(w)));
    const sentences = sentenceSpans(text).filter((x) => /\brecus/i.test(x.sentence));
    const items = [...q.matchAll(ITEM)].map((m) => itemKey(m[0]));
    const near = (at: number) => text.slice(Math.max(0, at - 600), at + 300);
    const best = sentences
      .map((x) => ({ x, n: items.filter((k) => itemKey(near(x.start)).includes(k)).length * 3 + contentWords(near(x.start)).filter((w) => asked.has(w)).length + (/\b(?:because|due to|conflict|owns?|lives?|resides?|related|relative|employ\w*|interest|within|brother|sister|spouse|husband|wife)\b/i.test(x.sentence) ? 2 : 0) }))
      .sort((a, b) => b.n - a.n)[0];
    if (best && (best.n > 0 || sentences.length === 1)) return { answer: best.x.sentence, citations: [{ start: best.x.start, end: best.x.start + best.x.sentence.length, quote: best.x.sentence }] };
  }

  // Which item was postponed (continued, deferred, tabled), and to when?
  if (/\b(?:postpone|continu|defer|table|held over|carried over|pulled)\w*\b/i.test(q) && /\bwhich|\bwhat\b/i.test(q) && !/\bvote\b/i.test(q)) {
    const held = motions.filter((m) => m.outcome === 'continued' || m.outcome === 'tabled');
    const lines = [...result.continued.map((c) => ({ words: c.text, span: c.span })), ...held.filter((m) => !result.continued.some((c) => c.span.start >= m.span.start && c.span.start < m.span.end)).map((m) => ({ words: `${m.item ?? m.text.slice(0, 140)}: ${m.outcome}.`, span: m.span }))];
    if (lines.length) return { answer: lines.map((l) => l.words).join(' '), citations: lines.map((l) => l.span) };
  }

  // What was the vote on ..., did ... pass, was the amendment adopted, what happened to ...?
  if (/\b(?:vote|voted|tally|pass(?:ed)?|carr(?:y|ied)|adopted|approved|appointed|fail(?:ed)?|outcome|result|decided|decision|happened)\b/i.test(q) || YES_NO.test(q)) {
    let found = motionsAsked(q, motions, text);
    if (found.length) {
      // The final vote is the last decided one (a second reading after a first).
      if (/\bfinal\b/i.test(q)) {
        const decided = found.filter((m) => m.outcome === 'carried' || m.outcome === 'failed');
        found = [decided[decided.length - 1] ?? found[found.length - 1]];
      }
      const shown = found.slice(0, 3);
      return { answer: yesNo(q, shown[0]) + shown.map((m) => decisionOf(m, amendmentsOf(motions, m))).join(' '), citations: shown.map((m) => m.span) };
    }
  }

  // What is due by March 1? What is staff to bring back? What are the action items?
  const due = dueAsked(q);
  if (due && /\bdue\b|\bby\b|\bdeadline\b|\bto do\b|\baction/i.test(q)) {
    const actions = result.actions.filter((a) => dueMatches(a.due, due));
    if (actions.length) return { answer: actions.map((a) => (a.owner && !a.text.toLowerCase().includes(a.owner.toLowerCase()) ? `${cap(a.owner)}: ${a.text}` : a.text)).join(' '), citations: actions.map((a) => a.span) };
  }
  const owner = /\bwhat (?:is|are|does|do|did|must|will|should) (?:the )?([\w' ]{2,40}?) (?:to |have to |need to |supposed to |going to |asked to |directed to )?(?:bring|do|prepare|report|return|submit|deliver|send|provide)\b/i.exec(q);
  if (owner) {
    const who = owner[1].toLowerCase().replace(/^the /, '');
    const actions = result.actions.filter((a) => a.owner && (a.owner.toLowerCase().replace(/^the /, '').includes(who) || who.includes(surnameOf(a.owner))));
    if (actions.length) return { answer: actions.map((a) => `${a.text}${a.due && !a.text.includes(a.due) ? ` (due ${a.due})` : ''}`).join(' '), citations: actions.map((a) => a.span) };
  }
  if (/\baction items?\b|\bfollow[- ]ups?\b|\bwho (?:has|needs) to\b|\bassigned\b/i.test(q) && result.actions.length) {
    return { answer: result.actions.map((a) => `${a.owner ? `${cap(a.owner)}` : 'Unassigned'}${a.due ? ` (by ${a.due})` : ''}: ${a.text}`).join(' '), citations: result.actions.map((a) => a.span) };
  }
  return null;
}
