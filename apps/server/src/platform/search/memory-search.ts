import type { SearchSort } from '@civicdesk/contract';
import { add, andNotInto, type Bitset, emptySet, fullSet, orInto } from './bitset';
import { maskOf, WEIGHT_A } from './lexicon';
import { dayNumber, dayText, type Dictionary, type LocationIndex, NO_DAY, SOURCES } from './location-index';
import { docMatches, matchingDocs, rankOf } from './match';
import type { CompiledQuery } from './query-terms';
import type { SearchResult, SearchRow, SearchSource } from './repo';
import { TopK } from './top-k';

/**
 * One search over a location's in-process index (decision 017), with the SQL path's meaning
 * (repo.ts, decisions 010/011/013): the same filters, tiers, rank window, facets and paging.
 * Every match is visited once: filters, facet counts and the tier happen in that one pass, and
 * only the best candidates (the rank window) are ranked, on their stored positions.
 */
export interface MemoryPlan {
  text: CompiledQuery;
  useAny: boolean;
  sources: SearchSource[];
  documentTypes?: string[];
  startDate?: string;
  endDate?: string;
  committee?: string;
  status?: string;
  section?: string;
  sort: SearchSort;
  limit: number;
  offset: number;
  limitPerType?: number;
}

export interface MemoryRow extends SearchRow {
  doc: number;
}

export interface MemoryResult extends Omit<SearchResult, 'rows'> {
  rows: MemoryRow[];
}

const MASK_A = maskOf(WEIGHT_A);
const FACET_LIMIT = 50;
const MAX_YEAR = 10_000;

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
  const inTitle = ranked && q.titleTerms && q.all ? matchingDocs(lexicon, q.all, size, MASK_A) : null;
  const withAll = ranked && plan.useAny && q.all ? matchingDocs(lexicon, q.all, size) : null;

  const sourceAllowed = SOURCES.map((s) => plan.sources.includes(s));
  const typeAllowed = plan.documentTypes?.length ? new Set(plan.documentTypes.map((t) => index.types.find(t))) : null;
  const start = plan.startDate ? dayNumber(plan.startDate) : null;
  const end = plan.endDate ? dayNumber(plan.endDate) : null;
  const committee = plan.committee ? index.committees.find(plan.committee) : null;
  const status = plan.status ? index.statuses.find(plan.status) : null;
  const section = plan.section ? index.sections.find(plan.section) : null;

  const typeCounts = new Int32Array(index.types.values.length);
  const yearCounts = new Int32Array(MAX_YEAR);
  const committeeCounts = new Int32Array(index.committees.values.length);
  const statusCounts = new Int32Array(index.statuses.values.length);
  const sectionCounts = new Int32Array(index.sections.values.length);
  const relevance = plan.sort === 'relevance';
  const listed = plan.limit > 0;
  const keep = relevance
    ? Math.min(Math.max(100, plan.offset + (plan.limitPerType ?? plan.limit)), 1100)
    : plan.offset + (plan.limitPerType ?? plan.limit);
  const tops = new Map<number, TopK>();
  const single = plan.limitPerType ? null : new TopK(listed ? keep : 0, index.ids);
  if (single) tops.set(0, single);
  const order = relevance ? 0 : plan.sort === 'date_desc' ? 1 : 2;
  const { alive, source, docType, day: days, year: years, committee: committees, status: statuses, section: sections, titles } = index;
  const { titlePhrase } = q;
  const hasAll = q.all !== null;
  let total = 0;

  // The hot loop: locals only (no property loads, no closures), one visit per matching record.
  // Read as signed words: values stay small integers for the optimizing compiler (Uint32 ones past 2^30 would not).
  const words = new Int32Array(matched.buffer, matched.byteOffset, matched.length);
  for (let w = 0; w < words.length; w++) {
    let word = words[w];
    while (word !== 0) {
      const low = word & -word;
      word ^= low;
      const doc = (w << 5) + 31 - Math.clz32(low);
      if (!alive[doc] || !sourceAllowed[source[doc]]) continue;
      const type = docType[doc];
      if (typeAllowed && !typeAllowed.has(type)) continue;
      const day = days[doc];
      if (start !== null && (day === NO_DAY || day < start)) continue;
      if (end !== null && (day === NO_DAY || day > end)) continue;
      const c = committees[doc];
      const st = statuses[doc];
      const se = sections[doc];
      if (committee !== null && c !== committee) continue;
      if (status !== null && st !== status) continue;
      if (section !== null && se !== section) continue;
      total++;
      typeCounts[type]++;
      const year = years[doc];
      if (year > 0 && year < MAX_YEAR) yearCounts[year]++;
      if (c >= 0) committeeCounts[c]++;
      if (st >= 0) statusCounts[st]++;
      if (se >= 0) sectionCounts[se]++;
      if (!listed) continue;
      let tier = 0;
      if (ranked) {
        const bit = 1 << (doc & 31);
        const at = doc >>> 5;
        const titled = inTitle !== null && (inTitle[at] & bit) !== 0;
        if ((files[at] & bit) !== 0) tier = 6;
        else if (titlePhrase !== null && (inTitle === null || titled) && titles[doc].toLowerCase().includes(titlePhrase)) tier = 5;
        else if (titled) tier = 4;
        else if (hasAll && (withAll === null || (withAll[at] & bit) !== 0)) tier = 2;
        else tier = 1;
      }
      let top = single;
      if (top === null) {
        top = tops.get(type) ?? null;
        if (top === null) tops.set(type, (top = new TopK(keep, index.ids)));
      }
      const d = day === NO_DAY ? 0 : day + 1_000_000;
      if (order === 0) top.offer(doc, tier * 4_000_000 + d, tier);
      else if (order === 1) top.offer(doc, d * 8 + tier, tier);
      else top.offer(doc, (d === 0 ? 0 : 3_000_000 - d) * 8 + tier, tier);
    }
  }

  const candidates = [...tops.values()].flatMap((t) => t.entries());
  const rows = relevance ? rankWindow(index, q, candidates) : candidates.map((c) => ({ ...c, rank: 0 }));
  rows.sort((a, b) => compareRows(index, plan.sort, a, b));
  const page = pageOf(index, rows, plan);
  return {
    total,
    rows: page.map((r) => rowOf(index, r.doc, r.tier, r.rank)),
    facets: {
      document_type: facet(index.types, typeCounts),
      year: yearFacet(yearCounts),
      committee: facet(index.committees, committeeCounts),
      status: facet(index.statuses, statusCounts),
      section: facet(index.sections, sectionCounts),
    },
  };
}

