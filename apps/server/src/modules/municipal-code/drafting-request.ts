import { DRAFT_KIND_LABELS, DRAFT_PERMISSION, type DraftKind, type DraftingResult, noDrafting } from '@civicdesk/contract';
import type { Principal } from '../../platform/auth/guard';
import type { AppContext } from '../../platform/context';
import type { AttachmentText } from '../../platform/files/form-request';
import { aiEditDraft } from '../drafting/documents';
import { draftDocument } from '../drafting/service';
import * as threads from '../threads/service';

/**
 * A question to the Knowledge Assistant that asks for a draft ("draft a resolution recognizing ...")
 * drafts it (spec §3 drafting_results); on a thread that made a draft, an edit request ("make it
 * shorter", "add a WHEREAS about § 2-532") revises that draft as a new version. Each needs the
 * kind's drafting permission; without it the assistant just answers.
 */
const KINDS: [DraftKind, RegExp][] = [
  ['staff_report', /\bstaff\s+report\b/i],
  ['agenda_item', /\bagenda\s+item\b/i],
  ['resolution', /\bresolution\b/i],
  ['ordinance', /\b(?:ordinance|bill|act)\b/i],
];
const ASKS_FOR_DRAFT = /\b(?:draft|write|prepare|compose|put together|create)\b/i;
const ASKS_FOR_EDIT = /^\s*(?:please\s+)?(?:make it|add|remove|delete|replace|change|set|renumber|fix|shorten|expand|rename|insert|strike)\b/i;

export interface DraftingOutcome {
  performed: boolean;
  editing: boolean;
  kind: DraftKind | null;
  results: Record<DraftKind, DraftingResult>;
  documents: { id: string; type: DraftKind; title: string; url: string }[];
  summary: string;
}

const none = (): DraftingOutcome => ({ performed: false, editing: false, kind: null, results: noDrafting('No drafting was requested.'), documents: [], summary: '' });

export async function draftFromQuestion(
  ctx: AppContext,
  principal: Principal,
  question: string,
  input: { thread_id?: string; draft_input?: string; template?: string; city_code?: string },
  attachments: AttachmentText[],
): Promise<DraftingOutcome> {
  const may = (kind: DraftKind) => principal.permissions.includes(DRAFT_PERMISSION[kind]);
  if (input.thread_id && ASKS_FOR_EDIT.test(question)) {
    const last = await threads.lastDraftOf(ctx.db, input.thread_id);
    const kind = last?.type as DraftKind | undefined;
    if (last && kind && may(kind)) {
      const edit = await aiEditDraft(ctx, principal, { id: last.id, edit_request: question }, kind);
      const results = noDrafting('');
      results[kind] = {
        document_id: last.id,
        message: edit.outcome.applied ? `${edit.outcome.summary} (version ${edit.document.version})` : edit.outcome.summary,
        success: edit.outcome.applied,
        high_score_results: [],
        rephrased_texts: [],
        search_phrases: [],
        original_rephrased_texts: [question],
        editing_instructions: question,
        is_revision: true,
      };
      return {
        performed: edit.outcome.applied,
        editing: true,
        kind,
        results,
        documents: [{ id: last.id, type: kind, title: edit.document.title, url: `/draft/${kind}/${last.id}` }],
        summary: edit.outcome.applied ? `Revised the ${DRAFT_KIND_LABELS[kind].toLowerCase()} "${edit.document.title}": ${edit.outcome.summary}` : edit.outcome.summary,
      };
    }
  }
  if (!ASKS_FOR_DRAFT.test(question)) return none();
  const kind = KINDS.find(([, pattern]) => pattern.test(question))?.[0];
  if (!kind || !may(kind)) return none();
  const drafted = await draftDocument(
    ctx,
    principal,
    kind,
    { query: question, draft_input: input.draft_input ?? '', enable_municipal_code_search: true, enable_web_search: false, template: input.template, city_code: input.city_code },
    attachments,
  );
  const results = noDrafting('');
  const { document, engine: _engine, engine_label: _label, placeholders: _placeholders, dropped_citations: _dropped, ...result } = drafted;
  results[kind] = result;
  return {
    performed: true,
    editing: false,
    kind,
    results,
    documents: document ? [{ id: document.id, type: kind, title: document.title, url: `/draft/${kind}/${document.id}` }] : [],
    summary: drafted.message,
  };
}
