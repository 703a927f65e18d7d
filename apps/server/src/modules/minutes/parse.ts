import type { MinutesResult, Motion, Span } from '@civicdesk/contract';
import { contentWords, sentenceSpans } from '../../platform/ai';

/**
 * The built-in reader of minutes and transcripts (issue 12): motions in the common styles ("Motion by
 * X, seconded by Y, to ...", "X moved ...; Y seconded", "It was moved and seconded ..."), their
 * outcome and tally, roll calls by name, voice and unanimous votes; the meeting's date, time, place,
 * presiding officer, members present and absent, quorum; actions with an owner and a due date; items
 * continued; the next meeting; and an extractive gist. Every element carries the span it was read from.
 */
const TITLE = String.raw`(?:Mayor|Chairman|Chairwoman|Chairperson|Chair|Vice Chair|Councilmember|Council member|Commissioner|Board Member|Member|Trustee|Director|President|Mr\.|Ms\.|Mrs\.|Dr\.)`;
const NAME = String.raw`(?:The Chair(?:man|woman|person)?|${TITLE}[ \t]+[A-Z][\w'’-]+(?:[ \t]+[A-Z][\w'’-]+){0,2}|[A-Z][\w'’-]+[ \t]+[A-Z][\w'’-]+)`;
const MOTION_STARTS: RegExp[] = [
  new RegExp(String.raw`\b(?:Motion|Moved) by (${NAME}),?\s+(?:and\s+)?seconded by (${NAME})`, 'g'),
  new RegExp(String.raw`\bIt was moved(?: by (${NAME}))?(?:,)? and seconded(?: by (${NAME}))?`, 'g'),
  new RegExp(String.raw`(${NAME}) moved (?!and seconded)`, 'g'),
];
const OUTCOME = /\b(carried|passed|adopted|approved|prevailed|failed|defeated|did not pass|was not adopted|withdrawn|withdrew|tabled|laid on the table|continued|deferred|died for lack of a second)\b/i;
const TALLY = /\b(\d{1,2})\s*(?:-|–|to)\s*(\d{1,2})(?:\s*(?:-|–)\s*(\d{1,2}))?\b/;
const VOTE_LINE = /^\s*(Ayes?|Yeas?|Yes|Nays?|Noes|No|Abstain(?:ed|ing|s)?|Abstentions?|Absent|Recused|Not voting)\s*[:\-–]\s*(.+)$/gim;
const FILE_NUMBER = /\b(?:(?:B|PR|CER|CA)\d{2}-\d{3,4}|Bill \d{2}-\d{3,4}|Resolution(?: No\.)? \d{4}-\d{1,3}|ANC \d[A-Z]-\d{4}-\d{1,3}|Case No\. [\w-]+)\b/;
const DATE = /\b(?:(?:Mon|Tues|Wednes|Thurs|Fri|Satur|Sun)day,?\s+)?(?:January|February|March|April|May|June|July|August|September|October|November|December)\s+\d{1,2},\s+\d{4}\b/;
const TIME = /\b\d{1,2}(?::\d{2})?\s*[ap]\.?m\.?/i;

const spanAt = (text: string, start: number, end: number): Span => ({ start, end, quote: text.slice(start, end) });
const clean = (name: string | undefined | null) =>
  name ? name.replace(new RegExp(`^${TITLE}\\s+`), '').replace(/^The /, '').replace(/[.,;]+$/, '').trim() : null;

function voteKind(block: string): Motion['vote_kind'] {
  if (/roll[- ]call/i.test(block) || /^\s*(?:Ayes?|Yeas?)\s*:/im.test(block)) return 'roll_call';
  if (/voice vote/i.test(block)) return 'voice';
  if (/show of hands/i.test(block)) return 'show_of_hands';
  if (/unanimous|without objection|no objection/i.test(block)) return 'unanimous';
  return 'unknown';
}

function outcomeOf(block: string): Motion['outcome'] {
  const m = OUTCOME.exec(block);
  if (!m) return /unanimous|without objection/i.test(block) ? 'carried' : 'unknown';
  const w = m[1].toLowerCase();
  if (/failed|defeated|did not pass|not adopted|died/.test(w)) return 'failed';
  if (/withdr/.test(w)) return 'withdrawn';
  if (/table/.test(w)) return 'tabled';
  if (/continued|deferred/.test(w)) return 'continued';
  return 'carried';
}

const names = (list: string) =>
  list
    .replace(/\.$/, '')
    .split(/\s*(?:,|;|\band\b)\s*/)
    .map((n) => clean(n.replace(/^(?:Councilmembers|Commissioners|Members|Trustees)\s+/, '')))
    .filter((n): n is string => !!n && /^\p{Lu}/u.test(n) && !/^none$/i.test(n));

