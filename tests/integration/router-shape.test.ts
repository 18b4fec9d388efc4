import { describe, expect, it } from "vitest";
import { app } from "../../worker/app";

/**
 * Hono's default router tries its regular-expression router (one expression a method, built once) and falls
 * back to its trie router for every route when one route cannot be expressed in it: a parameter and a fixed
 * word at the same place, such as `/x/:id/html` beside `/x/messages.json`. The trie cost about 0.28 ms of
 * Worker CPU on every request under the booking race (bench/worker-profile.ts, ADR 0017).
 */
describe("the Worker's routes", () => {
  it("all fit Hono's regular-expression router, so it is the one that matches", () => {
    expect(app.router.match("GET", "/healthz")[0].length).toBeGreaterThan(0);
    expect(app.router.name).toBe("SmartRouter + RegExpRouter");
  });
});
