import { applyEditRules } from './edits';
import type { AiEngine, ChatTurn, EditRequest, EditStream, GroundedAnswer, GroundedRequest, QueryPlan, Quote, Source } from './types';
import { contentWords, looksLikeInjection, sentencesOf, wordPieces } from './text';

/**
 * The built-in offline engine: extractive and grounded. It never writes a claim of its own; it
 * picks the sentences of the sources that best match the question (or, to summarize, that say
 * what a measure does) and quotes them verbatim with their label.
 */

interface Candidate {
  source: Source;
  sourceRank: number;
  sentence: string;
  order: number;
  score: number;
}

/** How much each step down retrieval's ranking discounts a source's sentences. */
const RANK_DISCOUNT = 0.6;
const PER_SOURCE = 2;
/** Weight of a word the question implies (relatedWords) against one it says. */
const RELATED_WEIGHT = 0.5;
/** How much a long sentence is diluted (0.5 = by the square root of its word count). */
const LENGTH_EXPONENT = 0.5;
/** Bonus of a sentence that states what the question asks for (a period for "how long", an amount for "how much"). */
const SHAPE_BONUS = 1.2;
const ASKS_FOR_A_NUMBER = /\b(how (many|much|long|soon|often|old)|when|deadline|within|days?|fee|fine|penalt|cost|amount|limit|maximum|minimum)\b/i;
const ASKS_FOR_A_PERIOD = /\b(how (long|soon|quickly|far ahead)|how many (working |business |calendar )?(days|weeks|months|years|hours)|deadline|time limit|by when|within)\b/i;
const STATES_A_PERIOD = /\b(within|not later than|no later than|at least|before|after)\b[^.;]{0,40}\b\d+\s*(working |business |calendar )?(days?|weeks?|months?|years?|hours?)\b/i;
const ASKS_FOR_AN_AMOUNT = /\b(how much|fee|fine|penalt|cost|charge|amount)\b/i;
const STATES_AN_AMOUNT = /\$\s?\d|\b\d[\d,]*\s*(dollars|percent)\b/i;
const HAS_A_NUMBER = /\d|\b(one|two|three|four|five|six|seven|eight|nine|ten|fifteen|twenty|thirty|sixty|ninety)\b/i;
const DOES_SOMETHING = /\b(amend|amends|amended|establish|establishes|require|requires|prohibit|prohibits|authorize|authorizes|create|creates|repeal|repeals|provide|provides|shall|designate|designates|allow|allows|exempt|exempts|increase|reduce|extend)\b/i;
const BOILERPLATE = /BE IT ENACTED|may be cited as|shall take effect|Fiscal impact statement|Home Rule Act|Congressional review|Effective date|This act shall|section 602\(c\)|§ 1-206\.02|Applicability/i;

function candidatesOf(request: GroundedRequest): Candidate[] {
  const out: Candidate[] = [];
  request.sources.forEach((source, sourceRank) => {
    sentencesOf(source.text).forEach((sentence, order) => {
      if (looksLikeInjection(sentence) || sentence.length < 12) return;
      out.push({ source, sourceRank, sentence, order, score: 0 });
    });
  });
  return out;
}

/** Inverse document frequency of words over the candidate sentences: rare words weigh more. */
function idfOf(candidates: Candidate[]) {
  const df = new Map<string, number>();
  for (const c of candidates) for (const w of new Set(contentWords(c.sentence))) df.set(w, (df.get(w) ?? 0) + 1);
  const n = candidates.length || 1;
  return (w: string) => Math.log(1 + n / (df.get(w) ?? n));
}

function scoreForQuestion(candidates: Candidate[], question: string, relatedWords: string[] = []) {
  const idf = idfOf(candidates);
  const asked = new Map<string, number>();
  for (const w of contentWords(relatedWords.join(' '))) asked.set(w, RELATED_WEIGHT);
  for (const w of contentWords(question)) asked.set(w, 1);
  const wantsNumber = ASKS_FOR_A_NUMBER.test(question);
  const wantsPeriod = ASKS_FOR_A_PERIOD.test(question);
  const wantsAmount = ASKS_FOR_AN_AMOUNT.test(question);
  for (const c of candidates) {
    const words = new Set(contentWords(c.sentence));
    let overlap = 0;
    for (const [w, weight] of asked) if (words.has(w)) overlap += weight * idf(w);
    if (overlap === 0) continue;
    // The shape of the answer asked for: a time limit for "how long", an amount for "how much".
    // Paragraph labels ("(a-2)", "(1)") and cross-references ("paragraph (2)") are not numbers that answer anything.
    const body = c.sentence.replace(/\([a-z0-9-]{1,5}\)/gi, ' ');
    const numberBonus = !wantsNumber || !HAS_A_NUMBER.test(body) ? 0 : (wantsPeriod && STATES_A_PERIOD.test(body)) || (wantsAmount && STATES_AN_AMOUNT.test(body)) ? SHAPE_BONUS : 0.6;
    // Retrieval chose the sources in order, using far more evidence than one sentence has: a
    // lower-ranked source must say it much better to be quoted first. Long sentences are diluted.
    c.score = (overlap / Math.pow(Math.max(words.size, 4), LENGTH_EXPONENT) + numberBonus) / (1 + RANK_DISCOUNT * c.sourceRank);
  }
}

