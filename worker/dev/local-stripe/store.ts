import { and, desc, eq, inArray, lt, sql } from "drizzle-orm";
import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import type { Db } from "../../../db/client";

/**
 * Stripe-shaped objects of the local stand-in (customers, products, prices, checkout sessions,
 * subscriptions, invoices, idempotency keys), kept in the local database so they survive restarts.
 * The table belongs to the stand-in, not to the product (as dev_mailbox does): it is created on
 * first use, no migration makes it, and production never has it.
 */
export const localStripeObjects = sqliteTable(
  "dev_stripe_objects",
  {
    id: text("id").primaryKey(),
    type: text("type").notNull(),
    data: text("data").notNull(),
    createdAt: integer("created_at", { mode: "timestamp_ms" })
      .notNull()
      .$defaultFn(() => new Date()),
  },
  (t) => [index("dev_stripe_objects_type_idx").on(t.type, t.createdAt)],
);

export type StripeObject = { id: string; object: string } & Record<string, unknown>;

/** Clients whose database has the table: a flag, not a shared promise, so no request waits on another request's statement (workerd cancels that wait when the other request ends). */
const ready = new WeakSet<Db>();

/** Creates the stand-in's table once per database client (each request that finds it not done yet runs the idempotent statements itself). */
export async function ensureLocalStripeStore(db: Db): Promise<void> {
  if (ready.has(db)) return;
  await db.batch([
    db.run(
      sql`create table if not exists dev_stripe_objects (id text primary key, type text not null, data text not null, created_at integer not null)`,
    ),
    db.run(sql`create index if not exists dev_stripe_objects_type_idx on dev_stripe_objects (type, created_at)`),
  ]);
  ready.add(db);
}

export async function getObject<T extends StripeObject>(db: Db, id: string): Promise<T | null> {
  await ensureLocalStripeStore(db);
  const [row] = await db.select({ data: localStripeObjects.data }).from(localStripeObjects).where(eq(localStripeObjects.id, id));
  return row ? (JSON.parse(row.data) as T) : null;
}

export async function putObject(db: Db, object: StripeObject): Promise<void> {
  await ensureLocalStripeStore(db);
  const data = JSON.stringify(object);
  await db
    .insert(localStripeObjects)
    .values({ id: object.id, type: object.object, data })
    .onConflictDoUpdate({ target: localStripeObjects.id, set: { data } });
}

export async function listObjects<T extends StripeObject>(db: Db, type: string, limit = 50): Promise<T[]> {
  await ensureLocalStripeStore(db);
  const rows = await db
    .select()
    .from(localStripeObjects)
    .where(eq(localStripeObjects.type, type))
    .orderBy(desc(localStripeObjects.createdAt))
    .limit(limit);
  return rows.map((r) => JSON.parse(r.data) as T);
}

const DAY = 24 * 60 * 60 * 1000;

/**
 * How long the stand-in keeps what Stripe itself keeps only for a while (ADR 0038): idempotency keys a day (Stripe
 * may prune them after 24 hours), events and checkout sessions 30 days (Stripe lists events of the last 30 days). A
 * customer, subscription or invoice stays, as at Stripe, until the product deletes it.
 */
export const LOCAL_STRIPE_LIFETIMES: Record<string, number> = { idempotency_key: DAY, event: 30 * DAY, "checkout.session": 30 * DAY };

/** Deletes the stand-in's objects past their lifetime; returns how many went. */
export async function pruneLocalStripeObjects(db: Db, now: number): Promise<number> {
  await ensureLocalStripeStore(db);
  let removed = 0;
  for (const [type, lifetime] of Object.entries(LOCAL_STRIPE_LIFETIMES)) {
    const result = await db
      .delete(localStripeObjects)
      .where(and(inArray(localStripeObjects.type, [type]), lt(localStripeObjects.createdAt, new Date(now - lifetime))));
    removed += result.rowsAffected;
  }
  return removed;
}

/** An id in Stripe's style: `cus_...`, `sub_...`. */
export const stripeId = (prefix: string) => `${prefix}_${crypto.randomUUID().replace(/-/g, "").slice(0, 24)}`;
