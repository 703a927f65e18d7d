import { randomUUID } from 'node:crypto';
import { DRAFT_KIND_LABELS, type DraftKind, type DraftRequest, type DraftResponse, type HighScoreResult } from '@civicdesk/contract';
import { contentWords, engineLabel } from '../../platform/ai';
import type { Principal } from '../../platform/auth/guard';
import type { AppContext } from '../../platform/context';
import type { AttachmentText } from '../../platform/files/form-request';
import { asSource, citableAttachments, type CitableSource } from '../../platform/retrieval/citations';
import { citableSections, searchCode } from '../../platform/retrieval/code-sources';
import { sectionsByIds, sectionsByNumberKeys } from '../../platform/retrieval/repo';
import { runSearch } from '../../platform/search/engine';
import { resolveLocation } from '../../platform/tenancy';
import { findAmendment, type FoundAmendment } from './amendment';
import { findHome } from './home';
import { requestRule } from './rule';
import { analyzeRequest, noteAsSentences } from './analysis';
import { composeDraft, type Measure } from './compose';
import { placeholdersIn, plainText } from './content';
import { citySettings } from '../locations/settings';
import { conventionsOf, formOf } from './forms';
import { presentDraft, type DraftMetadata } from './presenter';
import { mergeModelParts, renderDraft } from './render';
import * as repo from './repo';


const SECTIONS_LISTED = 10;
const SECTIONS_DRAFTED_FROM = 4;
const MEASURES = 5;
/** The parts a model may write; the form's fixed clauses, amendments and comparative prints stay the built-in drafter's. */
const MODEL_WRITES = new Set(['long_title', 'purpose', 'recitals', 'background', 'discussion', 'summary', 'recommendation', 'recommended_action', 'alternatives']);

/**
 * POST /{type}/draft (and a draft asked of the assistant): read the request, find the sections to
 * amend or rest on and the city's similar past measures, compose the form (the built-in drafter,
 * then the model's prose when one is configured), check every citation, store the draft.
 */
