import { describe, expect, it } from "vitest";
import { rest, trpc } from "../support/api";
import { latestResetCode } from "../support/mail";
import { createModerator } from "../support/moderation";
import { call, mentee, mentor } from "../support/scheduling";

/**
 * The private calendar feed's secret URL ends with the account's sign-ins (ADR 0005): a password reset
 * ("signed out everywhere") and a moderator's block give it a new secret in the same batch, so a copy
 * of the old URL stops working at once.
 */

const feedPath = (url: string) => new URL(url).pathname;

async function feedOf(token: string) {
  const { url } = await trpc(token).scheduling.resetCalendarFeed.mutate();
  const before = await call("GET", feedPath(url));
  expect(before.status).toBe(200);
  expect(before.text).toContain("BEGIN:VCALENDAR");
  return url;
}

describe("the calendar feed's secret after the sign-ins end", () => {
  it("a password reset gives the feed a new URL: the old one answers 404, the owner's new one works", async () => {
    const me = await mentee();
    const old = await feedOf(me.token);
    expect((await rest("POST", "/api/mentees/sent-otp", { body: { email: me.row.email } })).status).toBe(200);
    const otp = await latestResetCode(me.row.email);
    const reset = await rest("POST", "/api/mentees/verify-otp", {
      body: { email: me.row.email, otp, password: "N3w-pass!word", confirmPassword: "N3w-pass!word" },
    });
    expect(reset.status).toBe(200);

    expect((await call("GET", feedPath(old))).status).toBe(404);
    const { accessToken } = (await rest("POST", "/api/mentees/login", { body: { email: me.row.email, password: "N3w-pass!word" } }))
      .body as { accessToken: string };
    const { url } = await trpc(accessToken).scheduling.calendarFeed.query();
    expect(url).not.toBeNull();
    expect(url).not.toBe(old);
    expect((await call("GET", feedPath(url!))).status).toBe(200);
  });

  it("a moderator's block gives the feed a new URL: the old one answers 404", async () => {
    const m = await mentor();
    const old = await feedOf(m.token);
    const moderator = await createModerator();
    await trpc(moderator.token).moderation.setBlocked.mutate({ role: "mentor", id: m.id, blocked: true, reason: "Spam in the profile" });
    expect((await call("GET", feedPath(old))).status).toBe(404);
  });

  it("a wrong reset code leaves the feed alone", async () => {
    const me = await mentee();
    const old = await feedOf(me.token);
    await rest("POST", "/api/mentees/sent-otp", { body: { email: me.row.email } });
    const otp = await latestResetCode(me.row.email);
    const wrong = otp === "000000" ? "111111" : "000000";
    expect(
      (
        await rest("POST", "/api/mentees/verify-otp", {
          body: { email: me.row.email, otp: wrong, password: "N3w-pass!word", confirmPassword: "N3w-pass!word" },
        })
      ).status,
    ).toBe(400);
    expect((await call("GET", feedPath(old))).status).toBe(200);
  });
});
