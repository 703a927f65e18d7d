import type { Config } from '../../config';
import { createOfflineEngine } from './offline';
import { createOpenAiEngine } from './openai';
import type { AiEngine } from './types';

export type { AiEngine, ChatTurn, EditRequest, EditStream, EngineName, FormFill, FormFillRequest, GroundedAnswer, GroundedRequest, QueryPlan, Quote, RecordReading, Source } from './types';
export { containsQuote, locateQuote } from './quotes';
export { answerOffline } from './offline';
/** The built-in engine, for what must be grounded whatever engine a deployment runs (the chatbot's cited passages). */
export const offlineEngine = createOfflineEngine();
export { contentWords, looksLikeInjection, sentenceSpans, sentencesOf, wordPieces } from './text';

/** The engine of this deployment: the configured OpenAI-compatible endpoint, else the offline engine. */
export function createAiEngine(config: Pick<Config, 'llm'>): AiEngine {
  return config.llm ? createOpenAiEngine(config.llm) : createOfflineEngine();
}

/** How the UI names the engine that answered. */
export function engineLabel(answer: { engine: string; model: string | null }): string {
  return answer.engine === 'offline' ? 'Built-in offline engine' : `OpenAI-compatible model ${answer.model ?? ''}`.trim();
}
export { SUPPORTED_EDITS } from './edits';
