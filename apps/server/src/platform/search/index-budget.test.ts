import type { SearchResponse } from '@civicdesk/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createUser, seedExampleCity } from '../../test/example-city';
import { createTestApp, type TestApp } from '../../test/harness';
import { setSearchCache } from './cache';
import { IndexBudget } from './index-budget';
import { forgetSearchIndex, forgetSearchIndexes, indexOptions, searchIndexMemory, searchIndexState } from './index-registry';

/**
 * The in-process indexes' memory budget (decision 017, SEARCH_INDEX_BUDGET_MB): two cities with the
 * same fixtures, a budget with room for one index. The second city's index evicts the first; the
 * first is then searched through SQL with the same answers, and what is held stays within budget.
 */
let t: TestApp;
let ex: { locationId: string };
let ot: { locationId: string };
const EX_CLERK = 'clerk@example.test';
const OT_CLERK = 'clerk@other-town.test';
const defaults = { ...indexOptions };

beforeAll(async () => {
  t = await createTestApp();
  const exCity = await seedExampleCity(t.db);
  const otCity = await seedExampleCity(t.db, { code: 'OT', name: 'Other Town', stateCode: 'OT' });
  ex = exCity;
  ot = otCity;
  await createUser(t.db, { email: EX_CLERK, role: 'CLERK', ...exCity });
  await createUser(t.db, { email: OT_CLERK, role: 'CLERK', ...otCity });
  // Every search below is searched, not answered from decision 016's cache.
  setSearchCache(false);
});
afterAll(async () => {
  setSearchCache(true);
  await t.close();
});
afterEach(() => {
  Object.assign(indexOptions, defaults);
  forgetSearchIndexes(t.db);
});

