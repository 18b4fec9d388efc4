import { fileURLToPath } from "node:url";
import { createClient } from "@libsql/client";
import { drizzle } from "drizzle-orm/libsql";
import { migrate } from "drizzle-orm/libsql/migrator";

const migrationsFolder = fileURLToPath(new URL("../db/migrations", import.meta.url));

/** Applies the committed drizzle migrations (idempotent: applied ones are skipped). */
export async function migrateDatabase(url: string, authToken?: string): Promise<void> {
  const client = createClient({ url, authToken });
  try {
    await migrate(drizzle(client), { migrationsFolder });
  } finally {
    client.close();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const url = process.env.DB_URL;
  if (!url) {
    console.error("Set DB_URL (and DB_AUTH_TOKEN for Turso) to the database to migrate.");
    process.exit(1);
  }
  await migrateDatabase(url, process.env.DB_AUTH_TOKEN);
  console.log("Migrations applied.");
}
