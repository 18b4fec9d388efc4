import { createDb } from "../db/client";
import { DEMO_PASSWORD } from "../db/factories";
import { seedDemoData } from "../db/seed";
import { hashPassword } from "../worker/services/passwords";
import { migrateDatabase } from "./migrate";
import { startSqld, type Sqld } from "./sqld";

/** sqld on loopback, migrated and seeded with the demo data: what dev, preview, tests and benchmarks run on. */
export async function startLocalDatabase(options: { dataDir: string; port?: number }): Promise<Sqld> {
  const sqld = await startSqld(options);
  try {
    await migrateDatabase(sqld.url);
    await seedDemoData(createDb(sqld.url), await hashPassword(DEMO_PASSWORD));
  } catch (error) {
    await sqld.stop();
    throw error;
  }
  return sqld;
}
