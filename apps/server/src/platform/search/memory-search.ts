import type { SearchSort } from '@civicdesk/contract';
import { add, andNotInto, type Bitset, count, emptySet, forEach, fullSet, orInto } from './bitset';
import { walkCandidates } from './day-walk';
import { maskOf, WEIGHT_A } from './lexicon';
import { dayText, type Dictionary, type LocationIndex, NO_DAY, SOURCES } from './location-index';
import { coverWeights, docMatches, matchingDocs, MEASURE_BONUS, rankOf } from './match';
import { Candidates, type Counts, coverOf, filtersOf, type TierSets, visitMatches } from './match-visit';
import type { CompiledQuery } from './query-terms';
import type { SearchResult, SearchRow } from './repo';
import type { PlannedSearch } from './request';
import type { TsQuery } from './tsquery';

/**
 * One search over a location's in-process index (decision 017), with the SQL path's meaning
 * (repo.ts, decisions 010/011/013): the same filters, tiers, rank window, facets and paging.
 * Sets of matching records are bitsets; each match is visited once for filters, facet counts and
 * its tier (match-visit.ts); only the best candidates (the rank window) are ranked, on their
 * stored positions.
 */
export type MemoryPlan = PlannedSearch<CompiledQuery>;

export interface MemoryRow extends SearchRow {
  doc: number;
}

export interface MemoryResult extends Omit<SearchResult, 'rows'> {
  rows: MemoryRow[];
}

const MASK_A = maskOf(WEIGHT_A);
const LEGISLATION = SOURCES.indexOf('legislation');
const FACET_LIMIT = 50;
/**
 * Up to `exactUpTo` matching records, every one is visited: exact totals and facets. Past it (only
 * cities many times the demo's size reach it), total and facet counts are estimated from an evenly
 * spread sample of about `sample` matches, and the best candidates come from walking the day
 * order (day-walk.ts): Meilisearch's estimated totals, with the same ranking as an exact pass.
 */
export const countingOptions = { exactUpTo: 50_000, sample: 20_000 };

export function searchLocation(index: LocationIndex, plan: MemoryPlan): MemoryResult {
  const size = index.size;
  const q = plan.text;
  const { lexicon } = index;
  const matchQuery = plan.useAny ? q.any : q.all;
  const files = emptySet(size);
  for (const key of q.fileNumbers) for (const doc of index.docsOfFile(key)) add(files, doc);
  let matched: Bitset;
  if (matchQuery || q.fileNumbers.length) {
    matched = matchQuery ? matchingDocs(lexicon, matchQuery, size) : emptySet(size);
    orInto(matched, files);
  } else matched = fullSet(size);
  if (q.excluded) andNotInto(matched, matchingDocs(lexicon, q.excluded, size));
  const ranked = !!(q.all || q.fileNumbers.length);
  const tiers: TierSets = {
    ranked,
    files,
    inTitle: ranked && q.titleTerms && q.all ? matchingDocs(lexicon, q.all, size, MASK_A) : null,
    withAll: ranked && plan.useAny && q.all ? matchingDocs(lexicon, q.all, size) : null,
    hasAll: q.all !== null,
    titlePhrase: ranked ? q.titlePhrase : null,
    cover: null,
  };
  const filters = filtersOf(index, plan);
  const relevance = plan.sort === 'relevance';
  // "Some terms" mode: a record holding the query's rarer words comes first within its tier.
  if (ranked && relevance && plan.useAny && q.parts.length > 1) tiers.cover = coverSets(index, q.parts);
  const keep = !plan.limit
    ? 0
    : relevance
      ? Math.min(Math.max(100, plan.offset + (plan.limitPerType ?? plan.limit)), 1100)
      : plan.offset + (plan.limitPerType ?? plan.limit);

  const matches = count(matched);
  // A title phrase without title terms (one quoted phrase) can make any match tier 5: only an exact pass finds them all.
  const exact = matches <= countingOptions.exactUpTo || (tiers.titlePhrase !== null && tiers.inTitle === null);
  let counts: Counts;
  let candidates: { doc: number; tier: number }[];
  if (exact) {
    const heaps = new Candidates(index, keep, plan.sort, !!plan.limitPerType);
    counts = visitMatches(index, matched, filters, 1, tiers, keep ? heaps : null);
    candidates = heaps.entries();
  } else {
    // Every stride-th word of the set (32 records each), from half a stride in; a stride past the
    // set's end (a sparse set) is shortened so the sample sees some of it.
    const stride = Math.max(1, Math.min(Math.ceil(matches / countingOptions.sample), matched.length >> 1));
    const sample = visitMatches(index, matched, filters, stride, tiers, null);
    counts = sample.seen ? scaled(sample, matches / sample.seen) : visitMatches(index, matched, filters, 1, tiers, null);
    candidates = keep ? walkCandidates(index, matched, tiers, filters, plan.sort, keep, !!plan.limitPerType) : [];
  }
  const rows = relevance ? rankWindow(index, q, tiers, candidates) : candidates.map((c) => ({ ...c, cover: 0, rank: 0 }));
  rows.sort((a, b) => compareRows(index, plan.sort, a, b));
  const page = pageOf(index, rows, plan);
  return {
    total: counts.total,
    rows: page.map((r) => rowOf(index, r.doc, r.tier, r.rank)),
    facets: {
      document_type: facet(index.types, counts.types),
      year: yearFacet(counts.years),
      committee: facet(index.committees, counts.committees),
      status: facet(index.statuses, counts.statuses),
      section: facet(index.sections, counts.sections),
    },
  };
}