function votesIn(block: string): Motion['votes'] {
  const votes: Motion['votes'] = [];
  for (const m of block.matchAll(VOTE_LINE)) {
    const key = m[1].toLowerCase();
    const vote = /^(aye|yea|yes)/.test(key) ? 'aye' : /^(nay|no)/.test(key) ? 'nay' : /^abst/.test(key) ? 'abstain' : /^recused/.test(key) ? 'recused' : 'absent';
    for (const member of names(m[2])) votes.push({ member, vote });
  }
  return votes;
}

function tallyOf(block: string, votes: Motion['votes']): Motion['tally'] {
  const count = (v: string) => votes.filter((x) => x.vote === v).length;
  if (votes.length) return { aye: count('aye'), nay: count('nay'), abstain: count('abstain'), absent: count('absent'), recused: count('recused') };
  const m = TALLY.exec(block.replace(DATE, ' '));
  return m ? { aye: Number(m[1]), nay: Number(m[2]), abstain: Number(m[3] ?? 0), absent: 0, recused: 0 } : null;
}

function motionsIn(text: string): Motion[] {
  const starts: { index: number; end: number; mover: string | null; seconder: string | null }[] = [];
  for (const pattern of MOTION_STARTS) {
    for (const m of text.matchAll(pattern)) {
      if (starts.some((s) => Math.abs(s.index - m.index) < 40)) continue;
      starts.push({ index: m.index, end: m.index + m[0].length, mover: clean(m[1]), seconder: clean(m[2]) });
    }
  }
  starts.sort((a, b) => a.index - b.index);
  return starts.map((s, i) => {
    const limit = i + 1 < starts.length ? starts[i + 1].index : text.length;
    // The motion runs to its outcome (and the roll call under it), within 1,500 characters.
    const window = text.slice(s.index, Math.min(limit, s.index + 1_500));
    const sentenceEnd = window.search(/[.;](?:\s|$)/);
    const motionText = window.slice(0, sentenceEnd > 0 ? sentenceEnd + 1 : Math.min(window.length, 300)).trim();
    const outcomeAt = window.slice(motionText.length).search(OUTCOME);
    let end = outcomeAt >= 0 ? motionText.length + outcomeAt : motionText.length;
    end = window.indexOf('\n\n', end) > 0 ? window.indexOf('\n\n', end) : Math.min(window.length, end + 200);
    // A roll call printed as lines under the outcome belongs to it.
    const tail = window.slice(end).match(/^(?:\s*\n(?:\s*(?:Ayes?|Yeas?|Nays?|Noes|Abstain\w*|Absent|Recused|Not voting)\s*[:\-–].*))+/i);
    if (tail) end += tail[0].length;
    const block = window.slice(0, end);
    const seconder = s.seconder ?? clean(new RegExp(String.raw`(${NAME}) seconded`).exec(block)?.[1] ?? new RegExp(String.raw`seconded by (${NAME})`).exec(block)?.[1]);
    const votes = votesIn(block);
    const item = FILE_NUMBER.exec(block)?.[0] ?? null;
    return {
      text: motionText,
      mover: s.mover,
      seconder,
      item: item ? item.replace(/^Bill (\d{2})-/, 'B$1-') : null,
      outcome: /died for lack of a second/i.test(block) ? 'failed' : outcomeOf(block.slice(motionText.length) || block),
      vote_kind: voteKind(block),
      tally: tallyOf(block.slice(motionText.length), votes),
      votes,
      span: spanAt(text, s.index, s.index + block.trimEnd().length),
    };
  });
}

function meetingOf(text: string): MinutesResult['meeting'] {
  const head = text.slice(0, 4_000);
  const lines = head.split('\n').map((l) => l.trim()).filter(Boolean);
  const listAfter = (label: RegExp) => {
    const m = label.exec(head);
    return m ? names(m[1].replace(/\([^)]*\)/g, '')) : [];
  };
  const presiding = new RegExp(String.raw`(${NAME}),?(?: [\w ]{0,30})? called the (?:[\w-]+ )*(?:meeting|hearing|session) to order`).exec(head)?.[1] ?? /Presiding(?: officer)?:\s*(.+)/i.exec(head)?.[1];
  const quorum = /\bno quorum|lack of a quorum|quorum was not|without a quorum|did not have a quorum/i.test(head) ? false : /\bquorum\b/i.test(head) ? true : null;
  return {
    body: lines[0] ?? null,
    meeting_type: /special/i.test(head.slice(0, 400)) ? 'special' : /committee/i.test(head.slice(0, 400)) ? 'committee' : /hearing/i.test(head.slice(0, 400)) ? 'hearing' : 'regular',
    date: DATE.exec(head)?.[0] ?? null,
    time: new RegExp(String.raw`to order at (${TIME.source})`, 'i').exec(head)?.[1] ?? TIME.exec(head)?.[0] ?? null,
    place: lines.find((l) => /\b(?:Room|Chamber|Building|Hall|Center|Library|Street|Avenue|NW|NE|SW|SE|virtual|Zoom|WebEx)\b/.test(l) && l.length < 200) ?? null,
    presiding: clean(presiding),
    present: listAfter(/^(?:Present|Members present|Commissioners present)\s*:\s*(.+)$/im),
    absent: listAfter(/^(?:Absent|Members absent|Commissioners absent)\s*:\s*(.+)$/im),
    quorum,
  };
}

