import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureLocation } from '../cli/seed-demo';
import { type Database, openDatabase } from '../db/client';
import { agendaItems, agendas, codeSectionAmendments, codeSections, legislation, locations } from '../db/schema';
import { importCity } from '../imports/import-city';
import { silentProgress } from '../imports/progress';
import { EXAMPLE_FILES } from '../test/example-city';
import { createEmptyTestDatabase } from '../test/harness';
import { type FreezePoint, runProcess, within } from './server-process';

/**
 * `npm run import` killed with SIGKILL mid-way (decision 029), then run again: it takes up where the
 * first run stopped and the data is whole, the same as one clean import of the same files. The City
 * of Example fixture (test/fixtures/example-city) is the smallest set that has every dataset and
 * amendment links between them.
 */
const CITY = ['--location', 'EX', '--name', 'City of Example', '--state', 'EX'];
const FILES = ['--legislation', EXAMPLE_FILES.legislation, '--meetings', EXAMPLE_FILES.meetings, '--agenda-items', EXAMPLE_FILES.agenda_items, '--code', EXAMPLE_FILES.code];

/** What a location holds, table by table, and which measure amends which section. */
async function contents(database: Database) {
  const db = database.db;
  const [location] = await db.select().from(locations).where(eq(locations.code, 'EX'));
  const n = async (table: typeof legislation | typeof agendas | typeof agendaItems | typeof codeSections) =>
    (await db.select({ n: count() }).from(table).where(eq(table.locationId, location.id)))[0].n;
  const links = await db
    .select({ section: codeSections.number, measure: legislation.sourceId })
    .from(codeSectionAmendments)
    .innerJoin(codeSections, eq(codeSections.id, codeSectionAmendments.sectionId))
    .innerJoin(legislation, eq(legislation.id, codeSectionAmendments.legislationId))
    .where(eq(codeSections.locationId, location.id));
  return {
    legislation: await n(legislation),
    meetings: await n(agendas),
    agendaItems: await n(agendaItems),
    codeSections: await n(codeSections),
    amendmentLinks: links.map((l) => `${l.section} <- ${l.measure}`).sort(),
    codeEnabled: location.municipalCodeEnabled,
  };
}

describe.runIf(process.env.TEST_DATABASE_URL)('an import killed with SIGKILL and run again', () => {
  const dropped: (() => Promise<void>)[] = [];
  const opened: Database[] = [];
  let dataDir: string;
  beforeAll(() => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'civicdesk-import-kill9-'));
  });
  afterAll(async () => {
    for (const database of opened) await database.close();
    for (const drop of dropped) await drop();
    rmSync(dataDir, { recursive: true, force: true });
  });
  const freshDatabase = async () => {
    const { databaseUrl, dropDatabase } = await createEmptyTestDatabase();
    dropped.push(dropDatabase);
    const database = await openDatabase({ databaseUrl, dataDir: null });
    opened.push(database);
    await database.migrate();
    return { databaseUrl, database };
  };
  /** `npm run import`, killed once it reaches `point`. */
  const importKilledAt = async (databaseUrl: string, point: FreezePoint) => {
    const run = runProcess('src/cli/import.ts', [...CITY, ...FILES], { databaseUrl, dataDir, freezeAt: [point] });
    await within(30_000, () => run.frozen().includes(point.name)).catch((err: Error) => {
      throw new Error(`${err.message}: the import never reached ${point.name}\n${run.output()}`);
    });
    expect(await run.kill9()).toBe('SIGKILL');
  };

  it('completes on the next run, whole: the same records and links as a clean import', { timeout: 90_000 }, async () => {
    const { databaseUrl, database } = await freshDatabase();
    // Killed inside the code dataset (legislation, meetings and agenda items are in), then between
    // the last dataset and the amendment links.
    await importKilledAt(databaseUrl, { name: 'code', sql: '^insert into "code_sections"' });
    await importKilledAt(databaseUrl, { name: 'links', sql: '^delete from "code_section_amendments"' });
    const last = runProcess('src/cli/import.ts', [...CITY, ...FILES], { databaseUrl, dataDir });
    expect(await last.exited, last.output()).toBe('code 0');

    const clean = await freshDatabase();
    const { locationId } = await ensureLocation(clean.database.db, { code: 'EX', name: 'City of Example', stateCode: 'EX' }, 'City of Example Government');
    await importCity(clean.database.db, { locationId, files: EXAMPLE_FILES, progress: silentProgress });

    const resumed = await contents(database);
    expect(resumed).toEqual(await contents(clean.database));
    // The fixture, read by hand: a line of each of legislation and meetings is rejected; three measures amend a section each.
    expect(resumed).toEqual({
      legislation: 5,
      meetings: 5,
      agendaItems: 7,
      codeSections: 11,
      amendmentLinks: ['§ 1-101 <- L3-10', '§ 5-202 <- L3-22', '§ 9-101 <- L3-30'],
      codeEnabled: true,
    });
  });
});
