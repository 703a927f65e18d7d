import type { GenerateResponse } from '@civicdesk/contract';
import { statusOfRow } from './status';
import type { Db } from '../../db/client';
import type { AiEngine, QueryPlan } from '../ai';
import { premiseOf } from '../ai/premise';
import { type ConversationTurn, type FollowUp, readFollowUp } from './conversation';
import type { CitableSource } from './citations';
import type { IndexRegistry } from './registry';
import { relevanceBand } from './relevance';
import { numberKeysInSeveralCodes, sectionsByIds } from './repo';

/** A section as a list of what was searched shows it (the assistant's `codes`, the drafter's findings). */
export type CodeListing = GenerateResponse['codes'][number];

export interface CodeSearch {
  /** Every section found, best first. */
  codes: CodeListing[];
  /** The sections an answer may quote: the best few, and only when they speak to the question. */
  sources: Map<string, CitableSource>;
  /** Statute words the questions imply (the offline engine counts them at half weight). */
  relatedWords: string[];
  /** False when the relevance gate found that no section speaks to the questions. */
  answerable: boolean;
  /** Not answerable, but the sections found come close: the answer shows them, saying so first. */
  closest: boolean;
}

/**
 * The one way a feature finds code sections for a question (the assistant, drafting, the legal
 * chatbot): the location's retrieval index, the relevance gate, then the rows of the sections an
 * answer may draw on, as citable sources the citation check knows.
 */
export async function searchCode(
  db: Db,
  registry: IndexRegistry,
  locationId: string,
  queries: string[],
  opts: { listed?: number; answerFrom?: number; context?: string; candidates?: string[] } = {},
): Promise<CodeSearch> {
  const listed = opts.listed ?? 10;
  const answerFrom = opts.answerFrom ?? 5;
  // The location's index, or while it is being built the interim search's: no search waits for a build.
  const index = await registry.indexFor(locationId, queries, { context: opts.context, candidates: opts.candidates });
  const hits = await index.search(queries, { limit: listed, context: opts.context, candidates: opts.candidates });
  const band = relevanceBand(index, queries, hits);
  const answerable = band === 'answers';
  const quoted = answerable ? answerFrom : band === 'closest' ? CLOSEST_SOURCES : 0;
  const relatedWords = queries.flatMap((q) => index.statuteWords(q));
  const rows = new Map((await sectionsByIds(db, locationId, hits.map((h) => h.id))).map((r) => [r.id, r]));
  const sources = new Map<string, CitableSource>();
  const cited = await citableSections(db, locationId, hits.slice(0, quoted).flatMap((h) => rows.get(h.id) ?? []));
  const codes = hits.flatMap((hit, i): CodeListing[] => {
    const row = rows.get(hit.id);
    if (!row) return [];
    if (i < quoted) sources.set(row.id, cited.get(row.id)!);
    return [{ id: row.id, number: row.number, title: row.title, path: row.path, title_name: row.titleName, status: row.status as 'in_force', source_url: row.sourceUrl, score: hit.score, rank: i + 1 }];
  });
  return { codes, sources, relatedWords, answerable, closest: band === 'closest' };
}

/** Sections shown when they only come close to the question. */
const CLOSEST_SOURCES = 3;
/** Sections a question's claim adds to what an answer may draw on. */
const CLAIM_SOURCES = 3;

export interface QuestionSearch extends CodeSearch {
  plan: QueryPlan;
  follow: FollowUp;
  /** A follow-up's conversation words, for the answer (undefined for a question on a new subject). */
  context?: string;
}

/**
 * A question of a conversation, searched (the assistant's threads, the chatbot's conversations): the
 * engine plans the queries (a model rewrites a follow-up to stand alone), a follow-up brings its
 * conversation's subject words and the sections its previous answer cited, and a claim the question
 * takes for granted ("since …") is searched on its own too, so the section that settles it is found.
 */
