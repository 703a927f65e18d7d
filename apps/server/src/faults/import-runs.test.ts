import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoAccounts } from '../cli/seed-demo';
import { type Database, openDatabase } from '../db/client';
import { codeSections, locationImports, locations } from '../db/schema';
import { createEmptyTestDatabase, demoEmail, TEST_PASSWORD } from '../test/harness';
import { multipartBody } from '../test/multipart';
import { type ServerProcess, signIn, startServer, within } from './server-process';

/**
 * A city import whose input stops the server (issue 29): a review's 7 MB code book held the import
 * queue for 20 minutes, and every restart ran the same job again. Here the import is caught while it
 * stores its sections and the process is killed with SIGKILL, twice; the third process does not
 * begin it again: it fails with the reason, and the city's code is as it was.
 */
const BOOK = ['TOWN CODE', '', 'ARTICLE 1: GENERAL', '', 'SEC. 1.01.  TITLE.', 'This code is the Town Code.', '', 'SEC. 1.02.  SNOW.', 'Sidewalks shall be cleared within 24 hours.', ''].join('\r\n');

describe.runIf(process.env.TEST_DATABASE_URL)('a city import cut off twice by the death of its process', () => {
  let database: Database;
  let dropDatabase: () => Promise<void>;
  let dataDir: string;
  let databaseUrl: string;
  let server: ServerProcess;

  beforeAll(async () => {
    ({ databaseUrl, dropDatabase } = await createEmptyTestDatabase());
    database = await openDatabase({ databaseUrl, dataDir: null });
    await database.migrate();
    await seedDemoAccounts(database.db, TEST_PASSWORD, true);
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'civicdesk-import-runs-'));
  });
  afterAll(async () => {
    await server?.kill9();
    await database?.close();
    await dropDatabase?.();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('is not begun a third time: it fails with the reason, and the code is untouched', { timeout: 150_000 }, async () => {
    const storing = [{ name: 'store', sql: '^insert into "code_sections"' }];
    server = await startServer({ databaseUrl, dataDir });
    server.freezeAt(storing);
    const headers = await signIn(server.url, demoEmail('ADMIN'), TEST_PASSWORD);
    const form = multipartBody({ source: 'code' }, [{ field: 'files', filename: 'Town.txt', content: BOOK }]);
    const res = await fetch(`${server.url}/api/location/DC/imports`, { method: 'POST', headers: { ...headers, ...form.headers }, body: form.payload });
    expect(res.status, await res.clone().text()).toBe(202);
    const { id } = (await res.json()) as { id: string };
    const runs = async () => (await database.db.select({ runs: locationImports.runs }).from(locationImports).where(eq(locationImports.id, id)))[0].runs;

    // Killed while storing; the next process takes it up (its lock went with the dead one) and is killed at the same place.
    await within(30_000, () => server.frozen().includes('store'));
    await server.kill9();
    server = await startServer({ databaseUrl, dataDir });
    server.freezeAt(storing);
    await within(60_000, () => server.frozen().includes('store'));
    expect(await runs()).toBe(2);
    await server.kill9();

    server = await startServer({ databaseUrl, dataDir });
    await within(60_000, async () => ['failed', 'completed'].includes((await database.db.select({ s: locationImports.jobState }).from(locationImports).where(eq(locationImports.id, id)))[0].s));
    const [row] = await database.db.select().from(locationImports).where(eq(locationImports.id, id));
    expect(row.jobState).toBe('failed');
    expect(row.error).toBe('The import was stopped twice while it ran (the server restarted) and was not started again. Check the files, then import them again.');
    expect(row.runs).toBe(2);
    const [dc] = await database.db.select({ id: locations.id }).from(locations).where(eq(locations.code, 'DC'));
    expect((await database.db.select({ n: count() }).from(codeSections).where(eq(codeSections.locationId, dc.id)))[0].n).toBe(0);
  });
});
