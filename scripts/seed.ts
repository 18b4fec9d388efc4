import { createDb } from "../db/client";
import { DEMO_PASSWORD } from "../db/factories";
import { seedDemoData } from "../db/seed";
import { hashPassword } from "../worker/accounts/passwords";

const url = process.env.DB_URL;
if (!url) {
  console.error("Set DB_URL to the database to seed (npm run dev seeds the local one by itself).");
  process.exit(1);
}
await seedDemoData(createDb(url, process.env.DB_AUTH_TOKEN), await hashPassword(DEMO_PASSWORD));
console.log("Demo data seeded.");
