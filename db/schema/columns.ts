import { integer, text } from "drizzle-orm/sqlite-core";
import { type Role, roles } from "../../shared/role";

/** Primary key: a random id generated in the application (UUID v4). */
export const id = () =>
  text("id")
    .primaryKey()
    .$defaultFn(() => crypto.randomUUID());

/** A UTC instant stored as integer milliseconds since the epoch. */
export const instant = (name: string) => integer(name, { mode: "timestamp_ms" });

export const createdAt = () =>
  instant("created_at")
    .notNull()
    .$defaultFn(() => new Date());

export const flag = (name: string) => integer(name, { mode: "boolean" }).notNull().default(false);

/** The three kinds of account (declared once, in shared/role.ts). Stored as text, checked by the application. */
export { type Role, roles };
export const role = (name: string) => text(name, { enum: roles }).notNull();
