import { and, eq, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { notificationPreferences } from "../../db/schema";
import {
  type Channel,
  type ChannelChoice,
  type NoticeKind,
  type Preferences,
  preferencesOf,
  ruleOf,
} from "../../shared/notification-kinds";
import type { Role } from "../../shared/role";
import { fail } from "../platform/domain-error";

/**
 * Which channels carry which kind of notice to a person (shared/notification-kinds.ts, ADR 0027).
 * Stored per (person, kind) only once she changed a switch; everything else is on.
 *
 * What each channel's switch does:
 * - in the app: the kind leaves her bell (list and unread count; the notices stay stored and come
 *   back if she turns it on again) and her open tabs raise no pop-up for it. Screens still update
 *   (a chat's unread count, booked slots): those are the product, not notifications.
 * - e-mail: the kind's e-mails are written to the outbox muted (`muted_at`) and never delivered.
 * - push: the kind is not sent to her devices.
 */

/** The person the choices are hers (a notice's recipient). */
type Person = { role: Role; id: string };

export type StoredChoices = Partial<Record<NoticeKind, Partial<ChannelChoice>>>;

const COLUMN = { inApp: "in_app", email: "email", push: "push" } as const satisfies Record<Channel, string>;

const mine = (who: Person) => and(eq(notificationPreferences.ownerRole, who.role), eq(notificationPreferences.ownerId, who.id));

/** What she stored, kind by kind. */
export async function storedChoices(db: Db, who: Person): Promise<StoredChoices> {
  const rows = await db.select().from(notificationPreferences).where(mine(who));
  return Object.fromEntries(rows.map((r) => [r.kind, { inApp: r.inApp, email: r.email, push: r.push }]));
}

/** Every kind's channels as they apply to her (her role's rules and her switches). */
export async function preferencesFor(db: Db, who: Person): Promise<Preferences> {
  return preferencesOf(who.role, await storedChoices(db, who));
}

/** Turns one channel of one kind on or off for her; only a switch her role has may change. */
export async function setChannel(db: Db, who: Person, kind: NoticeKind, channel: Channel, on: boolean, now: Date): Promise<Preferences> {
  const rule = ruleOf(who.role, kind, channel);
  if (rule === "always") fail("BAD_REQUEST", "These notices are always sent this way.");
  if (rule === "none") fail("BAD_REQUEST", "This kind of notice is not sent this way.");
  await db
    .insert(notificationPreferences)
    .values({ ownerRole: who.role, ownerId: who.id, kind, [channel]: on, updatedAt: now })
    .onConflictDoUpdate({
      target: [notificationPreferences.ownerRole, notificationPreferences.ownerId, notificationPreferences.kind],
      set: { [channel]: on, updatedAt: now },
    });
  return preferencesFor(db, who);
}

/**
 * "She turned this channel off for this kind", as an SQL condition for a statement of the same batch
 * as the change (a mail's insert). `role` and `id` may be columns of the statement's own row.
 */
export function channelOffSql(role: string | SQL, id: string | SQL, kind: NoticeKind | SQL, channel: Channel): SQL {
  return sql`exists (select 1 from ${notificationPreferences} p where p.owner_role = ${role} and p.owner_id = ${id} and p.kind = ${kind} and p.${sql.raw(COLUMN[channel])} = 0)`;
}
