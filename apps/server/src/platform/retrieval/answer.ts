import type { Citation } from '@civicdesk/contract';
import { type AiEngine, answerOffline, type ChatTurn, type GroundedAnswer, type Source } from '../ai';
import { type CitableSource, verifyCitations } from './citations';

const GUIDANCE =
  'Answer the question of a city employee in two to four plain sentences, then rely on the quotes. Prefer the section that governs the question directly.';

export interface CheckedAnswer {
  answer: GroundedAnswer;
  citations: Citation[];
  /** Quotes the engine gave that the check dropped. */
  dropped: number;
  found: boolean;
}

/**
 * Answers from the given sources only and keeps just the citations the server can verify. A
 * model answer whose quotes all fail the check is not shown: the offline engine answers from the
 * same sources instead, and says why. Used by POST /municipal_code/generate and by the eval.
 */
export async function answerFromSources(
  ai: AiEngine,
  question: string,
  history: ChatTurn[],
  sources: Map<string, CitableSource>,
  relatedWords: string[] = [],
): Promise<CheckedAnswer> {
  const given: Source[] = [...sources.values()].map((s) => ({ id: s.id, label: s.number, title: s.title, text: s.text }));
  if (!given.length) return { answer: { engine: ai.name, model: ai.model, text: '', quotes: [], found: false }, citations: [], dropped: 0, found: false };
  let answer = await ai.answer({ task: 'answer', question, sources: given, history, relatedWords, maxQuotes: 3, guidance: GUIDANCE });
  let { citations, dropped } = verifyCitations(answer.quotes, sources);
  if (answer.engine !== 'offline' && answer.found && citations.length === 0) {
    const fallbackReason = `The model's citations could not be verified against the sources (${answer.quotes.length} dropped); the offline engine answered.`;
    answer = { ...answerOffline({ task: 'answer', question, sources: given, relatedWords, maxQuotes: 3 }), fallbackReason };
    const checked = verifyCitations(answer.quotes, sources);
    citations = checked.citations;
    dropped += checked.dropped;
  }
  return { answer, citations, dropped, found: answer.found && citations.length > 0 };
}
