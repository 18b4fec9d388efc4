import type { Db } from "./client";
import { notificationPreferences } from "./schema";

/**
 * The demo mentee's notification settings (ADR 0027): Priya reads her booking changes in the app and
 * has turned their e-mails (with the calendar files) off, and wants no pushes about sign-ins; every
 * other switch is on. Her devices come from her own browsers, so none is seeded. Idempotent: a
 * choice she changed since is left as it is.
 */
export async function seedNotificationSettingsDemo(db: Db, priyaId: string, at = new Date()): Promise<void> {
  await db
    .insert(notificationPreferences)
    .values([
      { ownerRole: "mentee", ownerId: priyaId, kind: "booking", inApp: true, email: false, push: true, updatedAt: at },
      { ownerRole: "mentee", ownerId: priyaId, kind: "account", inApp: true, email: true, push: false, updatedAt: at },
    ])
    .onConflictDoNothing();
}
