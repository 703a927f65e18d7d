import type { Citation } from '@civicdesk/contract';
import { type AiEngine, answerOffline, type ChatTurn, type GroundedAnswer, sentencesOf } from '../ai';
import { correctPremise } from '../ai/premise';
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
  /** The whole answer: the correction, then the engine's answer. */
  text: string;
  citations: Citation[];
  /** Quotes the engine gave that the check dropped. */
  dropped: number;
  /** Quotes that stopped at a lead-in and were completed with its items. */
  repaired: number;
  /** The sources answer the question (or settle its premise); false when they only come close or say nothing. */
  found: boolean;
}

/** What an answer from sections that only come close says first. */
export const CLOSEST_NOTE = 'No provision I found answers this directly. The closest the code comes:';

export interface AnswerOptions {
  /** Statute words the question implies (the synonym layer's), counted at half weight by the offline engine. */
  relatedWords?: string[];
  /** Words of the conversation a follow-up continues ("Can that be extended?" after a records-request question). */
  context?: string;
  /** The sources only come close to the question (the relevance gate's middle band): say so first. */
  closest?: boolean;
}

/**
 * The one way a feature answers a question from sources (the Knowledge Assistant, the Legal Chatbot,
 * the eval): the premise checked against the sources and corrected first, the engine's answer from
 * the sources only, every quote checked (a lead-in completed with its items), and the answer
 * sentence apart. A model answer whose quotes all fail the check is not shown: the offline engine
 * answers from the same sources instead, and says why.
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
  if (!given.length) return { answer: empty, lead: '', correction: null, text: '', citations: [], dropped: 0, repaired: 0, found: false };

  const relatedWords = opts.relatedWords ?? [];
  const premise = correctPremise(question, given.filter((s) => sources.get(s.id)?.kind === 'code_section'), relatedWords);
  const correction = premise ? verifyCitations([premise.quote], sources) : null;
  const corrected = premise && correction?.citations.length ? { text: premise.text, citation: correction.citations[0] } : null;

  let answer = await ai.answer({ task: 'answer', question, sources: given, history, relatedWords, context: opts.context, maxQuotes: 3, guidance: GUIDANCE });
  let { citations, dropped, repaired } = verifyCitations(answer.quotes, sources, { repairLeadIns: true });
  if (answer.engine !== 'offline' && answer.found && citations.length === 0) {
    const fallbackReason = `The model's citations could not be verified against the sources (${answer.quotes.length} dropped); the offline engine answered.`;
    answer = { ...answerOffline({ task: 'answer', question, sources: given, relatedWords, context: opts.context, maxQuotes: 3 }), fallbackReason };
    const checked = verifyCitations(answer.quotes, sources, { repairLeadIns: true });
    citations = checked.citations;
    dropped += checked.dropped;
    repaired += checked.repaired;
  }
  const said = answer.found && citations.length > 0;
  // The correction's quote is cited first, as it is said first.
  if (corrected) citations = [corrected.citation, ...citations.filter((c) => !(c.source_id === corrected.citation.source_id && c.quote === corrected.citation.quote))];
  const hedged = said && opts.closest && !corrected;
  const lead = said ? (answer.lead || firstSentence(answer.text)) : '';
  const text = [corrected?.text, hedged ? CLOSEST_NOTE : '', said ? answer.text : ''].filter(Boolean).join('\n\n');
  return {
    answer,
    lead: hedged ? `${CLOSEST_NOTE} ${lead}` : [corrected?.text, lead].filter(Boolean).join('\n\n'),
    correction: corrected?.text ?? null,
    text,
    citations: said || corrected ? citations : [],
    dropped,
    repaired,
    found: (said && !hedged) || Boolean(corrected),
  };
}

/** The first sentence of a model's answer: what its reader acts on. */
export function firstSentence(text: string): string {
  const firstParagraph = text.split(/\n\s*\n/)[0] ?? '';
  return sentencesOf(firstParagraph)[0] ?? firstParagraph.trim();
}
