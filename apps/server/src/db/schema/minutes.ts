import { boolean, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, locationRef, ownerId } from './columns';

/**
 * The Summarizer (issue 12): minutes or a transcript a user submitted, summarised by a job on the
 * one queue (decision 025), and the follow-up questions asked of it. Owned by their maker.
 */

export const minutesSummaries = pgTable(
  'minutes_summaries',
  {
    id: text('id').primaryKey(),
    userId: ownerId(),
    locationId: locationRef(),
    /** file | text */
    source: text('source').notNull(),
    title: text('title').notNull(),
    filename: text('filename'),
    storageKey: text('storage_key'),
    hasText: boolean('has_text').notNull().default(true),
    text: text('text').notNull(),
    /** How the text was read when the file was a scan (decision 039): pages, mean confidence, pages under the threshold. */
    ocr: jsonb('ocr').$type<{ pages: number; page_count: number; mean_confidence: number; low_confidence_pages: number[] }>(),
    jobId: text('job_id'),
    jobState: text('job_state').notNull(),
    progress: integer('progress').notNull().default(0),
    error: text('error'),
    engine: text('engine'),
    /** The structured summary (contract minutesResultSchema), written with its completion. */
    result: jsonb('result'),
    createdAt: createdAt(),
    completedAt: timestamp('completed_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [index('minutes_summaries_owner_idx').on(t.userId, t.createdAt)],
);

export const minutesFollowups = pgTable(
  'minutes_followups',
  {
    id: text('id').primaryKey(),
    summaryId: text('summary_id')
      .notNull()
      .references(() => minutesSummaries.id, { onDelete: 'cascade' }),
    question: text('question').notNull(),
    answer: text('answer').notNull(),
    citations: jsonb('citations').notNull(),
    /** The product's own sentences the answer opens with, as codes (issue 30), for the reader's language. */
    messages: jsonb('messages'),
    engine: text('engine').notNull(),
    model: text('model'),
    createdAt: createdAt(),
  },
  (t) => [index('minutes_followups_summary_idx').on(t.summaryId, t.createdAt)],
);
