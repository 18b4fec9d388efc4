import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { mentors } from "../../db/schema";
import { createMentor, testDb } from "../support/accounts";
import { signInThroughUi, useBrowser } from "../support/browser";
import { createModerator } from "../support/moderation";
import { DAY, replyHistory, setLastActive, waitingSubscriber } from "../support/responsiveness";

/**
 * Responsive mentors (ADR 0026) in Chromium: a mentor's profile says how fast he usually replies and
 * when he was last active (his sign-in makes it "today"), and the moderator's home lists mentors who
 * leave subscribers waiting more than 72 hours, with a way into the mentors list.
 */

const b = useBrowser();

describe("responsive mentors", () => {
  it("a profile shows the reply time and last activity, and the mentor's sign-in makes it 'Active today'", async () => {
    const mentor = await createMentor({ firstName: "Nalini", lastName: "Quickreply" });
    await replyHistory(mentor.id, [60, 120, 150]);
    await setLastActive(mentor.id, new Date(Date.now() - 3 * DAY - 60_000));

    const visitor = b.page;
    await visitor.goto(`/browse/mentor/profile/${mentor.id}`);
    await visitor.getByRole("heading", { level: 1, name: "Nalini Quickreply" }).waitFor();
    await visitor.getByText("Usually replies within 2 hours · Active 3 days ago").waitFor();

    const mentorPage = await (await b.newContext()).newPage();
    await signInThroughUi(mentorPage, "mentor", mentor.email);
    await visitor.reload();
    await visitor.getByText("Usually replies within 2 hours · Active today").waitFor();

    // A phone's width: the line stays in the header card and wraps, never sideways.
    await visitor.setViewportSize({ width: 360, height: 800 });
    expect(await visitor.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

    // The demo mentor (seed): her chat's replies and a recent sign-in.
    const asha = await testDb().query.mentors.findFirst({ where: eq(mentors.email, "mentor@example.com"), columns: { id: true } });
    await visitor.goto(`/browse/mentor/profile/${asha!.id}`);
    await visitor.getByText(/^Usually replies within \d+ hours? · Active today$/).waitFor();
  });

  it("the moderator sees the mentors leaving subscribers waiting and opens one in the mentors list", async () => {
    const mentor = await createMentor({ firstName: "Silas", lastName: "Slowpoke" });
    await waitingSubscriber(mentor.id, [["mentee", 20 * 24]], 25);
    await waitingSubscriber(
      mentor.id,
      [
        ["mentor", 30 * 24],
        ["mentee", 5 * 24],
      ],
      25,
    );
    await setLastActive(mentor.id, new Date(Date.now() - 9 * DAY));
    const moderator = await createModerator();

    const page = b.page;
    await signInThroughUi(page, "moderator", moderator.email);
    const card = page.getByRole("list", { name: "Subscribers waiting for an answer" });
    const entry = card.getByRole("listitem").filter({ hasText: "Silas Slowpoke" });
    await entry.waitFor();
    const text = (await entry.innerText()).replace(/\s+/g, " ");
    expect(text).toContain("Waiting 2 subscribers");
    expect(text).toContain("Longest wait 20 days");
    expect(text).toContain("Last active 1 week ago");
    // The longest wait leads; the seeded demo's unanswered subscribers are listed too.
    expect(await card.getByRole("listitem").first().innerText()).toContain("Silas Slowpoke");
    await card.getByRole("listitem").filter({ hasText: "Rohan Kapoor" }).waitFor();

    await entry.getByRole("link", { name: /^Open in Mentors List ?, Silas Slowpoke$/ }).click();
    await page.waitForURL((url) => url.pathname === "/moderator/mentors-list" && url.searchParams.get("search") === mentor.email);
    await page.getByText(mentor.email).first().waitFor();
  });
});