async function search(email: string, query: string): Promise<SearchResponse> {
  const res = await t.app.inject({ url: `/api/search?${new URLSearchParams({ query })}`, headers: await t.auth(email) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as SearchResponse;
}
const hitsOf = (r: SearchResponse) => r.hits.map((h) => `${h.document_type} ${h.title}`);

/** "dog park" in the City of Example's fixtures (test/fixtures/example-city), best first: the measure, its reading, the resolution that mentions one. */
const DOG_PARK = [
  'ORDINANCE Dog Park Expansion Temporary Act of 2023',
  'ORDINANCE Dog Park Expansion Temporary Act of 2023',
  'RESOLUTION Resolution approving the River Green site plan',
];

/** Builds the City of Example's index alone, then sets a budget with room for it and not for a second one. */
async function budgetForOneCity() {
  const first = await search(EX_CLERK, 'dog park');
  expect(searchIndexState(t.db, ex.locationId)).toBe('ready');
  const oneCity = searchIndexMemory().usedBytes;
  expect(oneCity).toBeGreaterThan(0);
  indexOptions.budgetBytes = Math.round(oneCity * 1.5);
  return first;
}

describe('memory budget of the search indexes', () => {
  it("the second city's index evicts the first, which then answers the same through SQL, within budget", async () => {
    const fromIndex = await budgetForOneCity();
    expect(hitsOf(fromIndex)).toEqual(DOG_PARK);

    expect(hitsOf(await search(OT_CLERK, 'dog park'))).toEqual(DOG_PARK);
    expect(searchIndexState(t.db, ot.locationId)).toBe('ready');
    expect(searchIndexState(t.db, ex.locationId)).toBe('evicted');
    const memory = searchIndexMemory();
    expect(memory.usedBytes).toBeGreaterThan(0);
    expect(memory.usedBytes).toBeLessThanOrEqual(memory.budgetBytes);

    const fromSql = await search(EX_CLERK, 'dog park');
    // Still evicted after the search: it was not rebuilt (Other Town's index was just searched), so SQL answered.
    expect(searchIndexState(t.db, ex.locationId)).toBe('evicted');
    expect(hitsOf(fromSql)).toEqual(DOG_PARK);
    expect(fromSql.hits.map((h) => h.id)).toEqual(fromIndex.hits.map((h) => h.id));
    expect(fromSql.total).toBe(fromIndex.total);
    expect(fromSql.facets).toEqual(fromIndex.facets);
    expect(searchIndexMemory().usedBytes).toBeLessThanOrEqual(indexOptions.budgetBytes);
  });

  it('an evicted city is rebuilt in the background when the index holding its room is idle, evicting that one', async () => {
    await budgetForOneCity();
    await search(OT_CLERK, 'dog park');
    expect(searchIndexState(t.db, ex.locationId)).toBe('evicted');
    indexOptions.idleEvictableAfterMs = 0;
    expect(hitsOf(await search(EX_CLERK, 'dog park'))).toEqual(DOG_PARK);
    await vi.waitFor(() => expect(searchIndexState(t.db, ex.locationId)).toBe('ready'), { timeout: 5_000, interval: 20 });
    expect(searchIndexState(t.db, ot.locationId)).toBe('evicted');
    expect(searchIndexMemory().usedBytes).toBeLessThanOrEqual(indexOptions.budgetBytes);
  });

  it('a city too large for the whole budget is not kept, is searched through SQL and is not rebuilt on every search', async () => {
    indexOptions.budgetBytes = 1_000;
    // Built whole and refused; then one record a page, so the build stops once it holds more than the budget (checked every 10 pages).
    for (const batchSize of [defaults.batchSize, 1]) {
      forgetSearchIndexes(t.db);
      indexOptions.batchSize = batchSize;
      expect(hitsOf(await search(EX_CLERK, 'dog park'))).toEqual(DOG_PARK);
      expect(searchIndexState(t.db, ex.locationId)).toBe('evicted');
      expect(searchIndexMemory().usedBytes).toBe(0);
      expect(hitsOf(await search(EX_CLERK, 'dog park'))).toEqual(DOG_PARK);
      expect(searchIndexState(t.db, ex.locationId)).toBe('evicted');
    }
  });

  it('a write to an evicted city re-reads nothing into memory and is found through SQL; forgetting releases the memory', async () => {
    await budgetForOneCity();
    await search(OT_CLERK, 'dog park');
    expect(searchIndexState(t.db, ex.locationId)).toBe('evicted');
    const held = searchIndexMemory().usedBytes;

    // The write's refresh (and the notice other processes get) finds no index of the city here: a no-op.
    const created = await t.app.inject({ method: 'POST', url: '/api/agenda_item', headers: await t.auth(EX_CLERK), payload: { title: 'Dog park lighting study' } });
    expect(created.statusCode, created.body).toBe(201);
    expect(searchIndexState(t.db, ex.locationId)).toBe('evicted');
    expect(searchIndexMemory().usedBytes).toBe(held);
    expect(hitsOf(await search(EX_CLERK, 'dog park'))).toContain('AGENDA_ITEM Dog park lighting study');
    expect(hitsOf(await search(OT_CLERK, 'dog park'))).toEqual(DOG_PARK);

    forgetSearchIndex(t.db, ex.locationId);
    forgetSearchIndex(t.db, ot.locationId);
    expect(searchIndexState(t.db, ex.locationId)).toBe('none');
    expect(searchIndexMemory().usedBytes).toBe(0);
  });
});

describe('IndexBudget', () => {
  it('evicts the least recently searched first, and lets an evicted one back only into free or idle room', () => {
    const evicted: string[] = [];
    const budget = new IndexBudget<string>(() => 30, (key) => evicted.push(key));
    for (const key of ['a', 'b', 'c']) expect(budget.admit(key, 10)).toBe(true);
    budget.touch('a');
    expect(budget.admit('d', 10)).toBe(true);
    expect(evicted).toEqual(['b']);
    expect(budget.admit('e', 20)).toBe(true);
    expect(evicted).toEqual(['b', 'c', 'a']);
    expect(budget.used).toBe(30);
    expect(budget.admit('f', 31)).toBe(false);
    expect(budget.used).toBe(30);
    expect(budget.fits(10, 60_000)).toBe(false);
    expect(budget.fits(10, 0)).toBe(true);
  });
});
