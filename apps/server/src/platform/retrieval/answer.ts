import type { AnswerOutcome, Citation, ProductSentence } from '@civicdesk/contract';
import { type AiEngine, answerOffline, type ChatTurn, containsQuote, type GroundedAnswer, type GroundedRequest, sentencesOf } from '../ai';
import type { AnswerLine } from '../ai/types';
import { askedFor, figureIn, isFigureKind } from '../ai/lead';
import { headingOf, supportOf } from '../ai/support';
import { normaliseForQuote } from '../ai/text';
import { checkPremise } from '../ai/premise';
import { asSource, type CitableSource, verifyCitations } from './citations';

const GUIDANCE =
  'A city employee will act on your first sentence: it must answer the question in plain words (the period, the amount, the body that decides, the condition, or yes or no with its condition) and name the section that says so. ' +
  'Then give the details and exceptions, each labelled ("Exception: ..."), the general rule before its exceptions. ' +
  'If the question takes for granted something the sources contradict, say so first and correct it from the sources. ' +
  'Quote whole provisions: never a lead-in that ends with a colon without the items it introduces. Prefer the section that governs the question directly.';

export interface CheckedAnswer {
  answer: GroundedAnswer;
  /** The sentence that answers, shown apart from the quotes: the correction of a false premise first when there is one. */
  lead: string;
  /** The correction of the question's premise, or null when it assumes nothing the code contradicts. */
  correction: string | null;
  /** The whole answer: the correction, then the engine's answer (or the related provisions, said to be only that). */
  text: string;
  /** Every citation checked; `supports` marks the ones the verdict rests on. */
  citations: Citation[];
  /** Quotes the engine gave that the check dropped. */
  dropped: number;
  /** Quotes that stopped at a lead-in and were completed with its items. */
  repaired: number;
  /** The sources answer the question (or settle its premise); false when they only come close or say nothing. */
  found: boolean;
  outcome: AnswerOutcome;
  /** The product's own sentences the answer opens with, as codes for the reader's language. */
  messages: ProductSentence[];
}

/** What an answer from provisions that do not state the verdict says first (answer_not_direct). */
/** What an answer says first when the question takes for granted a claim about the law the provisions found neither confirm nor contradict (premise_unconfirmed). */
export const unconfirmedNote = (claim: string, place: string) => `The question assumes ${claim}; the ${place} code provisions found neither confirm nor contradict that.`;
export const notDirectNote = (place: string) => `The ${place} code does not answer this question directly. Related provisions, which do not answer it:`;

/**
 * Retrieval found the sections only close (relevance.ts's middle band): a verdict the support check
 * holds is still said when its quote covers this much of the question's subject (the check's own
 * threshold is half). Chosen on the development sets (answers-dev3, the D.C. read sets, sf-answers-dev):
 * at 0.7 two more right answers and no verdict without support; at 0.65 three more right on D.C. and
 * two on San Francisco, with one verdict without support ("what time do parks close" answered by a
 * road's closing hour); with no threshold (the band ignored) four right for four without support.
 */
export const CLOSEST_SUPPORT_COVERAGE = 0.7;

export interface AnswerOptions {
  /** Statute words the question implies (the synonym layer's), counted at half weight by the offline engine. */
  relatedWords?: string[];
  /** Words of the conversation a follow-up continues ("Can that be extended?" after a records-request question). */
  context?: string;
  /** The sources only come close to the question (the relevance gate's middle band): say so first. */
  closest?: boolean;
  /** The city whose code answers ("District of Columbia"), named when it does not answer directly. */
  place?: string;
  /** The city's name and code together ("City and County of San Francisco SF"): words of it are no subject of a question. */
  placeWords?: string;
}

/**
 * The one way a feature answers a question from sources (the Knowledge Assistant, the Legal Chatbot,
 * the eval): the premise checked against the sources and corrected first, the engine's answer from
 * the sources only, every quote checked (a lead-in completed with its items), and the answer
 * sentence apart. A verdict leads only where its quote states it for this question (support.ts):
 * a model's answer is checked the same way as the built-in engine's, and asked of the model too when
 * one is configured; without support the answer says the code does not answer directly and lists the
 * related provisions. A model answer whose quotes all fail the check, or whose verdict its quote does
 * not support, is not shown: the offline engine answers from the same sources instead, and says why.
 */
