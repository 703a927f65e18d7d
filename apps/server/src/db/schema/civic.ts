import { type SQL, sql } from 'drizzle-orm';
import { boolean, customType, date, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { locations, users } from './platform';

/**
 * Civic data of a location (the tenant): legislation (ordinances), agendas and their items, the
 * municipal code, uploaded documents. Imported records keep the source's id in `source_id`,
 * unique per location, so a re-import updates instead of duplicating. Each searchable table has a
 * stored tsvector (title weighted A, short descriptions B, body D) for full-text search.
 */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });
const bytea = customType<{ data: Buffer; driverData: Uint8Array }>({ dataType: () => 'bytea', fromDriver: (v) => Buffer.from(v) });
const id = () => text('id').primaryKey();
const locationId = () =>
  text('location_id')
    .notNull()
    .references(() => locations.id);
const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
const day = (name: string) => date(name, { mode: 'string' });

/** setweight(to_tsvector('english', coalesce(col, '')), 'W') || ... for the given (column, weight) pairs. */
function weighted(parts: [SQL, 'A' | 'B' | 'C' | 'D'][]): SQL {
  return sql.join(
    parts.map(([column, weight]) => sql`setweight(to_tsvector('english'::regconfig, coalesce(${column}, '')), ${sql.raw(`'${weight}'`)})`),
    sql` || `,
  );
}

/** Laws and acts: the District's equivalent of ordinances (document type ORDINANCE). */
export const legislation = pgTable(
  'legislation',
  {
    id: id(),
    locationId: locationId(),
    sourceId: text('source_id').notNull(),
    kind: text('kind').notNull(), // law | act
    documentType: text('document_type').notNull().default('ORDINANCE'),
    councilPeriod: integer('council_period'),
    lawNumber: text('law_number'),
    actNumber: text('act_number'),
    billNumber: text('bill_number'),
    /** "B25-914": the bill's file number, as clerks cite it. */
    fileNumber: text('file_number'),
    title: text('title').notNull(),
    longTitle: text('long_title').notNull().default(''),
    summary: text('summary').notNull().default(''),
    committee: text('committee'),
    introduced: day('introduced'),
    enacted: day('enacted'),
    effective: day('effective'),
    /** Effective | Enacted | Passed | Introduced: how far the measure went. */
    status: text('status').notNull(),
    votes: jsonb('votes').$type<{ date: string; reading: string }[]>().notNull().default([]),
    historyUrl: text('history_url'),
    text: text('text').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    search: tsvector('search').generatedAlwaysAs(
      (): SQL =>
        weighted([
          [sql`${legislation.title}`, 'A'],
          [sql`${legislation.fileNumber}`, 'A'],
          [sql`${legislation.longTitle}`, 'B'],
          [sql`${legislation.summary}`, 'B'],
          [sql`${legislation.committee}`, 'C'],
          [sql`${legislation.text}`, 'D'],
        ]),
    ),
  },
  (t) => [
    uniqueIndex('legislation_source_key').on(t.locationId, t.sourceId),
    index('legislation_search_idx').using('gin', t.search),
    index('legislation_title_trgm_idx').using('gin', sql`lower(${t.title}) gin_trgm_ops`),
    index('legislation_file_number_idx').on(t.locationId, t.fileNumber),
    index('legislation_effective_idx').on(t.locationId, t.effective),
  ],
);

/** A meeting and its agenda. The demo city's agendas are reconstructed from vote history. */
export const agendas = pgTable(
  'agendas',
  {
    id: id(),
    locationId: locationId(),
    sourceId: text('source_id'),
    date: day('date').notNull(),
    meetingType: text('meeting_type').notNull(),
    title: text('title').notNull(),
    body: text('body'),
    /** Set when the layout was not published but rebuilt from other records (said on screen). */
    derivedFrom: text('derived_from'),
    /** Ordered section names of the agenda (PUT /agenda/{id}/sections). */
    sections: jsonb('sections').$type<string[]>().notNull().default([]),
    status: text('status').notNull().default('CREATED'),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('agendas_source_key').on(t.locationId, t.sourceId), index('agendas_date_idx').on(t.locationId, t.date)],
);

