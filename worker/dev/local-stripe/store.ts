import { desc, eq } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { localStripeObjects } from "../../../db/schema";

/** Stripe-shaped objects of the local stand-in, kept in the local database so they survive restarts. */
export type StripeObject = { id: string; object: string } & Record<string, unknown>;

export async function getObject<T extends StripeObject>(db: Db, id: string): Promise<T | null> {
  const row = await db.query.localStripeObjects.findFirst({ where: eq(localStripeObjects.id, id) });
  return row ? (JSON.parse(row.data) as T) : null;
}

export async function putObject(db: Db, object: StripeObject): Promise<void> {
  const data = JSON.stringify(object);
  await db
    .insert(localStripeObjects)
    .values({ id: object.id, type: object.object, data })
    .onConflictDoUpdate({ target: localStripeObjects.id, set: { data } });
}

export async function listObjects<T extends StripeObject>(db: Db, type: string, limit = 50): Promise<T[]> {
  const rows = await db.select().from(localStripeObjects).where(eq(localStripeObjects.type, type)).orderBy(desc(localStripeObjects.createdAt)).limit(limit);
  return rows.map((r) => JSON.parse(r.data) as T);
}

/** An id in Stripe's style: `cus_...`, `sub_...`. */
export const stripeId = (prefix: string) => `${prefix}_${crypto.randomUUID().replace(/-/g, "").slice(0, 24)}`;
