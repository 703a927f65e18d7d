import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, locationRef, ownerId, updatedAt } from './columns';
import { locations, users } from './platform';

/**
 * Drafting (issue 10, decision 023): drafted documents owned by a user in a location, every save a
 * version; the city's own DOCX templates per kind; the Legal Chatbot's conversations. Bodies are
 * TipTap/ProseMirror JSON (never HTML) with their plain text beside them for lists and search.
 */

export const draftedDocuments = pgTable(
  'drafted_documents',
  {
    id: text('id').primaryKey(),
    userId: ownerId(),
    locationId: locationRef(),
    /** agenda_item | resolution | ordinance | staff_report */
    kind: text('kind').notNull(),
    title: text('title').notNull(),
    content: jsonb('content').notNull(),
    text: text('text').notNull(),
    version: integer('version').notNull().default(1),
    /** How it was drafted: request, engine, sources, citations, amendments, placeholders (decision 023). */
    metadata: jsonb('metadata').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('drafted_documents_owner_idx').on(t.userId, t.updatedAt)],
);

export const draftedDocumentVersions = pgTable(
  'drafted_document_versions',
  {
    id: text('id').primaryKey(),
    documentId: text('document_id')
      .notNull()
      .references(() => draftedDocuments.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    title: text('title').notNull(),
    content: jsonb('content').notNull(),
    text: text('text').notNull(),
    /** draft | save | autosave | ai_edit | restore | revision */
    reason: text('reason').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('drafted_document_versions_key').on(t.documentId, t.version)],
);

/** A city's own DOCX template for one kind of draft (styles and boilerplate of the export). */
export const draftTemplates = pgTable(
  'draft_templates',
  {
    id: text('id').primaryKey(),
    locationId: text('location_id')
      .notNull()
      .references(() => locations.id),
    kind: text('kind').notNull(),
    filename: text('filename').notNull(),
    /** Relative to DATA_DIR/files (the one file store). */
    storageKey: text('storage_key').notNull(),
    /** The template's text, read at upload: its boilerplate. */
    text: text('text').notNull(),
    uploadedBy: text('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('draft_templates_location_kind_key').on(t.locationId, t.kind)],
);

export const chatConversations = pgTable(
  'chat_conversations',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    locationId: text('location_id')
      .notNull()
      .references(() => locations.id),
    title: text('title').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('chat_conversations_owner_idx').on(t.userId, t.updatedAt)],
);

export const chatMessages = pgTable(
  'chat_messages',
  {
    id: text('id').primaryKey(),
    conversationId: text('conversation_id')
      .notNull()
      .references(() => chatConversations.id, { onDelete: 'cascade' }),
    role: text('role').notNull(), // user | assistant
    content: text('content').notNull(),
    /** Citations, engine, whether the stream was stopped. */
    payload: jsonb('payload'),
    createdAt: createdAt(),
  },
  (t) => [index('chat_messages_conversation_idx').on(t.conversationId, t.createdAt)],
);

