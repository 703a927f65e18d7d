import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { GenerateResponse, SearchResponse } from '@civicdesk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../db/client';
import { silentProgress } from '../imports/progress';
import { createUser, EXAMPLE_FILES, seedExampleCity } from '../test/example-city';
import { createTestApp, type TestApp } from '../test/harness';
import { importAndAnnounce } from './imports-announce';

/**
 * `npm run import` into a running deployment (issue 13): the import, made by another process, tells
 * the running servers, which rebuild the Knowledge Assistant's code index and the search index of
 * that location from the new data instead of answering from the old until a restart.
 */
let t: TestApp;
let ex: Awaited<ReturnType<typeof seedExampleCity>>;
let cli: Database;
const CLERK = 'clerk@example.test';
beforeAll(async () => {
  t = await createTestApp();
  ex = await seedExampleCity(t.db);
  await createUser(t.db, { email: CLERK, role: 'CLERK', ...ex });
  // The command line's own connection (on PGlite, one process by nature, the same instance).
  cli = t.databaseUrl ? await openDatabase({ databaseUrl: t.databaseUrl, dataDir: null }) : t.database;
});
afterAll(async () => {
  if (cli !== t.database) await cli.close();
  await t.close();
});

const ask = async (question: string) =>
  (await t.app.inject({ method: 'POST', url: '/api/municipal_code/generate', headers: await t.auth(CLERK), payload: { main_user_question: question } })).json() as GenerateResponse;
const search = async (query: string) => ((await t.app.inject({ url: `/api/search?query=${query}`, headers: await t.auth(CLERK) })).json() as SearchResponse).total;

async function eventually(check: () => Promise<boolean>, ms = 2_000) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (await check()) return true;
    await new Promise((r) => setTimeout(r, 50));
  }
  return false;
}

describe('an import from the command line while the server runs', () => {
  it('reaches the assistant and search without a restart', async () => {
    const question = 'How long is a kayak launch permit valid?';
    const cites = (answer: GenerateResponse) => answer.codes.some((c) => c.number === '§ 9-901');
    // Both indexes are built from the old data first.
    expect(cites(await ask(question))).toBe(false);
    expect(await search('kayak')).toBe(0);

    const dir = mkdtempSync(path.join(os.tmpdir(), 'civicdesk-import-'));
    const code = path.join(dir, 'code.jsonl');
    const kayak = { id: 'ex-9-901', number: '§ 9-901', title: 'Kayak launch permits', title_number: '9', title_name: 'Parks', chapter: '9', chapter_title: 'Waterfront', path: 'Chapter 9. Waterfront', status: 'in_force', text: 'A kayak launch permit is valid for 30 days after it is issued.' };
    writeFileSync(code, `${readFileSync(EXAMPLE_FILES.code, 'utf8').trimEnd()}\n${JSON.stringify(kayak)}\n`);
    const laws = path.join(dir, 'legislation.jsonl');
    const law = JSON.parse(readFileSync(EXAMPLE_FILES.legislation, 'utf8').split('\n')[0]);
    writeFileSync(laws, `${readFileSync(EXAMPLE_FILES.legislation, 'utf8').trimEnd()}\n${JSON.stringify({ ...law, id: 'ex-kayak-act', title: 'Kayak Launch Safety Act of 2026', bill_number: '3-777' })}\n`);
    const reports = await importAndAnnounce(cli, { locationId: ex.locationId, files: { code, legislation: laws }, progress: silentProgress });
    expect(reports.map((r) => r.outcome)).not.toContain('unchanged');

    expect(await eventually(async () => cites(await ask(question)))).toBe(true);
    expect(await eventually(async () => (await search('kayak')) > 0)).toBe(true);
  });
});
