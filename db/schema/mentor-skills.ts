import { index, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { createdAt, id } from "./columns";
import { mentors } from "./mentors";

/** A mentor's skills, in the order they were added. `skillKey` is the lower-cased name, unique per mentor. */
export const mentorSkills = sqliteTable(
  "mentor_skills",
  {
    id: id(),
    mentorId: text("mentor_id")
      .notNull()
      .references(() => mentors.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    skillKey: text("skill_key").notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("mentor_skills_mentor_key_unique").on(t.mentorId, t.skillKey), index("mentor_skills_key_idx").on(t.skillKey)],
);
