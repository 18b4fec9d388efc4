import { describe, expect, it } from "vitest";
import { BLOCKED_MESSAGE } from "../../worker/accounts/accounts";
import { createMentee, createMentor, setBlocked, signIn } from "../support/accounts";
import { rest } from "../support/api";
import {
  expiredAccessToken,
  isTabSelected,
  readStoredSession,
  realtimeConnected,
  recordTrpcCalls,
  seedSession,
  toasts,
  useBrowser,
  waitForPath,
} from "../support/browser";

/** Journey (SPEC §6, §7, ARCHITECTURE tokens): token refresh, an ended session, a blocked user, and pushes. */

const b = useBrowser();

const fullName = (row: { firstName: string; lastName: string }) => `${row.firstName} ${row.lastName}`;

describe("an expired access token", () => {
  it.each([
    ["mentee", "/mentees/profile", "/api/mentees/regenerate_access_token"],
    ["mentor", "/mentors/profile", "/api/mentors/regenerate_access_token"],
  ] as const)(
    "is refreshed transparently for a %s: one refresh call, both tokens rotated into the role's own fields, the page loads",
    async (role, path, regenerate) => {
      const row = role === "mentee" ? await createMentee() : await createMentor();
      const { refreshToken, id } = await signIn(role, row.email);
      const expired = await expiredAccessToken(role, id, refreshToken);
      const page = b.page;
      await seedSession(page, role, { id, name: fullName(row), accessToken: expired, refreshToken });
      const calls = recordTrpcCalls(page);

      await page.goto(path);
      await page.getByText(`Signed in as ${row.email}`).waitFor({ timeout: 15_000 });
      expect(calls.filter((c) => c === "auth.refresh")).toHaveLength(1);

      const stored = await readStoredSession(page, role);
      expect(stored?.accessToken).not.toBe(expired);
      expect(stored?.accessToken).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
      expect(stored?.refreshToken).not.toBe(refreshToken);
      expect(stored?.refreshToken).toMatch(/^[\w-]+\.[\w-]+$/);
      expect(stored).toMatchObject({ [`${role}Id`]: id, [`${role}Name`]: fullName(row) });
      // The old refresh token was rotated away; the new one is the live one.
      expect((await rest("POST", regenerate, { body: { refreshToken } })).status).toBe(401);
      expect(new URL(page.url()).pathname).toBe(path);
    },
  );

  it("that cannot be refreshed ends the session and sends the user to the role's sign-in", async () => {
    const mentee = await createMentee();
    const { refreshToken, id } = await signIn("mentee", mentee.email);
    const expired = await expiredAccessToken("mentee", id, refreshToken);
    const page = b.page;
    // A refresh token the server no longer knows (same id, wrong secret).
    await seedSession(page, "mentee", {
      id,
      name: fullName(mentee),
      accessToken: expired,
      refreshToken: `${refreshToken.split(".")[0]}.not-the-secret`,
    });
    const calls = recordTrpcCalls(page);

    await page.goto("/mentees/profile");
    await waitForPath(page, "/auth/login?mentees", 15_000);
    await expect.poll(() => isTabSelected(page, "mentee")).toBe(true);
    expect(await readStoredSession(page, "mentee")).toBeNull();
    expect(calls.filter((c) => c === "auth.refresh")).toHaveLength(1);
  });
});

describe("a user blocked while signed in", () => {
  it("is refused on the next request: the session is cleared, the blocked message shown, and the sign-in page opened", async () => {
    // With her zone already set, the area writes nothing by itself on opening (it sets an unset zone once it has read it), so
    // her Save is the next request: on a busy machine that start-up write could otherwise be the one refused.
    const mentee = await createMentee({ timeZone: "Asia/Kolkata" });
    const { accessToken, refreshToken, id } = await signIn("mentee", mentee.email);
    const page = b.page;
    await seedSession(page, "mentee", { id, name: fullName(mentee), accessToken, refreshToken });
    await page.goto("/mentees/profile");
    const save = page.getByRole("button", { name: "Save changes" });
    await save.waitFor({ timeout: 15_000 });

    const refusals: number[] = [];
    const saves: number[] = [];
    page.on("response", (r) => r.url().includes("/trpc/") && r.status() === 403 && refusals.push(r.status()));
    page.on("response", (r) => r.url().includes("/trpc/mentees.updateProfile") && saves.push(r.status()));
    // Watched from before the block: the toast lives a few seconds, and on a busy machine it can come and go while the
    // test is still waiting for the Save below.
    const blockedToast = toasts(page, BLOCKED_MESSAGE)
      .first()
      .waitFor({ timeout: 30_000 })
      .then(
        () => "shown",
        (error: Error) => error.message,
      );
    await setBlocked("mentee", id, true);
    // Her Save is refused as blocked. On a busy machine a query the page refetched meanwhile may be refused first: then the
    // Save goes out unsigned after the session was cleared (401), or the page has already left for the sign-in page and
    // there is no Save to press. Either way a call was refused as blocked and nothing was saved.
    await save.click({ timeout: 5_000 }).catch(() => undefined);
    await expect.poll(() => refusals.length).toBeGreaterThan(0);
    expect(saves.filter((status) => status < 400)).toEqual([]);

    expect(await blockedToast).toBe("shown");
    await waitForPath(page, "/auth/login?mentees");
    expect(await readStoredSession(page, "mentee")).toBeNull();
    // Nor can the blocked user get a new access token.
    expect((await rest("POST", "/api/mentees/regenerate_access_token", { body: { refreshToken } })).status).toBe(403);
  });

  it("is refused when the refresh itself finds the account blocked", async () => {
    const mentor = await createMentor();
    const { refreshToken, id } = await signIn("mentor", mentor.email);
    await setBlocked("mentor", id, true);
    const page = b.page;
    await seedSession(page, "mentor", {
      id,
      name: fullName(mentor),
      accessToken: await expiredAccessToken("mentor", id, refreshToken),
      refreshToken,
    });
    const calls = recordTrpcCalls(page);

    await page.goto("/mentors/profile");
    await toasts(page, BLOCKED_MESSAGE).first().waitFor({ timeout: 15_000 });
    // The sign-in page opens on the blocked user's own tab.
    await waitForPath(page, "/auth/login?mentors");
    expect(await isTabSelected(page, "mentor")).toBe(true);
    expect(await readStoredSession(page, "mentor")).toBeNull();
    expect(calls).toContain("auth.refresh");
  });
});

describe("pushes", () => {
  it("a sign-in elsewhere reaches the signed-in page as a New Notification toast; another user's sign-in does not", async () => {
    const mentee = await createMentee();
    const other = await createMentee();
    const { accessToken, refreshToken, id } = await signIn("mentee", mentee.email);
    const page = b.page;
    await seedSession(page, "mentee", { id, name: fullName(mentee), accessToken, refreshToken });
    const connected = realtimeConnected(page);
    await page.goto("/mentees");
    await page.getByRole("heading", { level: 1, name: `Welcome, ${fullName(mentee)}` }).waitFor();
    await connected;

    await signIn("mentee", other.email);
    await signIn("mentee", mentee.email);
    const toast = toasts(page, "New Notification");
    await toast.first().waitFor({ timeout: 10_000 });
    expect(await toast.first().textContent()).toContain("New sign-in to your account");
    expect(await toast.count()).toBe(1);
  });
});
