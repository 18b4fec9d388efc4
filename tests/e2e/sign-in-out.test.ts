import { eq } from "drizzle-orm";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { demoMentees, demoMentors, demoModerator } from "../../db/demo-data";
import { mentees, mentors, moderators } from "../../db/schema";
import { createMentee, sessionFor, testDb } from "../support/accounts";
import { rest, trpc } from "../support/api";
import {
  AREA_HOME,
  isTabSelected,
  LOGIN_QUERY,
  LOGIN_TAB,
  pathOf,
  type Role,
  readStoredSession,
  realtimeConnected,
  recordTrpcCalls,
  seedSession,
  submitSignIn,
  useBrowser,
  waitForPath,
} from "../support/browser";

/** Journey (SPEC §2, §3, §4, §8): each demo role signs in through /auth/login, is welcomed, and logs out. */

const b = useBrowser();

const DEMO: Record<Role, { email: string; name: string }> = {
  mentee: { email: demoMentees[0].email, name: `${demoMentees[0].firstName} ${demoMentees[0].lastName}` },
  mentor: { email: demoMentors[0].email, name: `${demoMentors[0].firstName} ${demoMentors[0].lastName}` },
  moderator: { email: demoModerator.email, name: `${demoModerator.firstName} ${demoModerator.lastName}` },
};

/** The exact field set of each session record (SPEC §3). */
const RECORD_FIELDS: Record<Role, string[]> = {
  mentee: ["isMenteeAuthenticated", "menteeId", "menteeName", "profileImageUrl", "accessToken", "refreshToken"],
  mentor: ["isMentorAuthenticated", "mentorId", "mentorName", "profileImageUrl", "accessToken", "refreshToken"],
  moderator: ["isModeratorAuthenticated", "moderatorId", "moderatorName", "accessToken", "refreshToken"],
};
const FLAG: Record<Role, string> = {
  mentee: "isMenteeAuthenticated",
  mentor: "isMentorAuthenticated",
  moderator: "isModeratorAuthenticated",
};
const REGENERATE: Record<Role, string> = {
  mentee: "/api/mentees/regenerate_access_token",
  mentor: "/api/mentors/regenerate_access_token",
  moderator: "/api/moderator/regenerate_access_token",
};

async function idOf(role: Role, email: string): Promise<string> {
  const table = { mentee: mentees, mentor: mentors, moderator: moderators }[role];
  const [row] = await testDb().select({ id: table.id }).from(table).where(eq(table.email, email));
  return row.id;
}

async function logOut(page: Page, role: Role) {
  if (role === "moderator") {
    await page.getByRole("button", { name: "Logout" }).click();
  } else {
    await page.getByRole("button", { name: "Account menu" }).click();
    await page.getByRole("menuitem", { name: "Logout" }).click();
  }
}

describe.each(["mentee", "mentor", "moderator"] as const)("%s sign-in and sign-out", (role) => {
  const { email, name } = DEMO[role];

  it("a wrong password gets the SPEC §8 message and stores nothing; the right one, from the preselected tab, stores the SPEC §3 record, is sent back to the area from /auth/login, and logs out", async () => {
    const page = b.page;
    const calls = recordTrpcCalls(page);
    await page.goto(`/auth/login?${LOGIN_QUERY[role]}`);
    await expect.poll(() => isTabSelected(page, role)).toBe(true);
    for (const other of (["mentee", "mentor", "moderator"] as const).filter((r) => r !== role))
      expect(await isTabSelected(page, other)).toBe(false);

    // A wrong password first: the message, the same page, nothing stored. The successful sign-in that follows clears
    // the demo account's failed-attempt count again.
    const [response] = await Promise.all([
      page.waitForResponse((r) => r.url().includes("/trpc/auth.login")),
      submitSignIn(page, role, email, "Wrong-password-1"),
    ]);
    expect(response.status()).toBe(role === "mentee" ? 401 : 409);
    const panel = page.getByRole("tabpanel", { name: LOGIN_TAB[role] });
    await expect.poll(() => panel.getByRole("alert").textContent()).toBe("Please verify the entered Email and Password");
    expect(pathOf(page)).toBe(`/auth/login?${LOGIN_QUERY[role]}`);
    expect(await readStoredSession(page, role)).toBeNull();
    expect(await isTabSelected(page, role)).toBe(true);

    await submitSignIn(page, role, email);
    await waitForPath(page, AREA_HOME[role]);
    await page.getByRole("heading", { level: 1, name: `Welcome, ${name}` }).waitFor();

    const stored = await readStoredSession(page, role);
    expect(Object.keys(stored ?? {}).sort()).toEqual([...RECORD_FIELDS[role]].sort());
    const id = await idOf(role, email);
    expect(stored).toMatchObject({ [FLAG[role]]: true, [`${role}Id`]: id, [`${role}Name`]: name });
    expect(stored?.accessToken).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(stored?.refreshToken).toMatch(/^[\w-]+\.[\w-]+$/);
    // The stored access token is the signed-in account's own.
    expect(await trpc(String(stored?.accessToken)).auth.session.query()).toMatchObject({ role, id, name });

    // A signed-in user opening the sign-in page is sent to their area: by the landing page's Login link, or by URL.
    await page.goto("/");
    // Signed in, the header's Login is her area.
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Dashboard", exact: true }).click();
    await waitForPath(page, AREA_HOME[role]);
    await page.goto("/auth/login");
    await waitForPath(page, AREA_HOME[role]);
    await page.getByRole("heading", { level: 1, name: `Welcome, ${name}` }).waitFor();

    // Logout: server session ended, record removed, back on the landing page.
    await logOut(page, role);
    await waitForPath(page, "/");
    expect(await readStoredSession(page, role)).toBeNull();
    expect(calls).toContain("auth.logout");
    expect((await rest("POST", REGENERATE[role], { body: { refreshToken: stored?.refreshToken } })).status).toBe(401);
    // Signed out, the area is guarded again.
    await page.goto(AREA_HOME[role]);
    await waitForPath(page, `/auth/login?${LOGIN_QUERY[role]}`);
  });
});

