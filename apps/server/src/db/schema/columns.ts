import { text, timestamp } from 'drizzle-orm/pg-core';
import { locations, users } from './platform';

/** Columns every feature table spells the same way. */
export const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
export const updatedAt = () => timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
/** The user who owns the record; deleting the user deletes what they made. */
export const ownerId = () =>
  text('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });
/** The location (tenant) the record belongs to. */
export const locationRef = () =>
  text('location_id')
    .notNull()
    .references(() => locations.id);
