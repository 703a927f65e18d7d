import { randomUUID } from 'node:crypto';
import { and, eq, inArray, like, max, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../db/client';
import { agendaItems, agendas, codeSectionAmendments, codeSections, dataImports, legislation, locations } from '../db/schema';
import { sectionNumberKey } from '../platform/retrieval/section-number';
import { storedStatus } from '../platform/retrieval/status';
import { amendedSectionKeys } from './amendments';
import { readJsonl, sha256File } from './jsonl';
import type { Progress } from './progress';
import {
  measureNumberKey,
  type AgendaItemRecord,
  agendaItemRecord,
  type CodeSectionRecord,
  codeSectionRecord,
  type LegislationRecord,
  legislationRecord,
  legislationStatus,
  legislationTitle,
  type MeetingRecord,
  meetingRecord,
} from './records';
import { batches, takeExcluded } from './upsert';

/** Raise when the way records are derived from a file changes (v2: placeholder sections are not in force; v3: "Reserved" ones are reserved). */
export const IMPORTER_VERSION = 3;

export type Dataset = 'legislation' | 'meetings' | 'agenda_items' | 'code';
export type CityFiles = Partial<Record<Dataset, string>>;

export interface DatasetReport {
  dataset: Dataset;
  file: string;
  /** imported, or unchanged when this exact file was imported before. */
  outcome: 'imported' | 'unchanged';
  rows: number;
  /** Lines that did not fit the shape (line numbers, the first few). */
  rejected: number;
  rejectedLines: number[];
}

const LABELS: Record<Dataset, string> = {
  legislation: 'legislation',
  meetings: 'meetings',
  agenda_items: 'agenda items',
  code: 'code sections',
};
// Order matters: items point at meetings and legislation; amendments at code and legislation.
const ORDER: Dataset[] = ['legislation', 'meetings', 'agenda_items', 'code'];

/**
 * Imports a location's data from JSONL files (plain or gzip), idempotently: records are upserted
 * by their source id, and a file already imported (same SHA-256) is skipped unless `force`.
 * Each dataset is one transaction with its mark in `data_imports`, so a failed or killed import
 * leaves the previous data in place and a second run takes up where the first stopped (decision 029).
 */
export async function importCity(
  db: Db,
  opts: { locationId: string; files: CityFiles; progress: Progress; force?: boolean },
): Promise<DatasetReport[]> {
  const reports: DatasetReport[] = [];
  for (const dataset of ORDER) {
    const file = opts.files[dataset];
    if (!file) continue;
    // The importer's version is part of the key: when its rules change, files are imported again.
    const sha = `${await sha256File(file)}:v${IMPORTER_VERSION}`;
    const [seen] = await db
      .select({ rows: dataImports.rows })
      .from(dataImports)
      .where(and(eq(dataImports.locationId, opts.locationId), eq(dataImports.dataset, dataset), eq(dataImports.sourceSha256, sha)));
    if (seen && !opts.force) {
      reports.push({ dataset, file, outcome: 'unchanged', rows: seen.rows, rejected: 0, rejectedLines: [] });
      continue;
    }
    reports.push(await importDataset(db, opts.locationId, dataset, file, sha, opts.progress));
  }
  // Not "this run imported legislation or code": a run killed after those and before the links
  // would leave them missing for good, since the next run finds both files imported.
  if (await amendmentLinksBehind(db, opts.locationId)) await linkAmendments(db, opts.locationId, opts.progress);
  if (reports.some((r) => r.dataset === 'code' && r.rows > 0)) {
    await db.update(locations).set({ municipalCodeEnabled: true }).where(eq(locations.id, opts.locationId));
  }
  return reports;
}

async function readRecords<S extends z.ZodType>(file: string, schema: S) {
  const rows: z.infer<S>[] = [];
  const rejectedLines: number[] = [];
  let rejected = 0;
  for await (const { line, value } of readJsonl(file)) {
    const parsed = schema.safeParse(value);
    if (parsed.success) rows.push(parsed.data);
    else if (++rejected <= 10) rejectedLines.push(line);
  }
  return { rows, rejected, rejectedLines };
}

async function importDataset(db: Db, locationId: string, dataset: Dataset, file: string, sha: string, progress: Progress): Promise<DatasetReport> {
  const schema = { legislation: legislationRecord, meetings: meetingRecord, agenda_items: agendaItemRecord, code: codeSectionRecord }[dataset];
  const { rows, rejected, rejectedLines } = await readRecords(file, schema);
  progress.start(LABELS[dataset], rows.length);
  await db.transaction(async (tx) => {
    const write = { legislation: writeLegislation, meetings: writeMeetings, agenda_items: writeAgendaItems, code: writeCode }[dataset];
    await write(tx as unknown as Db, locationId, rows as never, progress);
    // The mark commits with the rows: "imported" is never said of a dataset that is not.
    await markDone(tx as unknown as Db, locationId, dataset, sha, rows.length);
  });
  progress.done(`${rows.length.toLocaleString('en-US')} rows${rejected ? `, ${rejected} rejected (lines ${rejectedLines.join(', ')})` : ''}`);
  return { dataset, file, outcome: 'imported', rows: rows.length, rejected, rejectedLines };
}

async function writeLegislation(db: Db, locationId: string, rows: LegislationRecord[], progress: Progress) {
  const set = takeExcluded(legislation, [
    'kind', 'documentType', 'councilPeriod', 'lawNumber', 'actNumber', 'billNumber', 'fileNumber', 'title', 'longTitle',
    'summary', 'committee', 'introduced', 'enacted', 'effective', 'status', 'votes', 'historyUrl', 'text', 'updatedAt',
  ]);
  for (const batch of batches(rows, 100)) {
    await db
      .insert(legislation)
      .values(
        batch.map((r) => ({
          id: randomUUID(),
          locationId,
          sourceId: r.id,
          kind: r.kind,
          documentType: r.document_type ?? 'ORDINANCE',
          councilPeriod: r.council_period ?? null,
          lawNumber: r.law_number,
          actNumber: r.act_number,
          billNumber: r.bill_number,
          fileNumber: r.file_number ?? (r.bill_number ? `B${r.bill_number}` : null),
          title: legislationTitle(r),
          longTitle: r.long_title,
          summary: r.summary,
          committee: r.committee,
          introduced: r.introduced,
          enacted: r.enacted,
          effective: r.effective,
          status: legislationStatus(r),
          votes: r.votes,
          historyUrl: r.history_url,
          text: r.text,
          updatedAt: new Date(),
        })),
      )
      .onConflictDoUpdate({ target: [legislation.locationId, legislation.sourceId], set });
    progress.tick(batch.length);
  }
}

async function writeMeetings(db: Db, locationId: string, rows: MeetingRecord[], progress: Progress) {
  const set = takeExcluded(agendas, ['date', 'meetingType', 'title', 'body', 'derivedFrom', 'updatedAt']);
  for (const batch of batches(rows, 500)) {
    await db
      .insert(agendas)
      .values(
        batch.map((r) => ({
          id: randomUUID(),
          locationId,
          sourceId: r.id,
          date: r.date,
          meetingType: r.meeting_type,
          title: r.title,
          body: r.body,
          derivedFrom: r.derived_from,
          updatedAt: new Date(),
        })),
      )
      .onConflictDoUpdate({ target: [agendas.locationId, agendas.sourceId], set });
    progress.tick(batch.length);
  }
}

/** Source id -> our id, for the named rows of one table of this location (a city's import writes a few meetings at a time). */
async function idsBySource(db: Db, table: typeof legislation | typeof agendas, locationId: string, sourceIds: string[]) {
  const map = new Map<string, string>();
  for (const batch of batches([...new Set(sourceIds)], 1000)) {
    const rows = await db.select({ id: table.id, sourceId: table.sourceId }).from(table).where(and(eq(table.locationId, locationId), inArray(table.sourceId, batch)));
    for (const r of rows) map.set(r.sourceId as string, r.id);
  }
  return map;
}

async function writeAgendaItems(db: Db, locationId: string, rows: AgendaItemRecord[], progress: Progress) {
  const agendaIds = await idsBySource(db, agendas, locationId, rows.map((r) => r.agenda_id));
  const legislationIds = await idsBySource(db, legislation, locationId, rows.flatMap((r) => (r.legislation_id ? [r.legislation_id] : [])));
  // Items keep their file order within a meeting; each meeting's sections follow first appearance.
  const positions = new Map<string, number>();
  const sections = new Map<string, string[]>();
  const set = takeExcluded(agendaItems, [
    'agendaId', 'date', 'sectionName', 'position', 'title', 'description', 'documentType', 'fileNumber', 'committee',
    'legislationId', 'status', 'updatedAt',
  ]);
  for (const batch of batches(rows, 300)) {
    const values = batch.map((r) => {
      const position = (positions.get(r.agenda_id) ?? 0) + 1;
      positions.set(r.agenda_id, position);
      if (r.section_name) {
        const list = sections.get(r.agenda_id) ?? [];
        if (!list.includes(r.section_name)) list.push(r.section_name);
        sections.set(r.agenda_id, list);
      }
      return {
        id: randomUUID(),
        locationId,
        agendaId: agendaIds.get(r.agenda_id) ?? null,
        sourceId: r.id,
        date: r.date,
        sectionName: r.section_name,
        position,
        title: r.title,
        description: r.description,
        documentType: r.document_type,
        fileNumber: r.file_number,
        committee: r.committee,
        legislationId: r.legislation_id ? (legislationIds.get(r.legislation_id) ?? null) : null,
        status: r.status,
        updatedAt: new Date(),
      };
    });
    await db.insert(agendaItems).values(values).onConflictDoUpdate({ target: [agendaItems.locationId, agendaItems.sourceId], set });
    progress.tick(batch.length);
  }
  for (const [sourceId, names] of sections) {
    const id = agendaIds.get(sourceId);
    if (id) await db.update(agendas).set({ sections: names }).where(eq(agendas.id, id));
  }
}

/** Upserts code sections by source id; `firstPosition`: the sections stored before these in the same book. */
export async function writeCode(db: Db, locationId: string, rows: CodeSectionRecord[], progress: Progress, firstPosition = 0) {
  const set = takeExcluded(codeSections, [
    'number', 'numberKey', 'title', 'titleNumber', 'titleName', 'chapter', 'chapterTitle', 'subchapter', 'subchapterTitle',
    'path', 'status', 'text', 'sourceUrl', 'history', 'position', 'updatedAt',
  ]);
  let position = firstPosition;
  for (const batch of batches(rows, 200)) {
    await db
      .insert(codeSections)
      .values(
        batch.map((r) => ({
          id: randomUUID(),
          locationId,
          sourceId: r.id,
          number: r.number,
          numberKey: sectionNumberKey(r.number),
          title: r.title,
          titleNumber: r.title_number,
          titleName: r.title_name,
          chapter: r.chapter,
          chapterTitle: r.chapter_title,
          subchapter: r.subchapter,
          subchapterTitle: r.subchapter_title,
          path: r.path,
          // Placeholder texts ("Repealed.", "Expired.", "Recodified as § ...") are not law in force either.
          status: storedStatus(r),
          text: r.text,
          sourceUrl: r.source_url,
          history: r.history ?? null,
          position: ++position,
          updatedAt: new Date(),
        })),
      )
      .onConflictDoUpdate({ target: [codeSections.locationId, codeSections.sourceId], set });
    progress.tick(batch.length);
  }
}

export interface MeetingRecords {
  legislation: LegislationRecord[];
  meetings: MeetingRecord[];
  agenda_items: AgendaItemRecord[];
}

/**
 * Meetings, their items and measures read from a city's own sources (its Legistar API, its agenda
 * documents: issue 21) stored in one transaction, upserted by their source ids like the JSONL
 * import's: a second read of the same meetings updates them in place.
 */
export async function writeMeetingRecords(db: Db, locationId: string, records: MeetingRecords, progress: Progress) {
  await db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    progress.start(LABELS.legislation, records.legislation.length);
    await writeLegislation(t, locationId, records.legislation, progress);
    progress.start(LABELS.meetings, records.meetings.length);
    await writeMeetings(t, locationId, records.meetings, progress);
    progress.start(LABELS.agenda_items, records.agenda_items.length);
    await writeAgendaItems(t, locationId, records.agenda_items, progress);
  });
  progress.done(`${records.meetings.length} meetings, ${records.agenda_items.length} agenda items, ${records.legislation.length} measures`);
}

