import { DRAFT_TEXT_MAX, DRAFT_TITLE_MAX, type DraftContent, type DraftHistoryQuery, type DraftKind, type DraftUpdate } from '@civicdesk/contract';
import { engineLabel, type Source, SUPPORTED_EDITS } from '../../platform/ai';
import type { NewSection } from '../../platform/ai/types';
import { titlePlaces } from '../../platform/ai/edits';
import type { Principal } from '../../platform/auth/guard';
import type { AppContext } from '../../platform/context';
import { AppError, notFound, validationFailed } from '../../platform/errors';
import { sectionsByNumberKeys } from '../../platform/retrieval/repo';
import { analyzeRequest } from './analysis';
import { plainText } from './content';
import { draftToDocx, draftToPdf } from './export';
import { mergeText } from './merge';
import { newSectionsAsked } from './provision';
import { type DraftMetadata, presentDraft, presentDraftSummary, presentVersion } from './presenter';
import * as repo from './repo';
import { templateForExport } from './templates';
import { draftName } from './titles';
import { recordSafely, tenantOf, type RequestOrigin } from '../audit/service';

/**
 * The Draft Collection's rules: a draft is its owner's, in the owner's location; anyone else gets
 * 404. Every save is a version (decision 023): consecutive autosaves within AUTOSAVE_WINDOW_MS
 * update one version so the history stays readable; a save over a version the editor did not see
 * answers 409 CONFLICT.
 */
const AUTOSAVE_WINDOW_MS = 5 * 60_000;
const ownerOf = (p: Principal): repo.Owner => ({ userId: p.userId, locationId: p.locationId });

async function ownDraft(ctx: AppContext, principal: Principal, id: string, kind?: DraftKind) {
  const row = await repo.findDraft(ctx.db, ownerOf(principal), id);
  // A draft of another kind through a kind's route (PUT /resolution with an ordinance) is not found either.
  if (!row || (kind && row.kind !== kind)) throw notFound('Draft');
  return row;
}

export async function readDraft(ctx: AppContext, principal: Principal, id: string) {
  return presentDraft(await ownDraft(ctx, principal, id), principal.locationCode);
}