describe("signing out ends the sign-in everywhere", () => {
  it("another window holding the same sign-in loses its socket at once and is signed out", async () => {
    const mentee = await createMentee();
    // Signing in is not this test's subject: a live session made directly, as the sign-in page would have opened it.
    const { accessToken, refreshToken } = await sessionFor("mentee", mentee.email);
    const session = { id: mentee.id, name: `${mentee.firstName} ${mentee.lastName}`, accessToken, refreshToken };
    // A second browser with the same sign-in (its tokens copied): no shared storage, only the server ties the two together.
    const other = await (await b.newContext()).newPage();
    for (const page of [b.page, other]) await seedSession(page, "mentee", session);
    const roomUrls: string[] = [];
    const socketClosed = new Promise<void>((resolve) =>
      other.on("websocket", (socket) => {
        if (!socket.url().includes("/parties/user-room/")) return;
        roomUrls.push(socket.url());
        socket.on("close", () => resolve());
      }),
    );
    const connected = realtimeConnected(other);
    await other.goto(AREA_HOME.mentee);
    await connected;
    // The socket opened with a single-use ticket; the access token never travels in its URL.
    expect(new URL(roomUrls[0]).searchParams.get("ticket")).toMatch(/^[\w-]{43}$/);
    expect(roomUrls[0]).not.toContain(session.accessToken);

    await b.page.goto(AREA_HOME.mentee);
    await b.page.getByRole("heading", { level: 1, name: `Welcome, ${session.name}` }).waitFor();
    await logOut(b.page, "mentee");
    await waitForPath(b.page, "/");

    await socketClosed;
    await waitForPath(other, `/auth/login?${LOGIN_QUERY.mentee}`);
    expect(await readStoredSession(other, "mentee")).toBeNull();
  });
});