/** The `data_imports` mark of the last rebuild of the amendment links (dataset names the importer never uses). */
const AMENDMENT_LINKS = 'amendment_links';

/**
 * Agenda items that name a measure by its number ("Ord. No. 20-7") and are linked to none, linked to
 * the city's measure of that number and kind (a city's files: agendas and legislation imported in
 * either order). A number two measures share is left unlinked: a wrong link is worse than none.
 */
export async function linkItemsToMeasures(db: Db, locationId: string): Promise<number> {
  const measures = await db.select({ id: legislation.id, fileNumber: legislation.fileNumber, documentType: legislation.documentType }).from(legislation).where(and(eq(legislation.locationId, locationId), sql`${legislation.fileNumber} is not null`));
  const byKey = new Map<string, { id: string; documentType: string }[]>();
  for (const m of measures) {
    const key = measureNumberKey(m.fileNumber!);
    if (key) byKey.set(key, [...(byKey.get(key) ?? []), m]);
  }
  if (!byKey.size) return 0;
  const items = await db
    .select({ id: agendaItems.id, fileNumber: agendaItems.fileNumber, documentType: agendaItems.documentType })
    .from(agendaItems)
    .where(and(eq(agendaItems.locationId, locationId), sql`${agendaItems.legislationId} is null`, sql`${agendaItems.fileNumber} is not null`));
  let linked = 0;
  for (const item of items) {
    const candidates = (byKey.get(measureNumberKey(item.fileNumber!)) ?? []).filter((m) => item.documentType === 'AGENDA_ITEM' || m.documentType === item.documentType);
    if (candidates.length !== 1) continue;
    await db.update(agendaItems).set({ legislationId: candidates[0].id, updatedAt: new Date() }).where(eq(agendaItems.id, item.id));
    linked++;
  }
  return linked;
}

