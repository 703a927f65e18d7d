import type { GenerateResponse } from '@civicdesk/contract';

/**
 * The answer as plain text for the clipboard: the summary, then each source with its quote and
 * address, so a pasted answer still says where every statement comes from.
 */
export function answerAsText(answer: GenerateResponse, sourcesHeading: string): string {
  const citations = answer.analysis.citations;
  if (citations.length === 0) return answer.analysis.summary.trim();
  const sources = citations.map((citation, index) => {
    const address = citation.source_url ? `\n    ${citation.source_url}` : '';
    return `[${index + 1}] ${citation.number} ${citation.title}\n    “${citation.quote}”${address}`;
  });
  return `${answer.analysis.summary.trim()}\n\n${sourcesHeading}:\n${sources.join('\n')}`;
}
