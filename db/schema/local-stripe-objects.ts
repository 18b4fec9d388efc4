import { index, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { createdAt } from "./columns";

/**
 * Objects of the local Stripe stand-in (development and tests without a Stripe key, ADR 0010):
 * customers, products, prices, checkout sessions, subscriptions, invoices and idempotency keys, as
 * Stripe-shaped JSON. Always empty in production.
 */
export const localStripeObjects = sqliteTable(
  "local_stripe_objects",
  {
    id: text("id").primaryKey(),
    type: text("type").notNull(),
    data: text("data").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("local_stripe_objects_type_idx").on(t.type, t.createdAt)],
);