export async function answerFromSources(
  ai: AiEngine,
  question: string,
  history: ChatTurn[],
  sources: Map<string, CitableSource>,
  opts: AnswerOptions = {},
): Promise<CheckedAnswer> {
  const given = [...sources.values()].map(asSource);
  const empty: GroundedAnswer = { engine: ai.name, model: ai.model, text: '', quotes: [], found: false };
  if (!given.length) return { answer: empty, lead: '', correction: null, text: '', citations: [], dropped: 0, repaired: 0, found: false, outcome: 'not_found', messages: [] };

  const relatedWords = opts.relatedWords ?? [];
  const place = opts.place ?? 'city';
  const checked = checkPremise(question, given.filter((s) => sources.get(s.id)?.kind === 'code_section'), relatedWords);
  const premise = checked.kind === 'corrected' ? checked.correction : null;
  // A claim about the law the sources neither confirm nor contradict is not taken for granted: no verdict rests on it.
  const unsettled = checked.kind === 'unsettled' ? checked.claim : null;
  const correction = premise ? verifyCitations([premise.quote], sources) : null;
  const corrected = premise && correction?.citations.length ? { text: premise.text, message: premise.message, citation: { ...correction.citations[0], supports: true } } : null;

  const offline = () => answerOffline({ task: 'answer', question, sources: given, relatedWords, context: opts.context, maxQuotes: 3, place: opts.placeWords });
  let answer = await ai.answer({ task: 'answer', question, sources: given, history, relatedWords, context: opts.context, maxQuotes: 3, guidance: GUIDANCE, place: opts.placeWords });
  let { citations, dropped, repaired } = verifyCitations(answer.quotes, sources, { repairLeadIns: true });
  let fallbackReason: string | null = null;
  if (answer.engine !== 'offline' && answer.found && citations.length === 0) {
    fallbackReason = `The model's citations could not be verified against the sources (${answer.quotes.length} dropped); the offline engine answered.`;
  } else if (answer.engine !== 'offline' && answer.found && !(await modelVerdictSupported(ai, question, firstSentence(answer.text), citations[0], sources.get(citations[0]?.source_id ?? ''), opts.context, opts.placeWords))) {
    // The offline check guards a model's answer: a verdict its own quote does not state is not said.
    fallbackReason = "The model's answer was not supported by the provision it quoted; the offline engine answered.";
  }
  if (fallbackReason) {
    answer = { ...offline(), fallbackReason };
    const checked = verifyCitations(answer.quotes, sources, { repairLeadIns: true });
    citations = checked.citations;
    dropped += checked.dropped;
    repaired += checked.repaired;
  }
  const said = answer.found && citations.length > 0;
  // Related only: the engine found no provision that states the verdict, or retrieval's gate found the sections only come close.
  // In the relevance gate's middle band a verdict is said only where its quote holds most of the question (CLOSEST_SUPPORT_COVERAGE).
  const direct = said && answer.direct !== false && (!opts.closest || (answer.coverage ?? 0) >= CLOSEST_SUPPORT_COVERAGE) && !unsettled;
  citations = citations.map((c, i) => ({ ...c, supports: direct && i === 0 }));
  // An answer that opens with the very words the correction quoted says nothing new: it is not said twice
  // ("No. The question assumes … § 11-1321: “…$5,000…”" then "According to § 11-1321: “…$5,000…”").
  const first = citations[0];
  const repeats = Boolean(corrected && first && first.source_id === corrected.citation.source_id && (first.quote.includes(corrected.citation.quote) || corrected.citation.quote.includes(first.quote)));
  // The correction's quote is cited first, as it is said first.
  if (corrected) citations = [corrected.citation, ...citations.filter((c) => !(c.source_id === corrected.citation.source_id && c.quote === corrected.citation.quote))];
  // A question that only asks whether its claim is true is answered by the correction: no related list
  // after it saying the code does not answer ("No. … shall conclude by 10 p.m." then "does not answer this directly").
  const settled = Boolean(corrected && premise?.settles) && !direct;
  const related = said && !direct && !settled;
  const note = related ? [unsettled ? unconfirmedNote(unsettled, place) : '', notDirectNote(place)].filter(Boolean).join('\n\n') : '';
  const lead = direct ? (repeats ? '' : answer.lead || firstSentence(answer.text)) : note;
  // The built-in engine words its own related list; any other answer that is related only (a model's,
  // or a verdict the retrieval gate found only close) is listed by provision, never with its verdict:
  // "does not answer directly" followed by "Shall not exceed $10,000 —" would say both.
  const body = related && !(answer.engine === 'offline' && answer.direct === false) ? relatedList(citations.filter((c) => !c.supports)) : repeats && !related ? answer.text.split(/\n\s*\n/).slice(1).join('\n\n') : answer.text;
  // The built-in engine's own paragraphs ("Yes —", "Exception —", "According to"), for the reader's language, when its text is shown as it wrote it.
  const lines = direct && answer.lines ? (repeats ? answer.lines.slice(1) : answer.lines) : [];
  const messages: ProductSentence[] = [
    ...(corrected ? [corrected.message] : []),
    ...lineMessages(lines),
    ...(related && unsettled ? [{ code: 'premise_unconfirmed' as const, params: { claim: unsettled, place } }] : []),
    ...(related ? [{ code: 'answer_not_direct' as const, params: { place } }] : []),
  ];
  return {
    answer,
    lead: [corrected?.text, lead].filter(Boolean).join('\n\n'),
    correction: corrected?.text ?? null,
    text: [corrected?.text, note, said && !settled ? body : ''].filter(Boolean).join('\n\n'),
    citations: settled ? citations.slice(0, 1) : said || corrected ? citations : [],
    dropped,
    repaired,
    found: direct || Boolean(corrected),
    outcome: corrected ? 'corrected' : direct ? 'answered' : related ? 'not_direct' : 'not_found',
    messages,
  };
}

