import { describe, expect, it } from "vitest";
import {
  AREA_HOME,
  isTabSelected,
  LOGIN_QUERY,
  pathOf,
  type Role,
  STORAGE_KEY,
  seedSession,
  useBrowser,
  waitForPath,
} from "../support/browser";

/** Journey (SPEC §2): the areas are guarded; the sign-in URL a guard sends to preselects the right account type. */

const b = useBrowser();
const ROLES = ["mentee", "mentor", "moderator"] as const;
const others = (role: Role) => ROLES.filter((r) => r !== role);

async function expectOnlySelected(role: Role) {
  await expect.poll(() => isTabSelected(b.page, role)).toBe(true);
  for (const other of others(role)) expect(await isTabSelected(b.page, other)).toBe(false);
}

describe("area guards without a session", () => {
  it.each(ROLES)("%s area and its sub-pages redirect to the role's sign-in tab", async (role) => {
    const page = b.page;
    await page.goto(AREA_HOME[role]);
    await waitForPath(page, `/auth/login?${LOGIN_QUERY[role]}`);
    await expectOnlySelected(role);
    expect(await page.getByRole("heading", { name: /^Welcome/ }).count()).toBe(0);

    const deep = { mentee: "/mentees/profile", mentor: "/mentors/profile", moderator: "/moderator/tickets" }[role];
    await page.goto(deep);
    await waitForPath(page, `/auth/login?${LOGIN_QUERY[role]}`);
    await expectOnlySelected(role);
  });

  it("a session of one role does not open another role's area: the guard's sign-in page sends the user to their own area", async () => {
    const page = b.page;
    await seedSession(page, "mentee", { id: "m-1", name: "Someone", accessToken: "x.y.z", refreshToken: "a.b" });
    const seen: string[] = [];
    page.on("framenavigated", (frame) => {
      if (frame === page.mainFrame()) seen.push(pathOf(page));
    });
    await page.goto("/mentors");
    await waitForPath(page, "/mentees");
    await page.goto("/moderator");
    await waitForPath(page, "/mentees");
    expect(seen).toContain("/auth/login?mentors");
    expect(seen).toContain("/auth/login?modarators");
  });
});

describe("sign-in query preselection", () => {
  it.each([
    ["mentees", "mentee"],
    ["mentors", "mentor"],
    ["modarators", "moderator"],
    ["moderators", "moderator"],
  ] as const)("?%s preselects the %s tab", async (query, role) => {
    await b.page.goto(`/auth/login?${query}`);
    await expectOnlySelected(role);
    expect(pathOf(b.page)).toBe(`/auth/login?${query}`);
  });

  it("no query preselects Mentees", async () => {
    await b.page.goto("/auth/login");
    await expectOnlySelected("mentee");
  });
});

describe("what each guard checks (SPEC §2)", () => {
  it("the mentor and moderator guards need the authenticated flag; the mentee guard only the record's existence", async () => {
    const page = b.page;
    await seedSession(page, "mentee", { id: "m-1", name: "Someone", accessToken: "x.y.z", refreshToken: "a.b" });
    await page.evaluate((keys) => {
      const mentee = JSON.parse(localStorage.getItem(keys.mentee) ?? "{}") as Record<string, unknown>;
      localStorage.setItem(keys.mentee, JSON.stringify({ ...mentee, isMenteeAuthenticated: false }));
      localStorage.setItem(
        keys.mentor,
        JSON.stringify({
          isMentorAuthenticated: false,
          mentorId: "x",
          mentorName: "X",
          profileImageUrl: "",
          accessToken: "",
          refreshToken: "",
        }),
      );
      localStorage.setItem(
        keys.moderator,
        JSON.stringify({ isModeratorAuthenticated: false, moderatorId: "x", moderatorName: "X", accessToken: "", refreshToken: "" }),
      );
    }, STORAGE_KEY);

    await page.goto("/mentors");
    await waitForPath(page, "/auth/login?mentors");
    await page.goto("/moderator");
    await waitForPath(page, "/auth/login?modarators");
    await page.goto("/mentees");
    await waitForPath(page, "/mentees");
    await page.getByRole("button", { name: "Account menu" }).waitFor();
  });
});
