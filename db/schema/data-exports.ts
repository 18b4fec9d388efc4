import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { createdAt, id, instant, role } from "./columns";

export const dataExportStates = ["preparing", "ready", "failed"] as const;
export type DataExportState = (typeof dataExportStates)[number];

/**
 * A person's copy of everything the product holds about her (ADR 0039): asked for on her settings, built by the
 * background work into one archive in the exports bucket, downloadable once, for a day, by her alone. The download
 * link's secret is kept only as its SHA-256; a download ticket (single use, a minute) is what the file route takes.
 */
export const dataExports = sqliteTable(
  "data_exports",
  {
    id: id(),
    userRole: role("user_role"),
    userId: text("user_id").notNull(),
    state: text("state", { enum: dataExportStates }).notNull().default("preparing"),
    /** The app's address the person asked from: the mailed link leads back to it. */
    origin: text("origin").notNull(),
    /** Where the archive is in the exports bucket, once ready. */
    objectKey: text("object_key"),
    sizeBytes: integer("size_bytes"),
    /** SHA-256 of the secret in the mailed link (hex). */
    linkSecretHash: text("link_secret_hash"),
    /** SHA-256 of the one download ticket handed out when the link was opened, and until when it works. */
    ticketHash: text("ticket_hash"),
    ticketExpiresAt: instant("ticket_expires_at"),
    readyAt: instant("ready_at"),
    /** The link works until then (a day after it was ready). */
    expiresAt: instant("expires_at"),
    downloadedAt: instant("downloaded_at"),
    createdAt: createdAt(),
  },
  (t) => [
    index("data_exports_user_idx").on(t.userRole, t.userId, t.createdAt),
    // One archive in the making per person: asking twice, or twice at once, waits for the same one.
    uniqueIndex("data_exports_one_preparing").on(t.userRole, t.userId).where(sql`state = 'preparing'`),
  ],
);
