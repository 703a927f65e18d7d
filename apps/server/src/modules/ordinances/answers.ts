import type { OrdinanceAnswer } from '@civicdesk/contract';
import type { AiEngine, GroundedAnswer } from '../../platform/ai';
import { containsQuote } from '../../platform/ai';
import type { OrdinanceRow } from './repo';

/**
 * Summary and follow-up answers from the ordinance's own text only (decision 015). The engine
 * (offline extractive, or the configured model) returns quotes; every quote is checked against
 * the text again and located in it, so each cited sentence is traceable to the ordinance.
 */
function sourceText(row: OrdinanceRow): string {
  return [row.longTitle, row.summary, row.text].filter((part) => part.trim()).join('\n');
}

function present(row: OrdinanceRow, question: string | null, answer: GroundedAnswer): OrdinanceAnswer {
  const source = sourceText(row);
  const citations = answer.quotes
    .filter((q) => containsQuote(source, q.quote))
    .map((q) => {
      const start = row.text.indexOf(q.quote);
      return { quote: q.quote, start, end: start >= 0 ? start + q.quote.length : -1 };
    });
  const text = answer.found && answer.text.trim() ? answer.text : 'The text of this ordinance does not say.';
  return { ordinance_id: row.id, title: row.title, question, answer: text, citations, engine: answer.engine, model: answer.model };
}

function sourcesOf(row: OrdinanceRow) {
  return [{ id: row.id, label: row.fileNumber ?? row.sourceId, title: row.title, text: sourceText(row) }];
}

export async function summarizeOrdinance(ai: AiEngine, row: OrdinanceRow): Promise<OrdinanceAnswer> {
  const answer = await ai.answer({
    task: 'summarize',
    question: `What does ${row.title} do?`,
    sources: sourcesOf(row),
    maxQuotes: 5,
    guidance: 'Summarize what this measure does for a city clerk: who it affects, what changes, when. Quote the sentences you rely on.',
  });
  return present(row, null, answer);
}

export async function answerAboutOrdinance(ai: AiEngine, row: OrdinanceRow, question: string): Promise<OrdinanceAnswer> {
  const answer = await ai.answer({
    task: 'answer',
    question,
    sources: sourcesOf(row),
    maxQuotes: 3,
    guidance: 'Answer only from this ordinance. If it does not say, answer that it does not say.',
  });
  return present(row, question, answer);
}
