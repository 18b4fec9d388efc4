import { readFileSync } from "node:fs";
import { createClient } from "@libsql/client";
import { is } from "drizzle-orm";
import { drizzle } from "drizzle-orm/libsql";
import { getTableConfig, SQLiteTable } from "drizzle-orm/sqlite-core";
import { describe, expect, it } from "vitest";
import type { Db } from "../../db/client";
import * as schema from "../../db/schema";
import { getObject, LOCAL_STRIPE_LIFETIMES, pruneLocalStripeObjects, putObject } from "../../worker/dev/local-stripe/store";
import { NOT_IN_ARCHIVE, SECTIONS } from "../../worker/privacy/export-contents";
import { RETENTION } from "../../worker/privacy/retention";

const DAY = 24 * 60 * 60 * 1000;
const readme = readFileSync(new URL("../../README.md", import.meta.url), "utf8");

describe("the README's retention table says what the retention job does (ADR 0038)", () => {
  it("has a row for each rule, with its table and its lifetime in days", () => {
    const section = readme.slice(readme.indexOf("## What is kept, and for how long"));
    const rows = section.split("\n").filter((line) => line.startsWith("| `"));
    for (const rule of RETENTION) {
      const row = rows.find((line) => line.startsWith(`| \`${rule.table}\``));
      expect(row, `a README row for ${rule.table}`).toBeDefined();
      expect(row).toContain(`| ${rule.days} ${rule.days === 1 ? "day" : "days"} |`);
    }
  });
});

describe("the local Stripe stand-in forgets on Stripe's clock", () => {
  it("drops idempotency keys after a day and events and checkout sessions after 30 days; keeps customers", async () => {
    // The stand-in runs on the local database; an in-memory one (Node's libSQL client) holds the same table.
    const db = drizzle(createClient({ url: ":memory:" }), { schema }) as unknown as Db;
    for (const [id, object] of [
      ["idem_a", "idempotency_key"],
      ["evt_a", "event"],
      ["cs_a", "checkout.session"],
      ["cus_a", "customer"],
    ])
      await putObject(db, { id, object });
    const now = Date.now();
    expect(await pruneLocalStripeObjects(db, now + DAY / 2)).toBe(0);
    expect(await pruneLocalStripeObjects(db, now + DAY + 1000)).toBe(1);
    expect(await getObject(db, "idem_a")).toBeNull();
    expect(await getObject(db, "evt_a")).not.toBeNull();
    expect(await pruneLocalStripeObjects(db, now + LOCAL_STRIPE_LIFETIMES.event + 1000)).toBe(2);
    expect(await getObject(db, "cus_a")).toMatchObject({ id: "cus_a" });
  });
});

describe("a person's archive leaves out no table that holds her id (ADR 0039)", () => {
  it("every table with a column naming a mentee, mentor or account is a section of the archive or says why not", () => {
    const personColumns =
      /^(mentee_id|mentor_id|user_id|owner_id|recipient_id|person_id|target_id|author_id|reporter_id|accused_id|sender_id|held_for)$/;
    const holding = (Object.values(schema) as unknown[])
      .filter((value): value is SQLiteTable => is(value, SQLiteTable))
      .filter((table) => getTableConfig(table).columns.some((column) => personColumns.test(column.name)))
      .map((table) => getTableConfig(table).name);
    expect(holding.length).toBeGreaterThan(20);
    const covered = new Set([...SECTIONS.flatMap((section) => section.tables), ...Object.keys(NOT_IN_ARCHIVE)]);
    expect(holding.filter((name) => !covered.has(name))).toEqual([]);
  });
});
