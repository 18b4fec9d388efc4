import { integer, sqliteTable, text } from "drizzle-orm/sqlite-core";

/**
 * The FTS5 mentor index of migration 0001 (a trigram index beside it since 0013, queried in
 * worker/search/search-ranking.ts), declared for querying only. It is deliberately not
 * exported from db/schema (drizzle-kit cannot express virtual tables or triggers): the custom
 * migration owns its shape, and triggers on mentors and mentor_skills keep it in sync.
 */
export const mentorSearch = sqliteTable("mentor_search", {
  rowid: integer("rowid").notNull(),
  name: text("name"),
  jobTitle: text("job_title"),
  firmName: text("firm_name"),
  skills: text("skills"),
  bio: text("bio"),
});

export const mentorSearchKeys = sqliteTable("mentor_search_keys", {
  id: integer("id").primaryKey(),
  mentorId: text("mentor_id").notNull(),
});
