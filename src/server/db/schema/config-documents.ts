import { jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Small configuration documents edited by admins as a whole (checklist configuration, logbook
 * configuration, …), one row per key. Kept out of the settings document because each has its own
 * endpoint, validation and audit, and the client caches each separately for offline forms.
 */
export const configDocuments = pgTable('config_documents', {
  key: text('key').primaryKey(),
  data: jsonb('data').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  updatedBy: uuid('updated_by'),
});