export async function searchForQuestion(
  db: Db,
  registry: IndexRegistry,
  locationId: string,
  ai: AiEngine,
  question: string,
  history: ConversationTurn[],
  opts: { listed?: number; answerFrom?: number; signal?: AbortSignal } = {},
): Promise<QuestionSearch> {
  const follow = readFollowUp(question, history);
  const planned = await ai.planQueries(question, history, opts.signal);
  const plan: QueryPlan = follow.followUp ? { ...planned, intent: planned.intent === 'question' ? 'follow_up' : planned.intent } : planned;
  const context = follow.followUp ? follow.context : undefined;
  const found = await searchCode(db, registry, locationId, plan.queries, { ...opts, context, candidates: follow.candidates });
  const premise = premiseOf(question);
  if (!premise) return { ...found, plan, follow, context };
  // The claim is searched on its own too: the section that settles it is often not the one that answers the rest.
  const claim = await searchCode(db, registry, locationId, [premise], { ...opts, answerFrom: CLAIM_SOURCES });
  if (!found.answerable) return { ...(claim.answerable || !found.closest ? claim : found), plan, follow, context };
  const sources = new Map(found.sources);
  if (claim.answerable) for (const [id, source] of claim.sources) if (!sources.has(id)) sources.set(id, source);
  return { ...found, sources, plan, follow, context };
}

type SectionRow = { id: string; number: string; numberKey: string; title: string; titleName: string; titleNumber?: string; text: string; status: string; sourceUrl: string | null; path?: string | null };

/**
 * Code section rows as sources an answer may cite. A number that more than one of the city's codes
 * has (San Francisco's Park and Health Codes both have a "Sec. 1.05") is cited with its code's name,
 * "Park Code Sec. 1.05": a citation that could be either code's is a legal error. D.C.'s numbers are
 * its code's only ones and stay as they are.
 */
export async function citableSections(db: Db, locationId: string, rows: SectionRow[]): Promise<Map<string, CitableSource>> {
  const several = await numberKeysInSeveralCodes(db, locationId, rows.map((r) => r.numberKey));
  return new Map(rows.map((row) => [row.id, citableSection(row, several.has(row.numberKey))]));
}

/** The words of a division a city numbers and cites its sections by: the one list that writes "Art. 16, § 4-1" and reads it back (drafting). */
export const DIVISION_WORD = String.raw`art(?:icle)?|title|part|div(?:ision)?|subtitle`;
/** A division's own number a city cites its sections by ("Art. 16", "Title 5", "Part II"): a division word and a number. */
const DIVISION_NUMBER = new RegExp(String.raw`^(?:${DIVISION_WORD})\.?\s+[\w.-]*[\dIVXLC][\w.-]*$`, 'i');

/**
 * A number more than one of the city's codes has, cited so it names one: where the book numbers its
 * divisions, by the division's number as the city cites it, "Art. 16, § 4-1" (Baltimore); else by the
 * code's name, "Park Code Sec. 1.05" (San Francisco).
 */
export function qualifiedNumber(row: { number: string; titleName: string; titleNumber?: string }): string {
  if (row.number.toLowerCase().startsWith(row.titleName.toLowerCase())) return row.number;
  if (row.titleNumber && DIVISION_NUMBER.test(row.titleNumber.trim())) return `${row.titleNumber.trim()}, ${row.number}`;
  return `${row.titleName} ${row.number}`;
}

/** A code section row as a source an answer may cite (its code named when the number is in several). */
export function citableSection(row: Omit<SectionRow, 'numberKey'>, nameTheCode = false): CitableSource {
  return {
    ...(row.path ? { place: row.path } : {}),
    id: row.id,
    kind: 'code_section',
    number: nameTheCode ? qualifiedNumber(row) : row.number,
    title: row.title,
    text: row.text,
    status: statusOfRow(row.status),
    sourceUrl: row.sourceUrl,
  };
}