export const agendaItems = pgTable(
  'agenda_items',
  {
    id: id(),
    locationId: locationId(),
    agendaId: text('agenda_id').references(() => agendas.id, { onDelete: 'cascade' }),
    sourceId: text('source_id'),
    date: day('date'),
    sectionName: text('section_name'),
    position: integer('position').notNull().default(0),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    documentType: text('document_type').notNull().default('AGENDA_ITEM'),
    fileNumber: text('file_number'),
    committee: text('committee'),
    legislationId: text('legislation_id').references(() => legislation.id, { onDelete: 'set null' }),
    status: text('status'),
    finalCategory: text('final_category'),
    sponsorId: text('sponsor_id'),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    search: tsvector('search').generatedAlwaysAs(
      (): SQL =>
        weighted([
          [sql`${agendaItems.title}`, 'A'],
          [sql`${agendaItems.fileNumber}`, 'A'],
          [sql`${agendaItems.description}`, 'B'],
          [sql`${agendaItems.committee}`, 'C'],
          [sql`${agendaItems.sectionName}`, 'C'],
        ]),
    ),
  },
  (t) => [
    uniqueIndex('agenda_items_source_key').on(t.locationId, t.sourceId),
    index('agenda_items_agenda_idx').on(t.agendaId, t.position),
    index('agenda_items_date_idx').on(t.locationId, t.date),
    index('agenda_items_search_idx').using('gin', t.search),
    index('agenda_items_title_trgm_idx').using('gin', sql`lower(${t.title}) gin_trgm_ops`),
  ],
);

/** One section of a location's municipal code. */
export const codeSections = pgTable(
  'code_sections',
  {
    id: id(),
    locationId: locationId(),
    sourceId: text('source_id').notNull(),
    /** The official citation, "§ 8-1808". */
    number: text('number').notNull(),
    /** The citation without the section sign, "8-1808": what lookups match. */
    numberKey: text('number_key').notNull(),
    title: text('title').notNull(),
    titleNumber: text('title_number').notNull(),
    titleName: text('title_name').notNull(),
    chapter: text('chapter'),
    chapterTitle: text('chapter_title'),
    subchapter: text('subchapter'),
    subchapterTitle: text('subchapter_title'),
    path: text('path').notNull().default(''),
    /** in_force | repealed */
    status: text('status').notNull(),
    text: text('text').notNull(),
    sourceUrl: text('source_url'),
    /** The city's own history note, set apart from the text: "(Added by Ord. 603-81, App. 12/18/81)". */
    history: text('history'),
    /** Order in the code, for browsing and for neighbouring sections. */
    position: integer('position').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    search: tsvector('search').generatedAlwaysAs(
      (): SQL =>
        weighted([
          [sql`${codeSections.title}`, 'A'],
          [sql`${codeSections.path}`, 'B'],
          [sql`${codeSections.titleName}`, 'C'],
          [sql`${codeSections.text}`, 'D'],
        ]),
    ),
  },
  (t) => [
    uniqueIndex('code_sections_source_key').on(t.locationId, t.sourceId),
    index('code_sections_number_idx').on(t.locationId, t.numberKey),
    index('code_sections_position_idx').on(t.locationId, t.position),
    index('code_sections_search_idx').using('gin', t.search),
  ],
);

/** Laws that amended a code section, found by parsing citations of the section in legislation texts. */
export const codeSectionAmendments = pgTable(
  'code_section_amendments',
  {
    sectionId: text('section_id')
      .notNull()
      .references(() => codeSections.id, { onDelete: 'cascade' }),
    legislationId: text('legislation_id')
      .notNull()
      .references(() => legislation.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.sectionId, t.legislationId] }), index('code_section_amendments_legislation_idx').on(t.legislationId)],
);

