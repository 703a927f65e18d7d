import { afterAll, beforeAll, expect, it } from 'vitest';
import { seedExampleCity } from '../../test/example-city';
import { createTestApp, type TestApp } from '../../test/harness';
import { codeIndexOptions, createIndexRegistry } from './registry';
import { sectionsForIndex } from './repo';

/**
 * The registry hands a search the interim search's index while the location's index is being built,
 * and the built index from then on (issue 29). The build is held until the test releases it.
 */
let t: TestApp;
const defaults = { ...codeIndexOptions };
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  Object.assign(codeIndexOptions, defaults);
  await t.close();
});

it('searches with the interim index while a large code builds, then with the built index', async () => {
  const { locationId } = await seedExampleCity(t.db);
  const numbers = new Map((await sectionsForIndex(t.db, locationId)).map((s) => [s.id, s.number]));
  let release!: () => void;
  codeIndexOptions.waitForSections = 0;
  codeIndexOptions.holdBuild = new Promise((resolve) => (release = resolve));
  const lines: string[] = [];
  const registry = createIndexRegistry(t.db, { info: (m) => lines.push(m), warn: (m) => lines.push(m), error: (_, m) => lines.push(m) });
  const question = 'What is the fee for copies of public records?';

  const interim = await registry.indexFor(locationId, [question]);
  expect(numbers.get((await interim.search(question))[0].id)).toBe('§ 1-102');
  await registry.indexFor(locationId, [question]);
  expect(registry.health()).toEqual([expect.objectContaining({ component: 'code_index' })]);

  release();
  const built = await registry.get(locationId);
  expect(built).not.toBe(interim);
  expect(await registry.indexFor(locationId, [question])).toBe(built);
  expect(numbers.get((await built.search(question))[0].id)).toBe('§ 1-102');
  expect(registry.health()).toEqual([]);
  // Said once when the first search meets the build, and counted when the index is ready.
  expect(lines.filter((l) => l.includes('is being built'))).toHaveLength(1);
  expect(lines.find((l) => l.includes('sections (0 with vectors)'))).toMatch(/; 2 searches answered by the interim search meanwhile$/);
});