describe("account-type tabs", () => {
  it("switches by keyboard (arrow keys) and by click, each tab showing its own form", async () => {
    const page = b.page;
    await page.goto("/auth/login");
    await expect.poll(() => isTabSelected(page, "mentee")).toBe(true);
    expect(await page.getByRole("tablist", { name: "Account type" }).getByRole("tab").allTextContents()).toEqual([
      "Mentees",
      "Mentors",
      "Moderator",
    ]);
    expect(await page.getByRole("link", { name: "Create a mentee account" }).isVisible()).toBe(true);

    await page.getByRole("tab", { name: "Mentees", exact: true }).focus();
    await page.keyboard.press("ArrowRight");
    await expect.poll(() => isTabSelected(page, "mentor")).toBe(true);
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Mentors");
    expect(await page.getByRole("tabpanel", { name: "Mentors" }).getByRole("link", { name: "Apply as a mentor" }).isVisible()).toBe(true);
    expect(await page.getByRole("link", { name: "Create a mentee account" }).count()).toBe(0);

    await page.keyboard.press("ArrowRight");
    await expect.poll(() => isTabSelected(page, "moderator")).toBe(true);
    // SPEC §6: no sign-up link for moderators.
    const moderatorPanel = page.getByRole("tabpanel", { name: "Moderator" });
    expect(await moderatorPanel.getByRole("button", { name: "Sign in", exact: true }).isVisible()).toBe(true);
    expect(await moderatorPanel.getByRole("link").count()).toBe(0);

    await page.getByRole("tab", { name: "Mentees", exact: true }).click();
    await expect.poll(() => isTabSelected(page, "mentee")).toBe(true);
    expect(await page.getByRole("tabpanel", { name: "Mentees" }).getByLabel("Email").isVisible()).toBe(true);

    // Signing in from a tab chosen by click uses that tab's account type.
    await page.getByRole("tab", { name: "Moderator", exact: true }).click();
    await submitSignIn(page, "moderator", DEMO.moderator.email);
    await waitForPath(page, AREA_HOME.moderator);
    await page.getByRole("heading", { level: 1, name: `Welcome, ${DEMO.moderator.name}` }).waitFor();
  });
});

describe("the header after signing in from a profile, at 1280x800 and 360x740", () => {
  it("a visitor's menu offers Sign in and Sign up only at both widths; back on the profile the header offers her area at both, her bell does not greet her with her own sign-in, and the public menu signs her out", async () => {
    const mentee = await createMentee();
    const [asha] = await testDb().select({ id: mentors.id }).from(mentors).where(eq(mentors.email, DEMO.mentor.email));
    const page = b.page;
    const profile = `/browse/mentor/profile/${asha.id}`;
    const nav = page.getByRole("navigation", { name: "Main" });
    /** Opens the header's user menu, checks its items and that it fits the screen, and closes it again. */
    const expectMenu = async (items: string[]) => {
      await nav.getByRole("button", { name: "User menu" }).click();
      const menu = page.getByRole("menu");
      await menu.waitFor();
      expect(await menu.getByRole("menuitem").allInnerTexts()).toEqual(items);
      const box = (await menu.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(page.viewportSize()!.width);
      await page.keyboard.press("Escape");
      await menu.waitFor({ state: "detached" });
    };
    const expectNoSidewaysScroll = async () =>
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(page.viewportSize()!.width);

    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(profile);
    await page.getByRole("heading", { level: 1, name: DEMO.mentor.name }).waitFor();
    await expectMenu(["Sign in", "Sign up"]);
    await page.setViewportSize({ width: 360, height: 740 });
    await expectNoSidewaysScroll();
    await expectMenu(["Sign in", "Sign up"]);

    // On the phone: the header's Login, the sign-in page, and back on the profile.
    await nav.getByRole("link", { name: "Login", exact: true }).click();
    await page.getByRole("tab", { name: LOGIN_TAB.mentee, exact: true }).waitFor();
    await expectNoSidewaysScroll();
    await submitSignIn(page, "mentee", mentee.email);
    await waitForPath(page, profile);
    await nav.getByRole("link", { name: "Dashboard", exact: true }).waitFor();
    expect(await nav.getByRole("link", { name: "Login", exact: true }).count()).toBe(0);
    expect(await nav.getByRole("link", { name: "Dashboard", exact: true }).isVisible()).toBe(true);
    await expectNoSidewaysScroll();
    await expectMenu(["Dashboard", "Your Profile", "Sign out"]);
    await page.setViewportSize({ width: 1280, height: 800 });
    expect(await nav.getByRole("link", { name: "Dashboard", exact: true }).isVisible()).toBe(true);
    await expectMenu(["Dashboard", "Your Profile", "Sign out"]);

    // Her area: the bell has no news (the "New sign-in" notice is for her other devices).
    const connected = realtimeConnected(page);
    await nav.getByRole("link", { name: "Dashboard", exact: true }).click();
    await waitForPath(page, "/mentees");
    await connected;
    await page.getByRole("button", { name: /^Notifications/ }).waitFor();
    expect(await page.getByTestId("bell-dot").count()).toBe(0);

    // Signing out from the public menu, on the phone, signs her out.
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto(profile);
    await nav.getByRole("button", { name: "User menu" }).click();
    await page.getByRole("menu").getByRole("menuitem", { name: "Sign out" }).click();
    await waitForPath(page, "/");
    expect(await readStoredSession(page, "mentee")).toBeNull();
  });
});
