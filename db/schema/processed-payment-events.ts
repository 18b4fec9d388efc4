import { sqliteTable, text } from "drizzle-orm/sqlite-core";
import { createdAt } from "./columns";

/** Stripe event ids already handled: inserting first makes webhook redelivery a no-op. */
export const processedPaymentEvents = sqliteTable("processed_payment_events", {
  eventId: text("event_id").primaryKey(),
  type: text("type").notNull(),
  processedAt: createdAt(),
});
