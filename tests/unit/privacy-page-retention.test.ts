import { describe, expect, it } from "vitest";
import { KEPT_RECORDS } from "../../src/privacy/kept-records";
import { RETENTION } from "../../worker/privacy/retention";

/** The public privacy page states the lifetimes the retention job applies (ADR 0038): same records, same days, same order. */
describe("the privacy page's lifetimes", () => {
  it("names every retention rule with its lifetime in days, and no other", () => {
    expect(KEPT_RECORDS.map(({ table, days }) => ({ table, days }))).toEqual(RETENTION.map(({ table, days }) => ({ table, days })));
  });

  it("describes each record in words a reader understands", () => {
    for (const record of KEPT_RECORDS) expect(record.what.message ?? record.what.id, record.table).toMatch(/^[A-Z].{10,}/);
  });
});
