import { describe, expect, it } from "vitest";
import { shellOf } from "../../src/platform/page-shells";

describe("shellOf: the pre-rendered page a path paints before the app runs", () => {
  it("matches the three public routes by their shapes", () => {
    expect(shellOf("/")).toBe("landing");
    expect(shellOf("/browse/mentor/all")).toBe("browse");
    expect(shellOf("/browse/mentor/react%20native/")).toBe("browse");
    expect(shellOf("/browse/mentor/profile/8d1c")).toBe("profile");
    expect(shellOf("/browse/mentor/profile/8d1c/")).toBe("profile");
  });

  it("paints nothing on every other path, so no area ever flashes a public page", () => {
    for (const path of [
      "/mentees",
      "/mentees/browse/mentor/all",
      "/auth/login",
      "/browse",
      "/browse/mentor",
      "/browse/mentor/profile/a/b",
      "//",
      "/index.html",
    ]) {
      expect(shellOf(path), path).toBe("none");
    }
  });

  it("keeps working when inlined as source (index.html runs its text, not the module)", () => {
    const inlined = new Function(`return (${shellOf.toString()})`)() as typeof shellOf;
    expect(inlined("/browse/mentor/profile/x")).toBe("profile");
  });
});
