import { defineConfig } from "drizzle-kit";

export default defineConfig({
  dialect: "turso",
  schema: "./db/schema/index.ts",
  out: "./db/migrations",
  dbCredentials: { url: process.env.DB_URL ?? "http://127.0.0.1:8089", authToken: process.env.DB_AUTH_TOKEN },
});
