import type { SearchSort } from '@civicdesk/contract';
import { andInto, andNotInto, type Bitset, count, forEach, has } from './bitset';
import type { LocationIndex } from './location-index';
import { Candidates, coverOf, type Filters, passes, type TierSets, tierOf } from './match-visit';

/**
 * The best candidates of a search that matches many records (decision 017), without visiting them
 * all: the location's records are kept in day order (newest first, then by id: the SQL's order
 * within a tier), so walking that order and keeping the first records of a set that pass the
 * filters gives that set's newest. Records added since the order was made are few and are checked
 * one by one. Relevance walks each tier's set in turn, highest first.
 */
/** A set this small is visited record by record: cheaper than walking the whole day order for it. */
export const walkOptions = { visitAllUpTo: 20_000 };

interface Walk {
  need: number;
  perType: boolean;
  ascending: boolean;
}

/**
 * The first `need` records of `set` (per document type with perType) in day order that pass the
 * filters, and every further one on the last day taken (its order within a day is decided later).
 */
function walkDays(index: LocationIndex, set: Bitset, f: Filters, walk: Walk, visit: (doc: number) => void) {
  const order = index.dayOrder;
  const taken = walk.perType ? new Int32Array(index.types.values.length) : null;
  const types = f.typeAllowed ? [...f.typeAllowed].filter((t) => t >= 0).length : index.types.values.length;
  let full = 0;
  let count = 0;
  let lastDay: number | null = null;
  const take = (doc: number): boolean => {
    if (!has(set, doc) || !passes(index, f, doc)) return false;
    if (taken) {
      const type = index.typeOf(doc);
      if (taken[type] >= walk.need) return false;
      if (++taken[type] === walk.need) full++;
    } else if (count >= walk.need) {
      if (index.dayOf(doc) !== lastDay) return true;
    }
    count++;
    lastDay = index.dayOf(doc);
    visit(doc);
    return false;
  };
  const done = () => (taken ? full === types : false);
  if (!walk.ascending) {
    for (let i = 0; i < order.length && !done(); i++) if (take(order[i])) break;
  } else {
    // Oldest first, then the records without a day (last either way).
    let stopped = false;
    for (let i = index.dayOrderNulls - 1; i >= 0 && !done(); i--) if ((stopped = take(order[i]))) break;
    for (let i = index.dayOrderNulls; !stopped && i < order.length && !done(); i++) if (take(order[i])) break;
  }
  for (let doc = order.length; doc < index.size; doc++) {
    if (has(set, doc) && passes(index, f, doc)) visit(doc);
  }
}

/** The rank window (relevance) or the first page's worth (date sorts) of a large match set. */
export function walkCandidates(
  index: LocationIndex,
  matched: Bitset,
  tiers: TierSets,
  f: Filters,
  sort: SearchSort,
  keep: number,
  perType: boolean,
): { doc: number; tier: number }[] {
  const candidates = new Candidates(index, keep, sort, perType);
  const offer = (doc: number) => candidates.offer(doc, tierOf(index, tiers, doc), coverOf(tiers, doc));
  const visit = (set: Bitset, need: number, ascending: boolean) => {
    if (count(set) <= walkOptions.visitAllUpTo) forEach(set, (doc) => passes(index, f, doc) && offer(doc));
    else walkDays(index, set, f, { need, perType, ascending }, offer);
  };
  if (sort !== 'relevance') {
    visit(matched, keep, sort === 'date_asc');
    return candidates.entries();
  }
  // Tiers 6, then 5 and 4 (all terms in the title), then 2 and 1: each level's set without the higher ones.
  const levels: Bitset[] = [];
  if (tiers.ranked) {
    levels.push(tiers.files);
    if (tiers.inTitle) levels.push(tiers.inTitle);
    if (tiers.withAll) levels.push(tiers.withAll);
  }
  levels.push(matched);
  levels.forEach((level, i) => {
    const set = level === matched ? matched.slice() : andInto(level.slice(), matched);
    for (const higher of levels.slice(0, i)) andNotInto(set, higher);
    // Tier 5 outranks 4 whatever the day: with a title phrase, every record of the title set is checked.
    // So is every some-terms match when the query's rarer words order them (tiers.cover), not their day.
    const everyOne = (tiers.titlePhrase !== null && level === tiers.inTitle) || (tiers.cover !== null && level === matched);
    visit(set, everyOne ? Number.MAX_SAFE_INTEGER : keep, false);
  });
  return candidates.entries();
}
