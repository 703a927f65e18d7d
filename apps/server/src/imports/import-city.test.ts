import { readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agendaItems, agendas, codeSectionAmendments, codeSections, legislation, locations } from '../db/schema';
import { createTestApp, type TestApp } from '../test/harness';
import { EXAMPLE_FILES, seedExampleCity } from '../test/example-city';
import { ensureLocation } from '../cli/seed-demo';
import { importCity } from './import-city';
import { silentProgress } from './progress';
import { amendedSectionKeys } from './amendments';

let t: TestApp;
let locationId: string;
let firstReports: Awaited<ReturnType<typeof seedExampleCity>>['reports'];
beforeAll(async () => {
  t = await createTestApp();
  ({ locationId, reports: firstReports } = await seedExampleCity(t.db));
});
afterAll(() => t.close());

describe('importing a city', () => {
  it('imports every dataset and reports the lines that do not fit', () => {
    const by = Object.fromEntries(firstReports.map((r) => [r.dataset, r]));
    expect(by.legislation).toMatchObject({ outcome: 'imported', rows: 5, rejected: 1, rejectedLines: [6] });
    expect(by.meetings).toMatchObject({ outcome: 'imported', rows: 5, rejected: 1 });
    expect(by.agenda_items).toMatchObject({ outcome: 'imported', rows: 7, rejected: 0 });
    expect(by.code).toMatchObject({ outcome: 'imported', rows: 11, rejected: 0 });
  });

  it('stores records with their derived fields', async () => {
    const [law] = await t.db.select().from(legislation).where(and(eq(legislation.locationId, locationId), eq(legislation.sourceId, 'L3-10')));
    expect(law).toMatchObject({ fileNumber: 'B3-114', status: 'Effective', effective: '2021-06-30', documentType: 'ORDINANCE' });
    const [act] = await t.db.select().from(legislation).where(eq(legislation.sourceId, 'A3-90'));
    // "2023/06/10" in the source is read as a date, not rejected.
    expect(act).toMatchObject({ enacted: '2023-06-10', status: 'Enacted' });
    const [untitled] = await t.db.select().from(legislation).where(eq(legislation.sourceId, 'L3-31'));
    expect(untitled.title).toBe('D.C. Law 3-31');
    const [section] = await t.db.select().from(codeSections).where(eq(codeSections.sourceId, 'ex-1-101'));
    expect(section).toMatchObject({ number: '§ 1-101', numberKey: '1-101', status: 'in_force', position: 1 });
    // A section whose whole text is a placeholder ("Expired.") is not law in force, whatever the file says.
    const [expired] = await t.db.select().from(codeSections).where(eq(codeSections.sourceId, 'ex-1-105'));
    expect(expired.status).toBe('repealed');
    const [location] = await t.db.select().from(locations).where(eq(locations.id, locationId));
    expect(location.municipalCodeEnabled).toBe(true);
  });

  it('links agenda items to their meeting and measure, with the meeting sections in order', async () => {
    const [meeting] = await t.db.select().from(agendas).where(eq(agendas.sourceId, 'ex-lm-2023-06-06'));
    expect(meeting.sections).toEqual(['FINAL READING', 'FIRST READING']);
    const items = await t.db.select().from(agendaItems).where(eq(agendaItems.agendaId, meeting.id)).orderBy(agendaItems.position);
    expect(items.map((i) => i.fileNumber)).toEqual(['B3-250', 'B3-260']);
    const [law] = await t.db.select().from(legislation).where(eq(legislation.sourceId, 'L3-30'));
    expect(items[1].legislationId).toBe(law.id);
  });

  it('records which measures amend which sections, ignoring mere citations', async () => {
    const links = await t.db
      .select({ section: codeSections.numberKey, law: legislation.sourceId })
      .from(codeSectionAmendments)
      .innerJoin(codeSections, eq(codeSections.id, codeSectionAmendments.sectionId))
      .innerJoin(legislation, eq(legislation.id, codeSectionAmendments.legislationId))
      .where(eq(codeSections.locationId, locationId));
    expect(links.map((l) => `${l.section}<${l.law}`).sort()).toEqual(['1-101<L3-10', '5-202<L3-22', '9-101<L3-30']);
  });

  it('skips files imported before, and updates records in place when a file changes', async () => {
    const again = await importCity(t.db, { locationId, files: EXAMPLE_FILES, progress: silentProgress });
    expect(again.every((r) => r.outcome === 'unchanged')).toBe(true);

    const [before] = await t.db.select().from(codeSections).where(eq(codeSections.sourceId, 'ex-8-301'));
    const changed = path.join(os.tmpdir(), `code-${Date.now()}.jsonl`);
    writeFileSync(changed, readFileSync(EXAMPLE_FILES.code, 'utf8').replace('not longer than 6 feet', 'not longer than 8 feet'));
    const [report] = await importCity(t.db, { locationId, files: { code: changed }, progress: silentProgress });
    expect(report).toMatchObject({ outcome: 'imported', rows: 11 });
    const [after] = await t.db.select().from(codeSections).where(eq(codeSections.sourceId, 'ex-8-301'));
    expect(after.id).toBe(before.id);
    expect(after.text).toContain('8 feet');
    expect((await t.db.select().from(codeSections).where(eq(codeSections.locationId, locationId))).length).toBe(11);
  });

  it('keeps each location\'s records apart', async () => {
    const other = await ensureLocation(t.db, { code: 'OT', name: 'Other Town', stateCode: 'OT' }, 'Other Town Government');
    await importCity(t.db, { locationId: other.locationId, files: { code: EXAMPLE_FILES.code }, progress: silentProgress });
    const mine = await t.db.select().from(codeSections).where(eq(codeSections.locationId, locationId));
    const theirs = await t.db.select().from(codeSections).where(eq(codeSections.locationId, other.locationId));
    expect(theirs).toHaveLength(11);
    const mineIds = new Set(mine.map((s) => s.id));
    expect(theirs.filter((s) => mineIds.has(s.id))).toEqual([]);
  });
});

describe('amended sections', () => {
  it('reads "is amended" and "are repealed" citations, not "et seq." or plain references', () => {
    const text =
      'Section 3 (D.C. Official Code § 6-1401.02) is amended as follows: ... The Act (D.C. Official Code § 2-501 et seq.) is amended. ' +
      'Sections 4 and 5 (D.C. Official Code §§ 47-2851.03 and 47-2851.04a) are repealed. See D.C. Official Code § 1-206.02(c)(1).';
    expect([...amendedSectionKeys(text)].sort()).toEqual(['47-2851.03', '47-2851.04a', '6-1401.02']);
  });
});
