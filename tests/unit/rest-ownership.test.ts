import { describe, expect, it } from "vitest";
import { DomainError } from "../../worker/platform/domain-error";
import { assertOwnIds } from "../../worker/rest/ownership";

/** The one ownership rule of the legacy REST contract, in the adapter. */
describe("an id the caller names must be their own", () => {
  const me = { id: "me", role: "mentee" as const };
  const message = "You can only use chat as yourself.";

  it("passes the caller's own id, and a missing or empty one (it names no one)", () => {
    expect(() => assertOwnIds(me, ["me", undefined, null, ""], message)).not.toThrow();
  });

  it("refuses another's id, or a value that is no id, with the row's wording as a 403", () => {
    for (const named of [["someone-else"], ["me", "someone-else"], [42]]) {
      let thrown: unknown;
      try {
        assertOwnIds(me, named, message);
      } catch (error) {
        thrown = error;
      }
      expect(thrown).toBeInstanceOf(DomainError);
      expect(thrown).toMatchObject({ code: "FORBIDDEN", message });
    }
  });

  it("leaves a caller without a valid token to the procedure, which answers 401", () => {
    expect(() => assertOwnIds(null, ["someone-else"], message)).not.toThrow();
  });
});
