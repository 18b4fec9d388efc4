import { integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { instant, role } from "./columns";

/**
 * The user rooms with a tab connected (ADR 0043), written by the room itself when a tab connects or leaves: a wave of
 * bell entries (a minute's reminders) wakes only these rooms. A row may outlive its tabs (a room that stopped without
 * seeing them close), which costs one needless call; a room with tabs always has its row once its write is in.
 */
export const openUserRooms = sqliteTable(
  "open_user_rooms",
  {
    userRole: role("user_role"),
    userId: text("user_id").notNull(),
    /** Tabs connected when the room last wrote. */
    tabs: integer("tabs").notNull(),
    updatedAt: instant("updated_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.userRole, t.userId] })],
);