/** Marks a step done, in the caller's transaction; the database's clock, so marks of one location compare. */
async function markDone(db: Db, locationId: string, dataset: string, sourceSha256: string, rows: number) {
  await db
    .insert(dataImports)
    .values({ id: randomUUID(), locationId, dataset, sourceSha256, rows, completedAt: sql`now()` })
    .onConflictDoUpdate({ target: [dataImports.locationId, dataImports.dataset, dataImports.sourceSha256], set: { rows, completedAt: sql`now()` } });
}

/** The links were last rebuilt before the location's legislation or code last changed (or never). */
async function amendmentLinksBehind(db: Db, locationId: string) {
  const latest = (datasets: string[]) =>
    db
      .select({ at: max(dataImports.completedAt) })
      .from(dataImports)
      .where(and(eq(dataImports.locationId, locationId), inArray(dataImports.dataset, datasets)))
      .then(([row]) => row?.at ?? null);
  const [sources, links] = await Promise.all([latest(['legislation', 'code']), latest([AMENDMENT_LINKS])]);
  return sources !== null && (links === null || links < sources);
}

/** Rebuilds "amended_by" for the location: which measures amend which code sections. */
async function linkAmendments(db: Db, locationId: string, progress: Progress) {
  const sections = await db
    .select({ id: codeSections.id, key: codeSections.numberKey })
    .from(codeSections)
    .where(eq(codeSections.locationId, locationId));
  if (!sections.length) return markDone(db, locationId, AMENDMENT_LINKS, 'links', 0);
  const sectionByKey = new Map(sections.map((s) => [s.key, s.id]));
  const measures = await db
    .select({ id: legislation.id, text: legislation.text })
    .from(legislation)
    .where(and(eq(legislation.locationId, locationId), like(legislation.text, '%Official Code §%')));
  progress.start('amendment links', measures.length);
  const pairs: { sectionId: string; legislationId: string }[] = [];
  for (const measure of measures) {
    for (const key of amendedSectionKeys(measure.text)) {
      const sectionId = sectionByKey.get(key);
      if (sectionId) pairs.push({ sectionId, legislationId: measure.id });
    }
    progress.tick();
  }
  await db.transaction(async (tx) => {
    const ids = sections.map((s) => s.id);
    for (const batch of batches(ids, 5000)) await tx.delete(codeSectionAmendments).where(inArray(codeSectionAmendments.sectionId, batch));
    for (const batch of batches(pairs, 1000)) await tx.insert(codeSectionAmendments).values(batch).onConflictDoNothing();
    await markDone(tx as unknown as Db, locationId, AMENDMENT_LINKS, 'links', pairs.length);
  });
  progress.done(`${pairs.length.toLocaleString('en-US')} links`);
}
