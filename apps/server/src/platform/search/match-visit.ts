import type { SearchSort } from '@civicdesk/contract';
import { type Bitset, has } from './bitset';
import { dayNumber, FACT_SLOTS, type LocationIndex, MAX_YEAR, NO_DAY, SOURCES } from './location-index';
import type { SearchFilters } from './request';
import { COVER_SCALE } from './match';
import { TopK } from './top-k';

/**
 * The per-record part of a search over the in-process index (decision 017): the filters, the facet
 * counts and the tier, in one loop over the matching records that reads typed arrays only.
 */

/** The request's filters as dictionary codes (-2: a value the location does not have, so nothing passes). */
export interface Filters {
  sourceAllowed: boolean[];
  typeAllowed: Set<number> | null;
  start: number | null;
  end: number | null;
  committee: number | null;
  status: number | null;
  section: number | null;
}

export function filtersOf(index: LocationIndex, plan: SearchFilters): Filters {
  return {
    sourceAllowed: SOURCES.map((s) => plan.sources.includes(s)),
    typeAllowed: plan.documentTypes?.length ? new Set(plan.documentTypes.map((t) => index.types.find(t))) : null,
    start: plan.startDate ? dayNumber(plan.startDate) : null,
    end: plan.endDate ? dayNumber(plan.endDate) : null,
    committee: plan.committee ? index.committees.find(plan.committee) : null,
    status: plan.status ? index.statuses.find(plan.status) : null,
    section: plan.section ? index.sections.find(plan.section) : null,
  };
}

export function passes(index: LocationIndex, f: Filters, doc: number): boolean {
  if (!index.isAlive(doc) || !f.sourceAllowed[index.sourceOf(doc)]) return false;
  if (f.typeAllowed && !f.typeAllowed.has(index.typeOf(doc))) return false;
  const day = index.dayOf(doc);
  if (f.start !== null && (day === NO_DAY || day < f.start)) return false;
  if (f.end !== null && (day === NO_DAY || day > f.end)) return false;
  if (f.committee !== null && index.committeeOf(doc) !== f.committee) return false;
  if (f.status !== null && index.statusOf(doc) !== f.status) return false;
  return f.section === null || index.sectionOf(doc) === f.section;
}

/** Which records reach which tier (decision 011): file numbers, all terms in the title (weight A), all terms. */
export interface TierSets {
  ranked: boolean;
  files: Bitset;
  inTitle: Bitset | null;
  /** In "some terms" mode: the records with all of them (tier 2, the rest 1). */
  withAll: Bitset | null;
  hasAll: boolean;
  titlePhrase: string | null;
  /** In "some terms" mode, ranked by relevance: each part's records and weight (match.ts coverWeights). */
  cover: { sets: Bitset[]; weights: number[] } | null;
}

export function tierOf(index: LocationIndex, t: TierSets, doc: number): number {
  if (!t.ranked) return 0;
  if (has(t.files, doc)) return 6;
  const titled = t.inTitle !== null && has(t.inTitle, doc);
  if (t.titlePhrase !== null && (t.inTitle === null || titled) && index.titles[doc].toLowerCase().includes(t.titlePhrase)) return 5;
  if (titled) return 4;
  return t.hasAll && (t.withAll === null || has(t.withAll, doc)) ? 2 : 1;
}

/** The summed weights of the query's parts a record holds (0 outside "some terms" mode): orders records within a tier. */
export function coverOf(t: TierSets, doc: number): number {
  if (t.cover === null) return 0;
  let sum = 0;
  const { sets, weights } = t.cover;
  for (let i = 0; i < sets.length; i++) if (has(sets[i], doc)) sum += weights[i];
  return sum;
}

export interface Counts {
  total: number;
  types: Int32Array;
  years: Int32Array;
  committees: Int32Array;
  statuses: Int32Array;
  sections: Int32Array;
}

