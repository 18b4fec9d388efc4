import { createDb } from "../db/client";
import { DEMO_PASSWORD } from "../db/factories";
import { seedDemoData } from "../db/seed";
import { hashPassword } from "../worker/accounts/passwords";
import { seedLocalStripeDemo } from "../worker/dev/local-stripe/demo";
import { seedLocalStripePayoutsDemo } from "../worker/dev/local-stripe/payouts-demo";
import { migrateDatabase } from "./migrate";
import { type Sqld, startSqld } from "./sqld";

/** sqld on loopback, migrated and seeded with the demo data: what dev, preview, tests and benchmarks run on. */
export async function startLocalDatabase(options: { dataDir: string; port?: number }): Promise<Sqld> {
  const sqld = await startSqld(options);
  try {
    await migrateDatabase(sqld.url);
    const db = createDb(sqld.url);
    await seedDemoData(db, await hashPassword(DEMO_PASSWORD));
    // The demo subscription in the local Stripe stand-in, whose table is not part of the product's schema.
    await seedLocalStripeDemo(db);
    await seedLocalStripePayoutsDemo(db);
  } catch (error) {
    await sqld.stop();
    throw error;
  }
  return sqld;
}