const ACTION = /\b(?:will|shall|is to|are to|was directed to|were directed to|agreed to|is asked to)\b/;
const OWNER = /((?:The )?(?:Clerk|Secretary|Staff|Chair(?:man|woman|person)?|Commission|Board|Committee|Director|Office of [A-Z][\w ]+|[A-Z][\w'’-]+(?: [A-Z][\w'’-]+){0,3}))\s+(?:will|shall|is to|are to|was directed to|were directed to|agreed to|is asked to)\b/;

export function parseMinutes(text: string): MinutesResult {
  const sentences = sentenceSpans(text);
  const actions = sentences
    .filter((s) => ACTION.test(s.sentence) && (DATE.test(s.sentence) || /\bdirected\b/i.test(s.sentence)) && !/\bmoved\b|\bnext\b[\w ]{0,30}\b(?:meeting|session)\b|\bwill be held\b/i.test(s.sentence))
    .map((s) => ({
      text: s.sentence,
      owner: clean(OWNER.exec(s.sentence)?.[1]) ?? null,
      due: /\b(?:by|before|no later than) ((?:January|February|March|April|May|June|July|August|September|October|November|December) \d{1,2}(?:, \d{4})?|\d{1,2}\/\d{1,2}(?:\/\d{2,4})?|the next meeting)/.exec(s.sentence)?.[1] ?? null,
      span: spanAt(text, s.start, s.start + s.sentence.length),
    }));
  const continued = sentences
    .filter((s) => /\b(?:continued|deferred|postponed|held over|tabled)\b/i.test(s.sentence) && /\b(?:to|until|at the request)\b/i.test(s.sentence))
    .map((s) => ({ text: s.sentence, span: spanAt(text, s.start, s.start + s.sentence.length) }));
  const next = [...sentences].reverse().find((s) => /\bnext\b[\w ]{0,30}\b(?:meeting|session|hearing)\b/i.test(s.sentence));
  return {
    meeting: meetingOf(text),
    motions: motionsIn(text),
    actions,
    continued,
    next_meeting: next ? { text: next.sentence, span: spanAt(text, next.start, next.start + next.sentence.length) } : null,
    narrative: gist(sentences).map((s) => ({ sentence: s.sentence, span: spanAt(text, s.start, s.start + s.sentence.length) })),
    dropped_spans: 0,
  };
}

/**
 * The sentences that say most of the meeting: each scored by how many of the document's frequent
 * content words it holds (a degree-centrality stand-in for TextRank), the best few kept in order.
 */
function gist(sentences: { sentence: string; start: number }[], keep = 6) {
  const words = sentences.map((s) => new Set(contentWords(s.sentence)));
  const frequency = new Map<string, number>();
  for (const set of words) for (const w of set) frequency.set(w, (frequency.get(w) ?? 0) + 1);
  const scored = sentences.map((s, i) => ({
    ...s,
    i,
    score: [...words[i]].reduce((n, w) => n + Math.log(1 + (frequency.get(w) ?? 0)), 0) / Math.sqrt(1 + words[i].size),
  }));
  return scored
    .filter((s) => s.sentence.split(/\s+/).length >= 8 && s.sentence.length <= 400)
    .sort((a, b) => b.score - a.score)
    .slice(0, keep)
    .sort((a, b) => a.i - b.i);
}

/** The server's check of every element's span (a model's claims are never trusted): a span must hold its words. */
export function verifySpans(text: string, result: MinutesResult): MinutesResult {
  let dropped = 0;
  const holds = (span: Span) => span.start >= 0 && span.end <= text.length && span.end > span.start && text.slice(span.start, span.end) === span.quote;
  const keep = <T extends { span: Span }>(items: T[]) =>
    items.filter((x) => {
      if (holds(x.span)) return true;
      dropped++;
      return false;
    });
  const next = result.next_meeting && holds(result.next_meeting.span) ? result.next_meeting : null;
  if (result.next_meeting && !next) dropped++;
  return {
    ...result,
    motions: keep(result.motions),
    actions: keep(result.actions),
    continued: keep(result.continued),
    narrative: keep(result.narrative),
    next_meeting: next,
    dropped_spans: result.dropped_spans + dropped,
  };
}