/** Documents users uploaded (PDF, DOCX, TXT): the original under DATA_DIR, the text here. */
export const externalDocuments = pgTable(
  'external_documents',
  {
    id: id(),
    locationId: locationId(),
    uploadedBy: text('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    filename: text('filename').notNull(),
    contentType: text('content_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    sha256: text('sha256').notNull(),
    /** Path of the original relative to DATA_DIR/files. */
    storageKey: text('storage_key').notNull().unique(),
    documentType: text('document_type'),
    title: text('title').notNull(),
    text: text('text').notNull().default(''),
    /** False for scanned PDFs without a text layer: stored and flagged "no text". */
    hasText: boolean('has_text').notNull(),
    /** True when only the first part of a very long text was kept (the search vector's limit, decision 014). */
    textTruncated: boolean('text_truncated').notNull().default(false),
    pageCount: integer('page_count'),
    status: text('status').notNull().default('CREATED'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    search: tsvector('search').generatedAlwaysAs(
      (): SQL =>
        weighted([
          [sql`${externalDocuments.title}`, 'A'],
          [sql`${externalDocuments.filename}`, 'A'],
          [sql`${externalDocuments.text}`, 'D'],
        ]),
    ),
  },
  (t) => [
    index('external_documents_location_idx').on(t.locationId, t.updatedAt),
    index('external_documents_search_idx').using('gin', t.search),
  ],
);

/** What has been imported for a location, so a restart does not import the same file again. */
export const dataImports = pgTable(
  'data_imports',
  {
    id: id(),
    locationId: locationId(),
    dataset: text('dataset').notNull(), // legislation | meetings | agenda_items | code
    sourceSha256: text('source_sha256').notNull(),
    rows: integer('rows').notNull(),
    completedAt: timestamp('completed_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('data_imports_key').on(t.locationId, t.dataset, t.sourceSha256)],
);

/**
 * A city's import from the files it publishes (issue 21): a job on the one queue. `files` are the
 * uploads in the file store; `counts`, `problems` and `preview` are what the job found and stored.
 */
export const locationImports = pgTable(
  'location_imports',
  {
    id: id(),
    locationId: locationId(),
    userId: text('user_id').notNull(),
    /** code | agendas | legislation | legistar */
    source: text('source').notNull(),
    /** [{storage_key, name, kind, size_bytes}] */
    files: jsonb('files').notNull().default([]),
    /** What a Legistar import asks for: {client, base_url, since, scheduled}. */
    parameters: jsonb('parameters').notNull().default({}),
    jobState: text('job_state').notNull(),
    jobId: text('job_id'),
    progress: integer('progress').notNull().default(0),
    /** Times the job began its work: a run cut off twice (the server stopped while it ran) is not begun a third time. */
    runs: integer('runs').notNull().default(0),
    counts: jsonb('counts').notNull().default({}),
    problems: jsonb('problems').notNull().default([]),
    preview: jsonb('preview').notNull().default([]),
    error: text('error'),
    createdAt: createdAt(),
    completedAt: timestamp('completed_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [index('location_imports_location_idx').on(t.locationId, t.createdAt)],
);

/**
 * A source a city's data is kept current from (issue 21): its Legistar Web API client. One per
 * location and source; `next_job_id` is the one scheduled refresh, so a second import of the same
 * feed replaces the schedule instead of starting a second one.
 */
export const locationFeeds = pgTable(
  'location_feeds',
  {
    id: id(),
    locationId: locationId(),
    source: text('source').notNull(),
    client: text('client').notNull(),
    baseUrl: text('base_url').notNull(),
    /** The day the next refresh reads from (a fortnight before the latest meeting it saw, so late minutes are taken up). */
    since: day('since').notNull(),
    userId: text('user_id').notNull(),
    nextJobId: text('next_job_id'),
    nextRunAt: timestamp('next_run_at', { withTimezone: true, mode: 'date' }),
    lastImportId: text('last_import_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('location_feeds_key').on(t.locationId, t.source)],
);

/**
 * The meaning vectors of a location's code sections (platform/retrieval/vectors-file.ts's encoding,
 * matched to sections by the hash of their embedded text), built in the background after a code
 * import. The demo city's ship with its data instead; a location without a row ranks its sections on
 * their words until it has one.
 */
export const codeVectors = pgTable('code_vectors', {
  locationId: text('location_id')
    .primaryKey()
    .references(() => locations.id),
  model: text('model').notNull(),
  count: integer('count').notNull(),
  vectors: bytea('vectors').notNull(),
  updatedAt: updatedAt(),
});