export async function draftDocument(
  ctx: AppContext,
  principal: Principal,
  kind: DraftKind,
  input: DraftRequest,
  attachments: AttachmentText[] = [],
): Promise<DraftResponse> {
  const location = await resolveLocation(ctx.db, principal, { cityCode: input.city_code });
  const conventions = conventionsOf(location.code);
  const { drafting } = citySettings(location);
  const form = formOf(kind, conventions);
  // A request written as a note ("Styrofoam food containers - ban for restaurants - fines $100/$200") is read as the sentences it stands for; the request is stored as typed.
  const query = noteAsSentences(input.query);
  const analysis = analyzeRequest(kind, query, input.draft_input);
  // The code is searched for the topic, not for "draft an ordinance ... from 15 to 10": those words mislead retrieval.
  const plan = await ctx.ai.planQueries(analysis.topic, []);
  const errors: string[] = [];

  // Code: the sections the request names, then what retrieval finds.
  const sources = new Map<string, CitableSource>();
  let listed: Awaited<ReturnType<typeof searchCode>>['codes'] = [];
  let statuteWords: string[] = [];
  if (input.enable_municipal_code_search) {
    for (const [id, source] of await citableSections(ctx.db, location.locationId, await sectionsByNumberKeys(ctx.db, location.locationId, analysis.sections))) sources.set(id, source);
    const found = await searchCode(ctx.db, ctx.codeIndexes, location.locationId, plan.queries, { listed: SECTIONS_LISTED, answerFrom: SECTIONS_DRAFTED_FROM });
    listed = found.codes;
    statuteWords = found.relatedWords;
    for (const [id, source] of found.sources) sources.set(id, source);
  }

  // Amendments: the request's words to change, looked for in the current text of the sections found.
  const amendments: FoundAmendment[] = [];
  if (analysis.changes.length && input.enable_municipal_code_search) {
    const candidates = [...sources.values(), ...(await citableSections(ctx.db, location.locationId, await sectionsByIds(ctx.db, location.locationId, listed.map((c) => c.id).filter((id) => !sources.has(id))))).values()];
    const topicWords = new Set(contentWords(analysis.topic));
    for (const change of analysis.changes) {
      // Of the sections holding the words, the one whose line speaks most to the topic (then retrieval's order).
      const found = candidates
        .filter((c) => c.status === 'in_force')
        .flatMap((section, rank) => {
          const amendment = findAmendment(section, change, drafting);
          if (!amendment) return [];
          // The section's heading counts double: "Registration of vacant buildings" beats a line that merely mentions them.
          const shared = contentWords(amendment.quote).filter((w) => topicWords.has(w)).length + 2 * contentWords(section.title).filter((w) => topicWords.has(w)).length;
          return [{ section, amendment, rank, shared }];
        })
        .sort((a, b) => b.shared - a.shared || a.rank - b.rank)[0];
      if (found) {
        amendments.push(found.amendment);
        sources.set(found.section.id, found.section);
      } else errors.push(`No section found holds "${change.from}${change.unit ? ` ${change.unit}` : ''}": the amendment is left for the drafter.`);
    }
  }

  // A new rule (no words to strike were asked or found): its home, by what the sections regulate (issue 32).
  const home = kind === 'ordinance' && !amendments.length && input.enable_municipal_code_search ? await findHome(ctx.db, location.locationId, analysis.topic, [...sources.keys(), ...listed.map((c) => c.id)], requestRule(analysis.topic, [query, input.draft_input].filter(Boolean).join('\n'))) : null;
  // The home and the law on the subject are what the draft cites.
  if (home) for (const [id, source] of await citableSections(ctx.db, location.locationId, home.cited.filter((r) => !sources.has(r.id)))) sources.set(id, source);

  // The city's similar past measures: models for the form and its standard clauses.
  const measures = await similarMeasures(ctx, location, analysis.topic);
  for (const m of measures) sources.set(m.id, { id: m.id, kind: 'legislation', number: m.label, title: m.title, text: `${m.title}\n${m.text}`, status: 'in_force', sourceUrl: null });
  const attached = citableAttachments(attachments);
  for (const source of attached.sources) sources.set(source.id, source);
  errors.push(...attached.notes);
  if (input.enable_web_search) errors.push('Web search is not used for drafting: a draft rests on the city\'s code and legislation.');

  const sections = [...sources.values()].filter((s) => s.kind === 'code_section' && s.status === 'in_force');
  // Where each amended section sits in the code (its chapter and subchapter): the short title names it.
  const placed = [...(await sectionsByIds(ctx.db, location.locationId, [...new Set(amendments.map((a) => a.section_id))])), ...(home?.action === 'amend' ? [home.section] : [])];
  const places = new Map(placed.map((r) => [r.id, { title: r.title, chapterTitle: r.chapterTitle, subchapterTitle: r.subchapterTitle }]));
  const composed = composeDraft({
    kind,
    conventions,
    location: { name: location.name, code: location.code },
    drafting,
    year: new Date().getFullYear(),
    query,
    details: input.draft_input,
    analysis,
    sections,
    measures,
    amendments,
    places,
    home,
    attachments: attachments.map((a) => a.filename),
  });

  // With a model: its prose for the parts it may write, from the same sources, checked the same way.
  const writable = form.parts.filter((p) => MODEL_WRITES.has(p.key));
  const given = [...sources.values()].map(asSource);
  const fill = await ctx.ai.fillForm({
    kind: DRAFT_KIND_LABELS[kind].toLowerCase(),
    request: [query, input.draft_input].filter(Boolean).join('\n'),
    parts: writable.map((p) => ({ ...p, grounded: Boolean(p.grounded), baseline: (composed.parts.find((c) => c.key === p.key)?.paragraphs ?? []).map(runsText) })),
    sources: given,
    guidance: form.guidance,
  });
  const allowedFacts = [input.query, query, input.draft_input, ...given.map((s) => s.text)].join('\n');
  const parts = mergeModelParts(composed.parts, fill, writable, allowedFacts);
  const rendered = renderDraft(parts, sources, composed.aside);
  const text = plainText(rendered.content);
  const placeholders = placeholdersIn(text);
  const engine = { engine: fill.engine, model: fill.model };
  const metadata: DraftMetadata = {
    request: { query: input.query, draft_input: input.draft_input },
    engine: fill.engine,
    engine_label: engineLabel(engine),
    fallback_reason: fill.fallbackReason ?? null,
    citations: rendered.citations,
    dropped_citations: rendered.dropped,
    amendments: amendments.map(({ quote: _quote, line: _line, ...a }) => a),
    template: templateOf(input.template),
    notes: [...composed.notes, ...errors],
  };

  const id = randomUUID();
  await repo.insertDraft(ctx.db, { id, userId: principal.userId, locationId: location.locationId, kind, title: composed.title, content: rendered.content, text, metadata }, 'draft');
  const row = (await repo.findDraft(ctx.db, { userId: principal.userId, locationId: location.locationId }, id))!;
  const document = presentDraft(row, location.code);

  const highScore: HighScoreResult[] = [
    ...listed.map((c) => ({ id: c.id, kind: 'code_section' as const, number: c.number, title: c.title, score: c.score, source_url: c.source_url })),
    ...measures.map((m, i) => ({ id: m.id, kind: 'legislation' as const, number: m.label, title: m.title, score: Math.round((1 - i / (measures.length + 1)) * 1000) / 1000, source_url: null })),
  ];
  const left = placeholders.length ? ` ${placeholders.length} fact${placeholders.length === 1 ? '' : 's'} to fill in: ${placeholders.join(', ')}.` : '';
  return {
    document_id: id,
    message: `${DRAFT_KIND_LABELS[kind]} drafted from ${sections.length} code section${sections.length === 1 ? '' : 's'} and ${measures.length} past measure${measures.length === 1 ? '' : 's'}; ${rendered.citations.length} citation${rendered.citations.length === 1 ? '' : 's'} verified${rendered.dropped ? `, ${rendered.dropped} dropped` : ''}.${left}${metadata.notes.length ? ` ${metadata.notes.join(' ')}` : ''}`,
    success: true,
    high_score_results: highScore,
    rephrased_texts: [...new Set(statuteWords.length ? [statuteWords.join(' ')] : [])],
    search_phrases: plan.queries,
    original_rephrased_texts: [input.query, ...(input.draft_input ? [input.draft_input] : [])],
    editing_instructions: null,
    is_revision: false,
    document,
    engine: fill.engine,
    engine_label: engineLabel(engine),
    placeholders,
    dropped_citations: rendered.dropped,
  };
}