/**
 * A question answered from one record's text (an ordinance's page, meeting minutes): the engine's
 * answer, a model's verdict guarded by the same support check as the assistant's (its first quote
 * found in the sources must state it), else the built-in engine's answer from the same sources, with why.
 */
export async function answerGuarded(ai: AiEngine, request: GroundedRequest, what = 'text'): Promise<GroundedAnswer> {
  const answer = await ai.answer(request);
  if (answer.engine === 'offline' || !answer.found) return answer;
  const first = answer.quotes.find((q) => request.sources.some((s) => s.id === q.sourceId && containsQuote(s.text, q.quote)));
  const source = request.sources.find((s) => s.id === first?.sourceId);
  const cited: Citation | undefined =
    first && source ? { number: source.label, title: source.title ?? source.label, quote: first.quote, source_url: null, status: 'document', verified: true, kind: 'document', source_id: source.id } : undefined;
  if (await modelVerdictSupported(ai, request.question, firstSentence(answer.text), cited, source && { title: source.title, text: source.text })) return answer;
  return { ...answerOffline(request), fallbackReason: `The model's answer was not supported by the ${what} it quoted; the offline engine answered.` };
}

/** The product's own sentence an answer from one document opens with, and its code for the reader's language. */
type Opening = { text: string; code: ProductSentence['code'] };

/**
 * An answer from one document (an ordinance's text, a meeting's minutes), opened the same way on every
 * page: when it says nothing, the document's "does not say" alone; when no sentence of it states the
 * answer (the support check, issue 30), "does not answer this directly", then the closest words shown
 * as only that. The sentence goes as a code too, one paragraph, for the web app to word.
 */
export function openedAnswer(
  answer: GroundedAnswer,
  notSaid: boolean,
  opening: { notSaid: Opening; notDirect: Opening },
  // The built-in engine's own paragraphs as codes ("Yes —", "According to"): only where the text is shown
  // as the engine wrote it (the minutes' follow-ups withhold words the codes would carry).
  options: { lines?: boolean } = {},
): { text: string; messages: ProductSentence[] } {
  if (notSaid) return { text: opening.notSaid.text, messages: [{ code: opening.notSaid.code, params: {} }] };
  if (answer.direct === false) return { text: `${opening.notDirect.text}\n\n${answer.text}`, messages: [{ code: opening.notDirect.code, params: {} }] };
  return { text: answer.text, messages: options.lines && answer.engine === 'offline' && answer.lines ? lineMessages(answer.lines) : [] };
}

/** The built-in engine's paragraphs as the product's sentences (answer_line), in order. */
function lineMessages(lines: AnswerLine[]): ProductSentence[] {
  return lines.map((line) => ({ code: 'answer_line' as const, params: Object.fromEntries(Object.entries(line).filter(([, v]) => v !== undefined)) as Record<string, string> }));
}

/** Related provisions, each by its number and heading with what it says. */
function relatedList(citations: Citation[]): string {
  return citations.map((c) => `${c.number}${c.pinpoint ?? ''} (${c.title}): “${c.quote}”`).join('\n\n');
}

/** The source a model's first citation quotes: its heading and place, and its text, whose shorthand ("an SB permit") the check reads as what it stands for. */
type QuotedSource = { title?: string; place?: string; text?: string };

/**
 * A model's verdict is said only when the quote it rests on states it for the question: the offline
 * check (the quote on the question's subject, a figure of the verdict's kind in the quote itself),
 * then, when the engine can judge, the model asked whether the quote entails the verdict.
 */
export async function modelVerdictSupported(ai: AiEngine, question: string, verdict: string, first: Citation | undefined, source: QuotedSource | undefined, context?: string, place?: string): Promise<boolean> {
  if (!first || !verdict) return false;
  const asked = askedFor(question);
  // A figure of the kind asked in the verdict must be the quote's: "within 15 days" is not in a quote that says "10 days".
  if (isFigureKind(asked)) {
    const figure = figureIn(verdict, asked);
    if (!figure || !quantityWordsIn(first.quote).some((q) => normaliseForQuote(figure).includes(q))) return false;
  }
  if (!supportOf({ question, asked, verdict, quote: first.quote, heading: headingOf(source) || undefined, section: source?.text, context, place }).supported) return false;
  if (!ai.judgeSupport) return true;
  return (await ai.judgeSupport({ question, verdict, quote: first.quote, label: `${first.number}${first.pinpoint ?? ''}` })) !== false;
}

/** The figures of a text ("15 days", "$500") as its words, to find back in a verdict. */
function quantityWordsIn(text: string): string[] {
  return [...normaliseForQuote(text).matchAll(/\$\s?\d[\d,]*(?:\.\d+)?|\b\d[\d,]*(?:\.\d+)?\b|\b(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty|sixty|ninety)\b/gi)].map((m) => m[0].toLowerCase());
}

/** The first sentence of a model's answer: what its reader acts on. */
export function firstSentence(text: string): string {
  const firstParagraph = text.split(/\n\s*\n/)[0] ?? '';
  return sentencesOf(firstParagraph)[0] ?? firstParagraph.trim();
}
