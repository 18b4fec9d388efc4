import { createClient, type InStatement, type InValue } from "@libsql/client/web";
import { drizzle } from "drizzle-orm/libsql/web";
import type { Db } from "../db/client";
import * as schema from "../db/schema";

/** The statement(s) `run` sends, recorded while they run for real against `dbUrl`. */
export async function capturedStatements(dbUrl: string, run: (db: Db) => Promise<unknown>): Promise<{ sql: string; args: InValue[] }[]> {
  const client = createClient({ url: dbUrl });
  const seen: InStatement[] = [];
  const execute = client.execute.bind(client);
  client.execute = ((stmt: InStatement) => {
    seen.push(stmt);
    return execute(stmt);
  }) as typeof client.execute;
  try {
    await run(drizzle(client, { schema }) as unknown as Db);
  } finally {
    client.close();
  }
  return seen.map((s) => (typeof s === "string" ? { sql: s, args: [] } : { sql: s.sql, args: (s.args ?? []) as InValue[] }));
}

function hranaValue(value: InValue) {
  if (value === null) return { type: "null" };
  if (typeof value === "number") return Number.isInteger(value) ? { type: "integer", value: String(value) } : { type: "float", value };
  if (typeof value === "bigint") return { type: "integer", value: String(value) };
  if (typeof value === "boolean") return { type: "integer", value: value ? "1" : "0" };
  if (typeof value === "string") return { type: "text", value };
  throw new Error(`Unsupported argument ${String(value)}`);
}

/** The body of one sqld `/v2/pipeline` request running `statement` and closing its stream. */
export function pipelineBody(statement: { sql: string; args: InValue[] }): string {
  return JSON.stringify({
    requests: [{ type: "execute", stmt: { sql: statement.sql, args: statement.args.map(hranaValue) } }, { type: "close" }],
  });
}