/** A sample's counts scaled to the whole match set (rounded; a value seen once is at least 1). */
function scaled(sample: Counts, factor: number): Counts {
  const scale = (counts: Int32Array) => counts.map((n) => (n ? Math.max(1, Math.round(n * factor)) : 0));
  return {
    total: Math.round(sample.total * factor),
    types: scale(sample.types),
    years: scale(sample.years),
    committees: scale(sample.committees),
    statuses: scale(sample.statuses),
    sections: scale(sample.sections),
  };
}

/** Each part's records and weight, counting live records only, as the SQL counts rows. */
function coverSets(index: LocationIndex, parts: TsQuery[]): NonNullable<TierSets['cover']> {
  const sets = parts.map((part) => matchingDocs(index.lexicon, part, index.size));
  const holding = sets.map((set) => {
    let n = 0;
    forEach(set, (doc) => index.isAlive(doc) && n++);
    return n;
  });
  return { sets, weights: coverWeights(index.size - index.dead, holding) };
}

interface Candidate {
  doc: number;
  tier: number;
  cover: number;
  rank: number;
}

/** Tier 3 (the whole query as a phrase anywhere) and ts_rank_cd, for the window only. */
function rankWindow(index: LocationIndex, q: CompiledQuery, tiers: TierSets, window: { doc: number; tier: number }[]): Candidate[] {
  return window.map(({ doc, tier }) => ({
    doc,
    tier: tier === 2 && q.phrase && docMatches(index.lexicon, q.phrase, doc) ? 3 : tier,
    cover: coverOf(tiers, doc),
    rank: q.any ? rankOf(index.lexicon, q.any, doc, index.length[doc]) + (index.sourceOf(doc) === LEGISLATION ? MEASURE_BONUS : 0) : 0,
  }));
}

/** The SQL's ORDER BY: tier, cover, rank, newest for relevance; the day either way (nulls last), then tier; id last. */
function compareRows(index: LocationIndex, sort: SearchSort, a: Candidate, b: Candidate): number {
  if (sort === 'relevance' && (a.tier !== b.tier || a.cover !== b.cover || a.rank !== b.rank)) return b.tier - a.tier || b.cover - a.cover || b.rank - a.rank;
  const da = index.dayOf(a.doc);
  const db = index.dayOf(b.doc);
  if (da !== db) {
    if (da === NO_DAY) return 1;
    if (db === NO_DAY) return -1;
    return sort === 'date_asc' ? da - db : db - da;
  }
  if (sort !== 'relevance' && a.tier !== b.tier) return b.tier - a.tier;
  const ia = index.ids[a.doc];
  const ib = index.ids[b.doc];
  return ia < ib ? -1 : ia > ib ? 1 : 0;
}

/** `page` of the ordered rows: an offset, or with limit_per_type each type's own ranks n·k+1…(n+1)·k. */
function pageOf(index: LocationIndex, rows: Candidate[], plan: MemoryPlan): Candidate[] {
  if (!plan.limit) return [];
  if (!plan.limitPerType) return rows.slice(plan.offset, plan.offset + plan.limit);
  const seen = new Map<number, number>();
  const out: Candidate[] = [];
  for (const row of rows) {
    const type = index.typeOf(row.doc);
    const rank = (seen.get(type) ?? 0) + 1;
    seen.set(type, rank);
    if (rank > plan.offset && rank <= plan.offset + plan.limitPerType) out.push(row);
    if (out.length === plan.limit) break;
  }
  return out;
}

function rowOf(index: LocationIndex, doc: number, tier: number, rank: number): MemoryRow {
  const code = (dictionary: Dictionary, value: number) => (value >= 0 ? dictionary.values[value] : null);
  return {
    doc,
    source: SOURCES[index.sourceOf(doc)],
    id: index.ids[doc],
    document_type: index.types.values[index.typeOf(doc)],
    title: index.titles[doc],
    file_number: index.fileNumbers[doc],
    day: dayText(index.dayOf(doc)),
    committee: code(index.committees, index.committeeOf(doc)),
    status: code(index.statuses, index.statusOf(doc)),
    section_name: code(index.sections, index.sectionOf(doc)),
    agenda_id: index.agendaIds[doc],
    legislation_id: index.legislationIds[doc],
    tier,
    rank,
  };
}

/** Values by count (then alphabetically), at most 50. */
function facet(dictionary: Dictionary, counts: Int32Array) {
  const out: { value: string; count: number }[] = [];
  for (let code = 0; code < counts.length; code++) if (counts[code]) out.push({ value: dictionary.values[code], count: counts[code] });
  out.sort((a, b) => b.count - a.count || (a.value < b.value ? -1 : a.value > b.value ? 1 : 0));
  return out.slice(0, FACET_LIMIT);
}

/** Years newest first, at most 50. */
function yearFacet(counts: Int32Array) {
  const out: { value: string; count: number }[] = [];
  for (let year = counts.length - 1; year > 0 && out.length < FACET_LIMIT; year--) if (counts[year]) out.push({ value: String(year), count: counts[year] });
  return out;
}
