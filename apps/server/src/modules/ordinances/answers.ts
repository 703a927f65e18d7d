import type { OrdinanceAnswer, ProductSentence } from '@civicdesk/contract';
import type { AiEngine, GroundedAnswer } from '../../platform/ai';
import { containsQuote } from '../../platform/ai';
import { answerGuarded, openedAnswer } from '../../platform/retrieval/answer';
import { readVote, summaryAndNote } from './record-fields';
import type { OrdinanceRow } from './repo';

/**
 * Summary and follow-up answers from the ordinance's own text only (decision 015). The engine
 * (offline extractive, or the configured model) returns quotes; every quote is checked against
 * the text again and located in it, so each cited sentence is traceable to the ordinance.
 */
function sourceText(row: OrdinanceRow): string {
  return [row.longTitle, row.summary, row.text].filter((part) => part.trim()).join('\n');
}

/** What an answer from the text says first when no sentence of it states the answer (the support check, issue 30). */
export const TEXT_NOT_DIRECT = 'The text of this ordinance does not answer this directly. The closest it comes:';

function present(row: OrdinanceRow, question: string | null, answer: GroundedAnswer): OrdinanceAnswer {
  const source = sourceText(row);
  const citations = answer.quotes
    .filter((q) => containsQuote(source, q.quote))
    .map((q) => {
      const start = row.text.indexOf(q.quote);
      return { quote: q.quote, start, end: start >= 0 ? start + q.quote.length : -1 };
    });
  const { text, messages } = openedAnswer(answer, !answer.found || !answer.text.trim(), {
    notSaid: { text: 'The text of this ordinance does not say.', code: 'ordinance_not_said' },
    notDirect: { text: TEXT_NOT_DIRECT, code: 'ordinance_not_direct' },
  }, { lines: true });
  return {
    ordinance_id: row.id,
    title: row.title,
    question,
    answer: text,
    citations,
    engine: answer.engine,
    model: answer.model,
    ...(messages.length ? { messages } : {}),
  };
}

function sourcesOf(row: OrdinanceRow) {
  return [{ id: row.id, label: row.fileNumber ?? row.sourceId, title: row.title, text: sourceText(row) }];
}

export async function summarizeOrdinance(ai: AiEngine, row: OrdinanceRow): Promise<OrdinanceAnswer> {
  // The page shows the long title above the summary: a measure with a text is summarized from its text (issue 22).
  // A clerk's note in the summary field ("Please see Referral Memo.") says nothing of what the measure does.
  const body = [summaryAndNote(row.summary).summary, row.text].filter((part) => part.trim()).join('\n');
  const answer = await ai.answer({
    task: 'summarize',
    question: `What does ${row.title} do?`,
    sources: row.text.trim() ? [{ ...sourcesOf(row)[0], text: body }] : sourcesOf(row),
    maxQuotes: 5,
    guidance: 'Summarize what this measure does for a city clerk: who it affects, what changes, when. Quote the sentences you rely on.',
  });
  return present(row, null, answer);
}

const longDate = (day: string) => new Date(`${day}T00:00:00Z`).toLocaleDateString('en-US', { timeZone: 'UTC', year: 'numeric', month: 'long', day: 'numeric' });

/**
 * A question about the measure's own facts (when it took effect, was enacted or introduced, its law
 * or bill number, its committee, its votes, its status) is answered from its record first (issue 22):
 * the page shows these facts, and the text's "Effective date." section only says how the date is set.
 * Null when the question is about something else, or the record lacks the fact.
 */
/**
 * Who introduced, sponsored or moved it: a record names no people (issue 30). Said, as a sentence code
 * for the reader's language too, rather than a date answered to a "who".
 */
export function missingFromRecord(row: OrdinanceRow, question: string): { text: string; message: ProductSentence } | null {
  const q = question.toLowerCase();
  if (!/\b(?:who|whom|which (?:member|councilmember|council member)s?)\b/.test(q) || !/\b(?:introduc\w*|sponsor\w*|propos\w*|authored|wrote|moved|brought)\b/.test(q)) return null;
  const name = row.fileNumber ?? row.title;
  const introduced = row.introduced ? longDate(row.introduced) : '';
  return {
    text: `Its record does not name who introduced or sponsored ${name}${introduced ? `; it shows only that it was introduced on ${introduced}` : ''}.`,
    // The day as ISO: the web app writes it in the reader's language.
    message: { code: 'record_no_sponsor', params: { name, introduced: row.introduced ?? '' } },
  };
}

export function answerFromRecord(row: OrdinanceRow, question: string): string | null {
  const q = question.toLowerCase();
  const name = row.fileNumber ?? row.title;
  if (/\b(?:effective|take effect|took effect|in effect|go into effect)\b/.test(q)) {
    if (row.effective) return `${name} took effect on ${longDate(row.effective)}, according to its record.`;
    return row.status ? `Its record gives no effective date; the measure's status is ${row.status}.` : null;
  }
  if (/\b(?:enacted|signed|enactment)\b/.test(q) && row.enacted) return `${name} was enacted on ${longDate(row.enacted)}, according to its record.`;
  if (/\bintroduced\b/.test(q) && !/\bwho\b/.test(q) && row.introduced) return `${name} was introduced on ${longDate(row.introduced)}, according to its record.`;
  if (/\blaw number\b/.test(q) && row.lawNumber) return `Its law number is ${row.lawNumber}.`;
  if (/\bact number\b/.test(q) && row.actNumber) return `Its act number is ${row.actNumber}.`;
  if (/\b(?:bill|file) number\b/.test(q) && row.fileNumber) return `Its file number is ${row.fileNumber}.`;
  if (/\bcommittee\b/.test(q) && row.committee) return `It was referred to the ${row.committee.replace(/^the\s+/i, '')}.`;
  if (/\b(?:votes?|voted|readings?)\b/.test(q) && row.votes.length) {
    const votes = row.votes.map(readVote).map((v) => `${v.recorded_as ? `a vote recorded as “${v.recorded_as}”` : v.reading} on ${longDate(v.date)}`);
    return `Its record lists ${votes.length === 1 ? 'one vote' : `${votes.length} votes`}: ${votes.join('; ')}.`;
  }
  if (/\bstatus\b|\bpassed\b/.test(q) && row.status) return `Its status is ${row.status}${row.effective ? `; it took effect on ${longDate(row.effective)}` : ''}.`;
  return null;
}

export async function answerAboutOrdinance(ai: AiEngine, row: OrdinanceRow, question: string): Promise<OrdinanceAnswer> {
  const missing = missingFromRecord(row, question);
  if (missing) return { ordinance_id: row.id, title: row.title, question, answer: missing.text, citations: [], engine: 'offline', model: null, messages: [missing.message] };
  const fact = answerFromRecord(row, question);
  if (fact) return { ordinance_id: row.id, title: row.title, question, answer: fact, citations: [], engine: 'offline', model: null };
  const answer = await answerGuarded(ai, { task: 'answer', question, sources: sourcesOf(row), maxQuotes: 3, guidance: 'Answer only from this ordinance. If it does not say, answer that it does not say.' });
  return present(row, question, answer);
}
