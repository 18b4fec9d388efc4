import { hashPassword } from "../worker/services/passwords";
import { createDb } from "./client";
import { DEMO_PASSWORD } from "./factories";
import { seedDemoData } from "./seed";

const url = process.env.DB_URL;
if (!url) {
  console.error("Set DB_URL to the database to seed (npm run dev seeds the local one by itself).");
  process.exit(1);
}
await seedDemoData(createDb(url, process.env.DB_AUTH_TOKEN), await hashPassword(DEMO_PASSWORD));
console.log("Demo data seeded.");
