import { randomUUID } from 'node:crypto';
import type { GenerateRequest, GenerateResponse, ProductSentence } from '@civicdesk/contract';
import { engineLabel } from '../../platform/ai';
import type { Principal } from '../../platform/auth/guard';
import type { AppContext } from '../../platform/context';
import type { AttachmentText } from '../../platform/files/form-request';
import { placeWordsOf, resolveLocation } from '../../platform/tenancy';
import * as threads from '../threads/service';
import { answerFromSources } from '../../platform/retrieval/answer';
import { citableAttachments, type CitableSource } from '../../platform/retrieval/citations';
import { searchForQuestion } from '../../platform/retrieval/code-sources';
import { draftFromQuestion } from './drafting-request';
import { searchWeb, type WebResult } from './web-search';


const CODES_LISTED = 10;
const SECTIONS_ANSWERED_FROM = 5;
/**
 * POST /municipal_code/generate: plan queries, retrieve sections (and read attachments and web
 * results when asked), answer from them only, check every citation, keep the exchange in the
 * caller's thread.
 */
export async function generate(
  ctx: AppContext,
  principal: Principal,
  input: GenerateRequest,
  attachments: AttachmentText[],
): Promise<GenerateResponse> {
  const started = Date.now();
  const location = await resolveLocation(ctx.db, principal, { cityCode: input.city_code });
  // Continuing a thread needs ownership: a shared reader or a stranger gets "not found".
  const thread = input.thread_id ? await threads.ownThread(ctx.db, principal, input.thread_id) : null;
  // In a stored thread the server's own record is the conversation; a client's `history` is used only without one.
  const history = thread ? await threads.turnsOf(ctx.db, thread.id) : input.history;
  const errors: string[] = [];

  const sources = new Map<string, CitableSource>();
  let codes: GenerateResponse['codes'] = [];
  let relatedWords: string[] = [];
  let plan = { queries: [input.main_user_question], intent: 'question' };
  let context: string | undefined;
  let closest = false;

  if (input.enable_municipal_code_search) {
    const found = await searchForQuestion(ctx.db, ctx.codeIndexes, location.locationId, ctx.ai, input.main_user_question, history, { listed: CODES_LISTED, answerFrom: SECTIONS_ANSWERED_FROM });
    ({ plan, codes, relatedWords } = found);
    context = found.context;
    closest = found.closest;
    for (const [id, source] of found.sources) sources.set(id, source);
  }

  const attached = citableAttachments(attachments);
  for (const source of attached.sources) sources.set(source.id, source);
  errors.push(...attached.notes);

  let web: WebResult[] = [];
  const webSearch = !input.enable_web_search ? 'off' : ctx.config.webSearchUrl ? 'used' : 'not_configured';
  if (webSearch === 'used') {
    try {
      web = await searchWeb(ctx.config.webSearchUrl!, input.main_user_question);
      web.forEach((w, i) => sources.set(`web-${i + 1}`, { id: `web-${i + 1}`, kind: 'web', number: w.site, title: w.title, text: w.content, status: 'web', sourceUrl: w.url }));
    } catch (err) {
      errors.push(`Web search failed: ${(err as Error).message}`);
    }
  } else if (webSearch === 'not_configured') {
    errors.push('Web search is not configured for this deployment; the answer uses the municipal code only.');
  }

  const checked = await answerFromSources(ctx.ai, input.main_user_question, history, sources, {
    relatedWords,
    context,
    // Sections that only come close are shown as such; an attachment or a web page given may still answer.
    closest: closest && !attachments.length && !web.length,
    place: location.name,
    placeWords: placeWordsOf(location),
  });
  const { answer, citations, dropped, found, lead, text } = checked;
  // A question that asks for a draft drafts it; an edit request on a thread with a draft revises it.
  const drafting = await draftFromQuestion(ctx, principal, input.main_user_question, { ...input, thread_id: thread?.id }, attachments);
  // An answer, or the closest provisions said to be only that; else a plain "not found".
  const drafted = drafting.performed || drafting.editing;
  const notFound = notFoundText(location.name, input.enable_municipal_code_search, attachments.length > 0);
  const summary = drafted ? drafting.summary : text ? text : notFound.text;
  const threadId = thread?.id ?? (await threads.startThread(ctx.db, principal, input.main_user_question));

  const response: GenerateResponse = {
    id: randomUUID(),
    analysis: {
      summary,
      answer: text && !drafted ? lead : '',
      citations,
      outcome: checked.outcome,
      messages: drafted ? [] : text ? checked.messages : [notFound.message],
    },
    metadata: {
      queries: plan.queries,
      user_intent: plan.intent,
      total_codes_found: codes.length,
      total_documents_found: attachments.length + web.length,
      question: input.main_user_question,
      drafting_performed: drafting.performed,
      drafted_documents: drafting.documents,
      drafting_summary: drafting.summary,
      search_performed: input.enable_municipal_code_search,
      city_code: location.code,
      location_name: location.name,
      is_editing: drafting.editing,
      edited_draft_type: drafting.editing ? drafting.kind : null,
      engine: answer.engine,
      engine_label: engineLabel(answer),
      model: answer.model,
      fallback_reason: answer.fallbackReason ?? null,
      dropped_citations: dropped,
      answer_found: found,
      thread_id: threadId,
      web_search: webSearch,
      duration_ms: Date.now() - started,
    },
    codes,
    documents: [
      ...attachments.map((a) => ({ kind: 'attachment' as const, name: a.filename, has_text: a.hasText, characters: a.text.length, url: null })),
      ...web.map((w) => ({ kind: 'web' as const, name: w.title, has_text: true, characters: w.content.length, url: w.url })),
    ],
    drafting_results: drafting.results,
    errors,
    success: true,
    timestamp: new Date().toISOString(),
  };

  await threads.appendMessages(ctx.db, threadId, [
    {
      role: 'user',
      content: input.main_user_question,
      payload: { attachments: attachments.map((a) => a.filename), enable_web_search: input.enable_web_search, enable_municipal_code_search: input.enable_municipal_code_search },
    },
    { role: 'assistant', content: summary, payload: response },
  ]);
  return response;
}

/** The plain refusal, in English for API clients and as a sentence code (answer_not_found) for the web app's languages. */
function notFoundText(place: string, searchedCode: boolean, hadAttachments: boolean): { text: string; message: ProductSentence } {
  const scope = !searchedCode ? (hadAttachments ? 'documents' : 'nothing') : hadAttachments ? 'code_and_documents' : 'code';
  const message: ProductSentence = { code: 'answer_not_found', params: { place, scope } };
  if (scope === 'nothing') return { text: 'There was nothing to answer from: turn on the municipal code search or attach a document.', message };
  const where = searchedCode ? `the ${place} code${hadAttachments ? ' or the attached documents' : ''}` : 'the attached documents';
  return { text: `I could not find anything in ${where} that answers this question, so I will not guess. Try other words, or open a section by its number (for example § 2-532).`, message };
}
