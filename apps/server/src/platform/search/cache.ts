import type { SearchResponse } from '@civicdesk/contract';

/**
 * Recent search answers per location, so the home page and repeated searches answer at once
 * (decision 016). Any write to a location's searchable records (agenda items, uploads, deletes)
 * starts a new generation for it, so a cached answer never outlives a change made through the API;
 * changes made outside the server (an import) show after at most TTL_MS.
 */
const TTL_MS = 5 * 60_000;
const MAX_ENTRIES = 500;

const entries = new Map<string, { at: number; generation: number; response: SearchResponse }>();
const generations = new Map<string, number>();
let enabled = true;

export function cachedSearch(locationId: string, key: string): SearchResponse | undefined {
  if (!enabled) return undefined;
  const hit = entries.get(`${locationId}|${key}`);
  if (!hit || hit.generation !== (generations.get(locationId) ?? 0) || Date.now() - hit.at > TTL_MS) return undefined;
  // Refresh its place: the Map's order is the eviction order.
  entries.delete(`${locationId}|${key}`);
  entries.set(`${locationId}|${key}`, hit);
  return hit.response;
}

export function rememberSearch(locationId: string, key: string, response: SearchResponse) {
  if (!enabled) return;
  entries.set(`${locationId}|${key}`, { at: Date.now(), generation: generations.get(locationId) ?? 0, response });
  while (entries.size > MAX_ENTRIES) entries.delete(entries.keys().next().value!);
}

/** A write changed what this location's searches answer. */
export function locationChanged(locationId: string) {
  generations.set(locationId, (generations.get(locationId) ?? 0) + 1);
}

/** For the benchmark: measure the engine itself, or the product with its cache. */
export function setSearchCache(on: boolean) {
  enabled = on;
  entries.clear();
}

export function forgetSearches() {
  entries.clear();
}
