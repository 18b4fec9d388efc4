import { integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { NOTICE_KINDS } from "../../shared/notification-kinds";
import { instant, role } from "./columns";

const onByDefault = (name: string) => integer(name, { mode: "boolean" }).notNull().default(true);

/**
 * Which channels carry one kind of notice to one person (shared/notification-kinds.ts, ADR 0027).
 * A row exists only once she changed a switch of that kind; no row means every channel is on.
 * Switches the kind does not have for her role (`always`, `none`) are stored but never read.
 */
export const notificationPreferences = sqliteTable(
  "notification_preferences",
  {
    ownerRole: role("owner_role"),
    ownerId: text("owner_id").notNull(),
    kind: text("kind", { enum: NOTICE_KINDS }).notNull(),
    inApp: onByDefault("in_app"),
    email: onByDefault("email"),
    push: onByDefault("push"),
    updatedAt: instant("updated_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.ownerRole, t.ownerId, t.kind] })],
);
