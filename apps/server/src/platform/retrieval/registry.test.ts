import { afterAll, beforeAll, expect, it } from 'vitest';
import { seedExampleCity } from '../../test/example-city';
import { createTestApp, type TestApp } from '../../test/harness';
import { EMBEDDING_MODEL, EMBEDDING_TEXT_VERSION, embeddingHash } from './embedding-text';
import { codeIndexOptions, createIndexRegistry } from './registry';
import { saveLocationVectors, sectionsForIndex } from './repo';
import { quantizeRows } from './vectors-file';

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

it('finds the candidates by meaning when the city has vectors of its own, and by words when they are stale', async () => {
  const { locationId } = await seedExampleCity(t.db, { code: 'MV', name: 'Meaning Ville', stateCode: 'MV' });
  const sections = await sectionsForIndex(t.db, locationId);
  const numbers = new Map(sections.map((s) => [s.id, s.number]));
  // One direction per section, and a model that points a question at the section it names in the test.
  const DIMS = 16;
  const axis = (i: number) => Float32Array.from({ length: DIMS }, (_, d) => (d === i % DIMS ? 1 : 0));
  const fees = sections.findIndex((s) => s.number === '§ 1-102');
  let pointAt = fees;
  codeIndexOptions.queryModel = async (texts) => texts.map(() => axis(pointAt));
  codeIndexOptions.waitForSections = 0;
  const save = (hashOf: (s: (typeof sections)[number]) => string, only = sections) =>
    saveLocationVectors(t.db, locationId, quantizeRows(EMBEDDING_MODEL, EMBEDDING_TEXT_VERSION, DIMS, only.map((s) => ({ id: s.id, hash: hashOf(s), vector: axis(sections.indexOf(s)) }))));

  await save(embeddingHash);
  const registry = createIndexRegistry(t.db, { info: () => undefined, warn: () => undefined, error: () => undefined });
  // The build reads the vectors, then waits; the question's words are in no section, only its meaning points at § 1-102.
  await buildHeldAfterVectors(() => registry.get(locationId));
  const question = 'zzqx wvvk';
  const byMeaning = await registry.indexFor(locationId, [question]);
  expect(numbers.get((await byMeaning.search(question))[0]?.id ?? '')).toBe('§ 1-102');

  // Vectors of texts the sections no longer hold (here of every section but § 1-101) are not trusted: the words decide.
  await save(() => 'stale', sections.filter((s) => s.number !== '§ 1-101'));
  registry.invalidate(locationId);
  await buildHeldAfterVectors(() => registry.get(locationId));
  const byWords = await registry.indexFor(locationId, ['records officer extend time']);
  expect(numbers.get((await byWords.search('records officer extend time'))[0]?.id ?? '')).toBe('§ 1-101');
  const stale = await registry.indexFor(locationId, [question]);
  expect(await stale.search(question)).toEqual([]);
});

/** Starts a build and resolves once it has read the vectors and waits at holdBuild (awaiting it calls its `then`), for good. */
async function buildHeldAfterVectors(start: () => Promise<unknown>) {
  let reached!: () => void;
  const atHold = new Promise<void>((resolve) => (reached = resolve));
  codeIndexOptions.holdBuild = { then: () => reached() } as unknown as Promise<void>;
  void start().catch(() => undefined);
  await atHold;
}