function scoreForSummary(candidates: Candidate[], question: string) {
  const asked = new Set(contentWords(question));
  for (const c of candidates) {
    if (BOILERPLATE.test(c.sentence)) continue;
    const words = contentWords(c.sentence);
    const focus = words.filter((w) => asked.has(w)).length;
    c.score = (DOES_SOMETHING.test(c.sentence) ? 1 : 0.2) + 1 / (1 + c.order * 0.3) + 0.3 * focus + (words.length >= 6 ? 0.2 : 0);
  }
}

/** The best sentences, at most `max`, no two alike, best first (a summary keeps the text's order). */
function pick(candidates: Candidate[], max: number, perSource: number): Candidate[] {
  const ranked = candidates.filter((c) => c.score > 0).sort((a, b) => b.score - a.score);
  if (!ranked.length) return [];
  const floor = ranked[0].score * 0.35;
  const chosen: Candidate[] = [];
  for (const c of ranked) {
    if (chosen.length >= max || c.score < floor) break;
    if (chosen.some((x) => x.sentence === c.sentence)) continue;
    // Among several sources, at most two quotes of one, so a second source that also speaks to it is seen.
    if (chosen.filter((x) => x.source.id === c.source.id).length >= perSource) continue;
    chosen.push(c);
  }
  return chosen;
}

function compose(request: GroundedRequest, chosen: Candidate[]): string {
  const bySource = new Map<string, Candidate[]>();
  for (const c of chosen) bySource.set(c.source.id, [...(bySource.get(c.source.id) ?? []), c]);
  const parts: string[] = [];
  let first = true;
  for (const group of bySource.values()) {
    const { source } = group[0];
    const name = source.title ? `${source.label} (${source.title})` : source.label;
    const quotes = group.map((c) => `“${c.sentence}”`).join(' … ');
    if (request.task === 'summarize') parts.push(`${name}: ${quotes}`);
    else parts.push(`${first ? 'According to' : 'See also'} ${name}: ${quotes}`);
    first = false;
  }
  return parts.join('\n\n');
}

export function answerOffline(request: GroundedRequest): GroundedAnswer {
  const candidates = candidatesOf(request);
  if (request.task === 'summarize') scoreForSummary(candidates, request.question);
  else scoreForQuestion(candidates, request.question, request.relatedWords);
  const max = request.maxQuotes ?? 3;
  const chosen = pick(candidates, max, request.sources.length > 1 ? PER_SOURCE : max);
  if (request.task === 'summarize') chosen.sort((a, b) => a.sourceRank - b.sourceRank || a.order - b.order);
  const quotes: Quote[] = chosen.map((c) => ({ sourceId: c.source.id, quote: c.sentence }));
  return { engine: 'offline', model: null, text: chosen.length ? compose(request, chosen) : '', quotes, found: chosen.length > 0 };
}

const FOLLOW_UP = /^(and|also|what about|how about|what if|does (that|it|this)|is (that|it|this)|are (they|those)|can (they|it)|then|so)\b/i;

/** Offline query planning: the question itself, and for a follow-up the previous question's words too. */
export function planOffline(question: string, history: ChatTurn[]): QueryPlan {
  const previous = [...history].reverse().find((t) => t.role === 'user')?.content;
  const section = /(?:§+\s*|\bsection\s+)?\b(\d{1,2}[A-Z]?-\d{1,4}(?:\.\d+)*[a-z]?)\b/i.exec(question);
  const followUp = Boolean(previous) && (FOLLOW_UP.test(question.trim()) || contentWords(question).length <= 3);
  if (followUp) return { queries: [`${question} ${previous}`, question], intent: 'follow_up' };
  return { queries: [question], intent: section ? 'section_lookup' : 'question' };
}

export function createOfflineEngine(): AiEngine {
  return {
    name: 'offline',
    model: null,
    answer: async (request) => answerOffline(request),
    planQueries: async (question, history) => planOffline(question, history),
    async *streamAnswer(request) {
      const { text } = answerOffline(request);
      yield* wordPieces(text);
    },
    // The built-in drafter (modules/drafting) has already written every part: nothing to add.
    fillForm: async () => ({ engine: 'offline', model: null, parts: {} }),
    streamEdit: (request) => editOffline(request),
    readRecord: async () => null,
  };
}

/** The edit rules applied at once, the result streamed in word-sized pieces. */
export function editOffline(request: EditRequest): EditStream {
  const result = applyEditRules(request.text, request.instruction, request.sources);
  return {
    chunks: (async function* () {
      if (!result.applied) return;
      yield* wordPieces(result.text);
    })(),
    outcome: Promise.resolve({ applied: result.applied, summary: result.summary }),
  };
}
