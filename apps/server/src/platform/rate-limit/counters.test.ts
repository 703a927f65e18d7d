import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';
import { createCounterStore } from './counters';

/** The counters behind every limit (decision 022), on this run's database. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const allowedOf = (counts: number[], max: number) => counts.filter((c) => c <= max).length;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('budget counting (batched far from the limit, exact near it)', () => {
  it('one process allows exactly the budget, then refuses', async () => {
    const store = createCounterStore(t.db);
    const counts: number[] = [];
    for (let i = 0; i < 150; i++) counts.push((await store.count('test:one', 60_000, 100)).hits);
    expect(allowedOf(counts, 100)).toBe(100);
    expect(counts.slice(100).every((c) => c > 100)).toBe(true);
    await store.close();
  });

  it('one process allows exactly the budget under concurrent requests', async () => {
    const store = createCounterStore(t.db);
    const counts = await Promise.all(Array.from({ length: 150 }, () => store.count('test:burst', 60_000, 100).then((s) => s.hits)));
    expect(allowedOf(counts, 100)).toBe(100);
    await store.close();
  });

  it('two processes taking turns on one database allow exactly the budget between them', async () => {
    const a = createCounterStore(t.db);
    const b = createCounterStore(t.db);
    const counts: number[] = [];
    for (let i = 0; i < 60; i++) counts.push((await (i % 2 ? b : a).count('test:two', 60_000, 40)).hits);
    expect(allowedOf(counts, 40)).toBe(40);
    await Promise.all([a.close(), b.close()]);
  });

  it('hits counted in a process reach the database within the flush interval', async () => {
    const store = createCounterStore(t.db, { flushMs: 50 });
    for (let i = 0; i < 5; i++) await store.count('test:flush', 60_000, 1000);
    await sleep(200);
    expect((await store.peek(['test:flush'])).get('test:flush')?.hits).toBe(5);
    await store.close();
  });

  it('a new window starts the count again', async () => {
    const store = createCounterStore(t.db);
    for (let i = 0; i < 3; i++) await store.count('test:window', 300, 3);
    expect((await store.count('test:window', 300, 3)).hits).toBe(4);
    await sleep(400);
    expect((await store.count('test:window', 300, 3)).hits).toBe(1);
    await store.close();
  });

  it('closing writes what was still held back', async () => {
    const store = createCounterStore(t.db, { flushMs: 60_000 });
    for (let i = 0; i < 7; i++) await store.count('test:close', 60_000, 1000);
    await store.close();
    expect((await store.peek(['test:close'])).get('test:close')?.hits).toBe(7);
  });
});
