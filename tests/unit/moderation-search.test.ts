import { describe, expect, it } from "vitest";
import { validateAuditSearch, validateListSearch } from "../../src/moderation/moderation-search";

/** The moderator lists' URL parameters: what a hand-edited or old link may carry. */
describe("moderator list search params", () => {
  it("keeps a known sort, a trimmed search and a page above 1; drops the rest", () => {
    expect(validateListSearch({ search: "  Rahul ", sort: "name", page: "3" })).toEqual({ search: "Rahul", sort: "name", page: 3 });
    expect(validateListSearch({ search: " ", sort: "rating", page: "1" })).toEqual({ search: undefined, sort: undefined, page: undefined });
    expect(validateListSearch({ page: "2.5", sort: ["name"] })).toEqual({ search: undefined, sort: undefined, page: undefined });
  });

  it("the audit log sorts by time only, and keeps its moderator and account filters", () => {
    expect(validateAuditSearch({ sort: "oldest", search: "kavya@example.com", targetId: "abc" })).toMatchObject({
      sort: "oldest",
      search: "kavya@example.com",
      targetId: "abc",
    });
    expect(validateAuditSearch({ sort: "name" }).sort).toBeUndefined();
  });
});
