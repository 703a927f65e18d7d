import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync, utimesSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoAccounts } from '../cli/seed-demo';
import { type Database, openDatabase } from '../db/client';
import { complianceReports, draftedDocumentVersions, externalDocuments, locations, users } from '../db/schema';
import type { DraftMetadata } from '../modules/drafting/presenter';
import { insertDraft } from '../modules/drafting/repo';
import { createEmptyTestDatabase, demoEmail, TEST_PASSWORD } from '../test/harness';
import { multipartBody } from '../test/multipart';
import { type ServerProcess, signIn, startServer, within } from './server-process';

/**
 * kill -9 at the worst moments (decision 029), on a real server process over PostgreSQL. Four writes
 * are caught mid-way in one process: a large upload still streaming, an upload between its file and
 * its row, a draft save between its new version row and the draft, a compliance check running as
 * a job (freeze-points.mjs holds each at that statement or rename). Then the process is killed with
 * SIGKILL and a new one starts on the same database and DATA_DIR. What a user sees is each write
 * done or not done, never between, and the job finishes.
 */
const paragraph = (text: string) => ({ type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text }] }] });
const RECORDS_MEMO = 'Under § 1-101 the records officer must answer within 20 working days.';

describe.runIf(process.env.TEST_DATABASE_URL)('a server killed with SIGKILL mid-write', () => {
  let database: Database;
  let dropDatabase: () => Promise<void>;
  let databaseUrl: string;
  let dataDir: string;
  let server: ServerProcess;
  let headers: { authorization: string };
  let locationId: string;
  let clerkId: string;
  let draftId: string;
  let reportId: string;
  let jobStateAtDeath: unknown;
  let restartedAt: number;

  const folder = () => path.join(dataDir, 'files', locationId);
  const temporaryUploads = () => (existsSync(folder()) ? readdirSync(folder()).filter((n) => n.startsWith('.upload-')) : []);
  const uploadText = (filename: string, text: string) => {
    const { payload, headers: type } = multipartBody({}, [{ field: 'files', filename, content: text, contentType: 'text/plain' }]);
    return fetch(`${server.url}/api/external_document`, { method: 'POST', headers: { ...headers, ...type }, body: payload });
  };
  const api = async (method: string, url: string, body?: unknown) => {
    const res = await fetch(`${server.url}${url}`, {
      method,
      headers: { ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, body: await res.json() };
  };

  beforeAll(async () => {
    ({ databaseUrl, dropDatabase } = await createEmptyTestDatabase());
    database = await openDatabase({ databaseUrl, dataDir: null });
    await database.migrate();
    await seedDemoAccounts(database.db, TEST_PASSWORD, true);
    [{ id: locationId }] = await database.db.select({ id: locations.id }).from(locations).where(eq(locations.code, 'DC'));
    [{ id: clerkId }] = await database.db.select({ id: users.id }).from(users).where(eq(users.email, demoEmail('CLERK')));
    draftId = randomUUID();
    const metadata: DraftMetadata = {
      request: { query: 'snow removal', draft_input: '' },
      engine: 'offline',
      engine_label: 'Built-in drafter',
      fallback_reason: null,
      citations: [],
      dropped_citations: 0,
      amendments: [],
      template: null,
      notes: [],
    };
    await insertDraft(database.db, { id: draftId, userId: clerkId, locationId, kind: 'ordinance', title: 'Snow removal', content: paragraph('Version one text'), text: 'Version one text', metadata }, 'draft');
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'civicdesk-kill9-'));
    server = await startServer({ databaseUrl, dataDir });
    headers = await signIn(server.url, demoEmail('CLERK'), TEST_PASSWORD);

    server.freezeAt([
      { name: 'upload', rename: '\\.upload-' },
      { name: 'draft', sql: '^update "drafted_documents"', value: 'Version two text' },
      // The job's first progress report ("reading"): it is running, nothing is written yet.
      { name: 'job', sql: '^update "compliance_reports" set "job_state"', value: '"reading"' },
    ]);
    // A large upload, still streaming when the process dies.
    const boundary = 'civicdeskfaulttest';
    const inFlight = httpRequest(`${server.url}/api/external_document`, { method: 'POST', headers: { ...headers, 'content-type': `multipart/form-data; boundary=${boundary}` } });
    inFlight.on('error', () => {});
    inFlight.write(`--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="Large minutes.txt"\r\nContent-Type: text/plain\r\n\r\n`);
    const chunk = Buffer.from('The council met and adjourned. '.repeat(8_000));
    const streaming = setInterval(() => inFlight.write(chunk), 20);
    // The others reach their points; their answers never come.
    void uploadText('Snow budget.txt', 'The snow removal budget is 40,000 dollars.').catch(() => {});
    void api('PUT', '/api/drafted_document', { id: draftId, content: paragraph('Version two text'), base_version: 1 }).catch(() => {});
    void api('POST', '/api/compliance/text', { text: RECORDS_MEMO, title: 'Records memo' }).catch(() => {});
    try {
      await within(30_000, () => server.frozen().length === 3 && temporaryUploads().some((name) => statSync(path.join(folder(), name)).size > 1_000_000)).catch((err: Error) => {
        throw new Error(`${err.message}: reached ${server.frozen().join(', ') || 'no point'}, temporary files ${temporaryUploads().length}\n${server.output()}`);
      });
      expect(await server.kill9()).toBe('SIGKILL');
    } finally {
      clearInterval(streaming);
      inFlight.destroy();
    }
    [{ id: reportId }] = await database.db
      .select({ id: complianceReports.id })
      .from(complianceReports)
      .where(and(eq(complianceReports.userId, clerkId), eq(complianceReports.title, 'Records memo')));
    ({ rows: [jobStateAtDeath] } = await database.executeSql(`SELECT state FROM pgboss.job WHERE name = 'compliance-check' AND data->>'reportId' = $1`, [reportId]));

    server = await startServer({ databaseUrl, dataDir });
    restartedAt = performance.now();
  });
  afterAll(async () => {
    await server?.kill9();
    await database?.close();
    await dropDatabase?.();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('lists every uploaded document with its whole file, never a row without one', async () => {
    const listed = await api('GET', '/api/external_document?limit=100');
    expect(listed.status).toBe(200);
    for (const doc of listed.body.documents as { file_name: string }[]) {
      const file = await fetch(`${server.url}/api/file?filename=${doc.file_name}`, { headers });
      expect(file.status, `${doc.file_name} is listed but not served`).toBe(200);
    }
    const rows = await database.db.select({ storageKey: externalDocuments.storageKey }).from(externalDocuments).where(eq(externalDocuments.locationId, locationId));
    for (const row of rows) expect(existsSync(path.join(dataDir, 'files', row.storageKey)), `${row.storageKey} has a row but no file`).toBe(true);
    // Neither upload finished, so neither is there.
    expect(listed.body.total).toBe(0);
  });

  it('removes the temporary files a dead upload left, once stale, at the next upload into the folder', async () => {
    const left = temporaryUploads();
    expect(left.length).toBeGreaterThan(0);
    const twoHoursAgo = new Date(Date.now() - 2 * 3_600_000);
    for (const name of left) utimesSync(path.join(folder(), name), twoHoursAgo, twoHoursAgo);
    const again = await uploadText('Snow budget.txt', 'The snow removal budget is 40,000 dollars.');
    expect(again.status).toBe(201);
    const [doc] = (await again.json()).documents as { file_name: string }[];
    expect(await (await fetch(`${server.url}/api/file?filename=${doc.file_name}`, { headers })).text()).toBe('The snow removal budget is 40,000 dollars.');
    expect(temporaryUploads()).toEqual([]);
  });

  it('keeps the draft at its old version, its version rows with it, and saves the new one after the restart', async () => {
    expect((await api('GET', `/api/drafted_document/${draftId}`)).body).toMatchObject({ version: 1, text: 'Version one text' });
    const versions = await database.db
      .select({ version: draftedDocumentVersions.version, text: draftedDocumentVersions.text })
      .from(draftedDocumentVersions)
      .where(eq(draftedDocumentVersions.documentId, draftId));
    expect(versions).toEqual([{ version: 1, text: 'Version one text' }]);
    expect((await api('PUT', '/api/drafted_document', { id: draftId, content: paragraph('Version two text'), base_version: 1 })).body).toMatchObject({ version: 2, text: 'Version two text' });
  });

  it('takes up the compliance check whose process died mid-job and completes it, within 30 s of the restart', { timeout: 45_000 }, async () => {
    expect(jobStateAtDeath).toEqual({ state: 'active' });
    // Its process's lock went with it: retried after ORPHAN_GRACE_SECONDS from its start, one sweep and its retry delay.
    await within(30_000 - (performance.now() - restartedAt), async () => (await api('GET', `/api/compliance/${reportId}`)).body.job_state === 'completed');
    expect((await api('GET', `/api/compliance/${reportId}`)).body).toMatchObject({ job_state: 'completed', progress: 100 });
    const { rows } = await database.executeSql(`SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'compliance-check' AND state = 'active'`, []);
    expect(rows).toEqual([{ n: 0 }]);
  });
});