const EXPORT_TYPES = { pdf: 'application/pdf', docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' } as const;

/** The draft as a DOCX or PDF file (with the city's template for its kind when there is one), and the name to save it under. */
export async function exportDraft(ctx: AppContext, principal: Principal, id: string, format: keyof typeof EXPORT_TYPES, origin: RequestOrigin) {
  const draft = await readDraft(ctx, principal, id);
  const template = await templateForExport(ctx, principal.locationId, draft.type);
  const bytes = format === 'pdf' ? await draftToPdf(draft, template) : await draftToDocx(draft, template);
  const filename = `${draft.title.replace(/[^\w .,'()-]+/g, ' ').trim().slice(0, 120) || 'draft'}.${format}`;
  await recordSafely(ctx, { action: 'draft.exported', actor: { id: principal.userId }, tenant: tenantOf(principal), origin, details: { draft_id: id, format } });
  return { bytes, filename, contentType: EXPORT_TYPES[format] };
}

/**
 * The draft's name after its body changed (decision 031): it follows the short title when that
 * changed (an AI edit, an edit of the title line), unless the user named the draft themselves.
 */
function nameAfterEdit(row: repo.DraftRow, text: string): string {
  if ((row.metadata as DraftMetadata).named_by_user) return row.title;
  const [before, after] = [titlePlaces(row.text), titlePlaces(text)];
  // An agenda item or staff report is named by its label line alone: a past act listed in it is no title.
  const places = row.kind === 'agenda_item' || row.kind === 'staff_report' ? (['labelled'] as const) : (['line', 'cited', 'formal'] as const);
  const title = places.map((p) => (after[p] !== before[p] ? after[p] : null)).find(Boolean);
  return title ? draftName(row.kind, title, DRAFT_TITLE_MAX) : row.title;
}

/** A name the user gives is theirs from then on: the body's title no longer renames the draft. */
const namedByUser = (row: repo.DraftRow): DraftMetadata => ({ ...(row.metadata as DraftMetadata), named_by_user: true });

export async function updateDraft(ctx: AppContext, principal: Principal, input: DraftUpdate, kind?: DraftKind) {
  const row = await ownDraft(ctx, principal, input.id, kind);
  if (input.content && input.text) throw validationFailed('Send the content or a text, not both', [{ field: 'body.text', message: 'Not with content' }]);
  if (!input.content && !input.text && !input.title) throw validationFailed('Nothing to save', [{ field: 'body.content', message: 'Send the content or a title' }]);
  const renamed = input.title !== undefined && input.title !== row.title;
  if (!input.content && !input.text) {
    return presentDraft((await repo.renameDraft(ctx.db, ownerOf(principal), row.id, input.title!, renamed ? namedByUser(row) : undefined))!, principal.locationCode);
  }
  const content = input.content ?? mergeText(row.content as DraftContent, input.text!);
  const text = plainText(content);
  if (text.length > DRAFT_TEXT_MAX) throw new AppError('PAYLOAD_TOO_LARGE', `A draft may hold at most ${DRAFT_TEXT_MAX.toLocaleString('en-US')} characters`);
  const saved = await repo.saveVersion(ctx.db, ownerOf(principal), row.id, {
    title: renamed ? input.title! : nameAfterEdit(row, text),
    ...(renamed ? { metadata: namedByUser(row) } : {}),
    content,
    text,
    reason: input.reason,
    coalesceWithin: AUTOSAVE_WINDOW_MS,
    baseVersion: input.base_version,
  });
  if (!saved) throw notFound('Draft');
  if (saved.conflict) {
    throw new AppError('CONFLICT', `This draft was changed elsewhere (now version ${saved.row.version}). Reload it before saving again.`, { current_version: saved.row.version });
  }
  return presentDraft(saved.row, principal.locationCode);
}

export async function deleteDraft(ctx: AppContext, principal: Principal, id: string) {
  if (!(await repo.deleteDraft(ctx.db, ownerOf(principal), id))) throw notFound('Draft');
  return { success: true as const, id };
}

export async function draftHistory(ctx: AppContext, principal: Principal, q: DraftHistoryQuery) {
  const { rows, total } = await repo.listDrafts(ctx.db, ownerOf(principal), {
    kind: q.type,
    startDate: q.start_date,
    endDate: q.end_date,
    words: q.query,
    offset: (q.page - 1) * q.limit,
    limit: q.limit,
  });
  return { documents: rows.map(presentDraftSummary), total, page: q.page, limit: q.limit };
}

export async function draftVersions(ctx: AppContext, principal: Principal, id: string) {
  const row = await ownDraft(ctx, principal, id);
  return (await repo.listVersions(ctx.db, row.id)).map(presentVersion);
}

export async function draftVersion(ctx: AppContext, principal: Principal, id: string, version: number) {
  const row = await ownDraft(ctx, principal, id);
  const found = await repo.findVersion(ctx.db, row.id, version);
  if (!found) throw notFound('Version');
  return { ...presentVersion({ ...found, characters: found.text.length }), content: presentDraft({ ...row, content: found.content }, principal.locationCode).content, text: found.text };
}

/** A restore is a new version with the old body: nothing between is lost. */
export async function restoreVersion(ctx: AppContext, principal: Principal, id: string, version: number) {
  const row = await ownDraft(ctx, principal, id);
  const found = await repo.findVersion(ctx.db, row.id, version);
  if (!found) throw notFound('Version');
  const title = (row.metadata as DraftMetadata).named_by_user ? row.title : found.title;
  const saved = await repo.saveVersion(ctx.db, ownerOf(principal), row.id, { title, content: found.content, text: found.text, reason: 'restore' });
  return presentDraft(saved!.row, principal.locationCode);
}

/**
 * What an edit request needs besides its words: the sections it names ("add a WHEREAS citing section
 * 2-532") as sources, and the sections it asks to add ("add a section requiring …") as the drafter writes them.
 */
export async function editMaterial(ctx: AppContext, principal: Principal, instruction: string): Promise<{ sources: Source[]; newSections: NewSection[] }> {
  const numbers = analyzeRequest('resolution', instruction).sections;
  const rows = await sectionsByNumberKeys(ctx.db, principal.locationId, numbers);
  const sources = rows.filter((r) => r.status === 'in_force').map((r) => ({ id: r.id, label: r.number, title: r.title, text: r.text }));
  return { sources, newSections: newSectionsAsked(instruction) };
}

/** PUT /resolution/ai-edit: the edit applied to the stored draft as a new version (or refused, unchanged). */
export async function aiEditDraft(ctx: AppContext, principal: Principal, input: { id: string; edit_request: string }, kind: DraftKind) {
  const row = await ownDraft(ctx, principal, input.id, kind);
  const stream = ctx.ai.streamEdit({ text: row.text, instruction: input.edit_request, ...(await editMaterial(ctx, principal, input.edit_request)) });
  let edited = '';
  for await (const chunk of stream.chunks) edited += chunk;
  const outcome = await stream.outcome;
  const engine = { engine: outcome.fallbackReason || ctx.ai.name === 'offline' ? 'offline' : ctx.ai.name, model: ctx.ai.model } as const;
  const report = {
    applied: outcome.applied,
    summary: outcome.summary,
    engine: engine.engine,
    engine_label: engineLabel(engine),
    supported: outcome.applied ? [] : SUPPORTED_EDITS,
  };
  if (!outcome.applied || !edited.trim()) return { document: presentDraft(row, principal.locationCode), outcome: { ...report, applied: false }, previous_text: row.text };
  const content = mergeText(row.content as DraftContent, edited.trim());
  const text = plainText(content);
  const saved = await repo.saveVersion(ctx.db, ownerOf(principal), row.id, { title: nameAfterEdit(row, text), content, text, reason: 'ai_edit' });
  return { document: presentDraft(saved!.row, principal.locationCode), outcome: report, previous_text: row.text };
}