interface Candidate {
  doc: number;
  tier: number;
  rank: number;
}

/** Tier 3 (the whole query as a phrase anywhere) and ts_rank_cd, for the window only. */
function rankWindow(index: LocationIndex, q: CompiledQuery, window: { doc: number; tier: number }[]): Candidate[] {
  return window.map(({ doc, tier }) => ({
    doc,
    tier: tier === 2 && q.phrase && docMatches(index.lexicon, q.phrase, doc) ? 3 : tier,
    rank: q.any ? rankOf(index.lexicon, q.any, doc, index.length[doc]) : 0,
  }));
}

/** The SQL's ORDER BY: tier, rank, newest for relevance; the day either way (nulls last), then tier; id last. */
function compareRows(index: LocationIndex, sort: SearchSort, a: Candidate, b: Candidate): number {
  if (sort === 'relevance' && (a.tier !== b.tier || a.rank !== b.rank)) return b.tier - a.tier || b.rank - a.rank;
  const da = index.day[a.doc];
  const db = index.day[b.doc];
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
    const type = index.docType[row.doc];
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
    source: SOURCES[index.source[doc]],
    id: index.ids[doc],
    document_type: index.types.values[index.docType[doc]],
    title: index.titles[doc],
    file_number: index.fileNumbers[doc],
    day: dayText(index.day[doc]),
    committee: code(index.committees, index.committee[doc]),
    status: code(index.statuses, index.status[doc]),
    section_name: code(index.sections, index.section[doc]),
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