/** Best-candidate heaps: one, or one per document type (limit_per_type); ordered as the SQL's window (decision 011). */
export class Candidates {
  readonly tops = new Map<number, TopK>();
  constructor(
    private readonly index: LocationIndex,
    private readonly keep: number,
    private readonly sort: SearchSort,
    private readonly perType: boolean,
  ) {}

  offer(doc: number, tier: number, cover: number) {
    const partition = this.perType ? this.index.typeOf(doc) : 0;
    let top = this.tops.get(partition);
    if (!top) this.tops.set(partition, (top = new TopK(this.keep, this.index.ids)));
    const day = this.index.dayOf(doc);
    const d = day === NO_DAY ? 0 : day + 1_000_000;
    if (this.sort === 'relevance') top.offer(doc, (tier * 2 * COVER_SCALE + cover) * 4_000_000 + d, tier);
    else if (this.sort === 'date_desc') top.offer(doc, d * 8 + tier, tier);
    else top.offer(doc, (d === 0 ? 0 : 3_000_000 - d) * 8 + tier, tier);
  }

  entries(): { doc: number; tier: number }[] {
    return [...this.tops.values()].flatMap((t) => t.entries());
  }
}

/**
 * Visits the matching records of every `stride`-th word of the set (1: all of them): filters,
 * facet counts and, when `candidates` is given, the tier and the best-candidate heaps.
 */
export function visitMatches(index: LocationIndex, matched: Bitset, f: Filters, stride: number, tiers: TierSets, candidates: Candidates | null): Counts & { seen: number } {
  const types = new Int32Array(index.types.values.length);
  const years = new Int32Array(MAX_YEAR);
  const committees = new Int32Array(index.committees.values.length);
  const statuses = new Int32Array(index.statuses.values.length);
  const sections = new Int32Array(index.sections.values.length);
  const { facts } = index;
  const { sourceAllowed, typeAllowed, start, end } = f;
  // Filters compare the stored (code + 1) values.
  const committee = f.committee === null ? null : f.committee + 1;
  const status = f.status === null ? null : f.status + 1;
  const section = f.section === null ? null : f.section + 1;
  let total = 0;
  let seen = 0;
  // Read as signed words: values stay small integers for the optimizing compiler (Uint32 ones past 2^30 would not).
  const words = new Int32Array(matched.buffer, matched.byteOffset, matched.length);
  // The hot loop: locals only, one visit per matching record, one 16-byte slot read per record.
  for (let w = stride > 1 ? stride >> 1 : 0; w < words.length; w += stride) {
    let word = words[w];
    while (word !== 0) {
      const low = word & -word;
      word ^= low;
      const doc = (w << 5) + 31 - Math.clz32(low);
      seen++;
      const at = doc * FACT_SLOTS;
      const meta = facts[at + 1];
      if ((meta & 1) === 0 || !sourceAllowed[(meta >>> 1) & 3]) continue;
      const type = (meta >>> 3) & 0xff;
      if (typeAllowed && !typeAllowed.has(type)) continue;
      const day = facts[at];
      if (start !== null && (day === NO_DAY || day < start)) continue;
      if (end !== null && (day === NO_DAY || day > end)) continue;
      const c = facts[at + 2];
      const statusSection = facts[at + 3];
      const st = statusSection & 0xffff;
      const se = statusSection >>> 16;
      if (committee !== null && c !== committee) continue;
      if (status !== null && st !== status) continue;
      if (section !== null && se !== section) continue;
      total++;
      types[type]++;
      const year = meta >>> 11;
      if (year > 0) years[year]++;
      if (c > 0) committees[c - 1]++;
      if (st > 0) statuses[st - 1]++;
      if (se > 0) sections[se - 1]++;
      if (candidates !== null) candidates.offer(doc, tierOf(index, tiers, doc), coverOf(tiers, doc));
    }
  }
  return { total, types, years, committees, statuses, sections, seen };
}