const runsText = (p: { runs: (string | { text: string })[] }) => p.runs.map((r) => (typeof r === 'string' ? r : r.text)).join('');

function templateOf(template: string | undefined): DraftMetadata['template'] {
  if (!template || template === 'built-in') return { id: 'built-in', name: 'Built-in form' };
  if (template === 'city') return { id: 'city', name: "The city's template" };
  return { id: 'custom', name: 'Template given with the request' };
}

/** The city's past measures most like the request (Smart Search over legislation), as the drafter reads them. */
async function similarMeasures(ctx: AppContext, location: { locationId: string; code: string; name: string; stateCode: string }, topic: string): Promise<Measure[]> {
  const words = topic.replace(/\d[\d,.]*/g, ' ').replace(/\s+/g, ' ').trim();
  if (!words) return [];
  const found = await runSearch(ctx.db, location, { query: words, sources: ['legislation'], sort: 'relevance', page: 1, pageSize: MEASURES });
  const rows = new Map((await repo.measuresByIds(ctx.db, location.locationId, found.hits.map((h) => h.id))).map((r) => [r.id, r]));
  // A measure is similar when its title speaks to the subject, not when its long text merely mentions it (a budget act).
  const wanted = new Set(contentWords(words));
  const needed = Math.min(2, wanted.size);
  return found.hits.flatMap((hit) => {
    const row = rows.get(hit.id);
    if (!row || new Set(contentWords(`${row.title} ${row.longTitle}`).filter((w) => wanted.has(w))).size < needed) return [];
    return [{ id: row.id, label: row.lawNumber ? `${location.code === 'DC' ? 'D.C. ' : ''}Law ${row.lawNumber}` : (row.fileNumber ?? row.sourceId), title: row.title, text: row.text || row.longTitle, effective: row.effective }];
  });
}
