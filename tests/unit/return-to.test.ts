import { describe, expect, it } from "vitest";
import { returnPathFor, safeReturnPath, validateRedirectSearch } from "../../src/accounts/return-to";

describe("return-to paths", () => {
  it("keeps same-origin paths with their query and fragment", () => {
    expect(safeReturnPath("/browse/mentor/profile/abc")).toBe("/browse/mentor/profile/abc");
    expect(safeReturnPath("/mentees/schedules?mentorId=abc#slots")).toBe("/mentees/schedules?mentorId=abc#slots");
    expect(safeReturnPath("/")).toBe("/");
  });

  it.each([
    ["protocol-relative", "//evil.example/path"],
    ["absolute URL", "https://evil.example/"],
    ["javascript scheme", "javascript:alert(1)"],
    ["backslash", "/\\evil.example"],
    ["backslash later", "/mentees\\..\\x"],
    ["relative", "mentees"],
    ["empty", ""],
    ["a tab that browsers drop", "/\t/evil.example"],
    ["a newline", "/mentees\n"],
    ["the sign-in page itself", "/auth/login?mentees"],
    ["too long", `/${"a".repeat(2001)}`],
  ])("ignores %s", (_name, value) => {
    expect(safeReturnPath(value)).toBeNull();
  });

  it("ignores what is not a string", () => {
    expect(safeReturnPath(undefined)).toBeNull();
    expect(safeReturnPath(["/mentees"])).toBeNull();
    expect(safeReturnPath(42)).toBeNull();
  });

  it("goes back only to a public page or the signed-in role's own area", () => {
    expect(returnPathFor("mentee", "/browse/mentor/profile/abc")).toBe("/browse/mentor/profile/abc");
    expect(returnPathFor("mentee", "/mentees/booked-slots")).toBe("/mentees/booked-slots");
    expect(returnPathFor("mentor", "/mentees/booked-slots")).toBeNull();
    expect(returnPathFor("moderator", "/moderator/tickets")).toBe("/moderator/tickets");
    expect(returnPathFor("mentee", "//evil.example")).toBeNull();
  });

  it("keeps ?redirect= in a page's search only when it is safe", () => {
    expect(validateRedirectSearch({ redirect: "/browse/mentor/profile/abc", other: 1 })).toEqual({
      redirect: "/browse/mentor/profile/abc",
    });
    expect(validateRedirectSearch({ redirect: "https://evil.example" })).toEqual({});
    expect(validateRedirectSearch({})).toEqual({});
  });
});
