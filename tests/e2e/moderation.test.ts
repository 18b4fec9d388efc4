import { eq } from "drizzle-orm";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { demoModerator } from "../../db/demo-data";
import { DEMO_PASSWORD } from "../../db/factories";
import { mentors } from "../../db/schema";
import { BLOCKED_MESSAGE } from "../../worker/accounts/accounts";
import { createMentee, createMentor, sessionFor, testDb, uniqueEmail } from "../support/accounts";
import {
  type Role,
  readStoredSession,
  realtimeConnected,
  seedSession,
  signInThroughUi,
  toasts,
  useBrowser,
  waitForPath,
} from "../support/browser";
import { eventuallyDeliveredMail } from "../support/mail";
import { createEnrollment } from "../support/moderation";

/**
 * Moderation journeys (ADR 0012): vetting an applicant (who then signs in through the sign-in page; on the way the
 * applicants' list is checked at 360 px, on a long application), a ticket that ends in a block with the accused's tab
 * signed out, the moderator charts, and the moderator's lists and audit log. Signing in is not what the other journeys
 * are about: their people start from a session written into the browser (`seedSession`).
 */

const b = useBrowser();
const MODERATOR = demoModerator.email;
const MODERATOR_NAME = `${demoModerator.firstName} ${demoModerator.lastName}`;

/** The page signed in as an existing account (a real refresh session, no sign-in page), then opened on `path`. */
async function openSignedIn(page: Page, role: Role, email: string, name: string, path: string) {
  await seedSession(page, role, { ...(await sessionFor(role, email)), name });
  await page.goto(path);
}

async function applyThroughUi(page: Page, email: string, firstName: string) {
  await page.goto("/auth/mentor-register");
  await page.getByRole("heading", { name: "Become a Mentor" }).waitFor();
  await page.getByLabel("First Name").fill(firstName);
  await page.getByLabel("Last Name").fill("Applicant");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Mobile Number").fill("+919812345678");
  await page.getByLabel("Job Title").fill("Staff Engineer");
  await page.getByLabel("Firm Name").fill("Freshworks");
  await page.getByLabel("Location").fill("Chennai");
  await page.getByLabel("Bio").fill("Twelve years of backend work; I help engineers grow.");
  await page.getByLabel("Educational Qualification").fill("B.E., Anna University");
  await page.getByLabel("Hourly Rate (₹)").fill("1800");
  await page.getByLabel("Skills (comma separated)").fill("Go, Career Growth");
  await page.getByLabel("Password", { exact: true }).fill(DEMO_PASSWORD);
  await page.getByLabel("Confirm Password").fill(DEMO_PASSWORD);
  await page.getByRole("button", { name: "Submit application" }).click();
  await page.getByRole("dialog", { name: "Successfully Submitted your Application" }).waitFor({ timeout: 10_000 });
}

describe("moderation journeys", () => {
  it("a new mentor applies, the moderator accepts the application, the applicants' list fits a 360 px screen, and the mentor signs in", async () => {
    // Another applicant, with a long unbroken e-mail, website and bio: the one the moderator finds on the narrow screen.
    const narrowFirstName = `Narrow${crypto.randomUUID().slice(0, 4)}`;
    const narrowEmail = `${"a-very-long-address-without-breaks".repeat(2)}.${crypto.randomUUID().slice(0, 6)}@example.test`;
    await createMentor({
      firstName: narrowFirstName,
      lastName: "Applicant",
      email: narrowEmail,
      status: "pending",
      appliedAt: new Date(),
      website: `https://example.com/${"portfolio-".repeat(8)}`,
      bio: "Long bio. ".repeat(60),
    });
    const email = uniqueEmail("e2e-applicant");
    // Names are letters only: the random tag's digits become letters.
    const firstName = `Vetted${crypto
      .randomUUID()
      .slice(0, 6)
      .replace(/\d/g, (d) => "ghijklmnop"[Number(d)]!)}`;
    await applyThroughUi(b.page, email, firstName);

    const moderatorPage = await (await b.newContext()).newPage();
    await openSignedIn(moderatorPage, "moderator", MODERATOR, MODERATOR_NAME, "/moderator");
    await moderatorPage.getByRole("link", { name: "Mentor Applicants" }).click();
    const card = moderatorPage.locator(`[aria-label="Application of ${firstName} Applicant"]`);
    await card.waitFor();
    expect(await card.getByText("Freshworks").isVisible()).toBe(true);
    expect(await card.getByText("Go, Career Growth").isVisible()).toBe(true);
    await card.getByRole("button", { name: `Accept ${firstName} Applicant` }).click();
    await toasts(moderatorPage, `${firstName} Applicant accepted`).waitFor();
    await card.waitFor({ state: "detached" });
    expect((await testDb().query.mentors.findFirst({ where: eq(mentors.email, email) }))?.status).toBe("approved");

    // The same list on a 360 px screen: the long applicant, found by e-mail, fits it, her name on Accept and Reject.
    await moderatorPage.setViewportSize({ width: 360, height: 740 });
    await moderatorPage.getByLabel("Search by name or e-mail").fill(narrowEmail);
    await waitForPath(moderatorPage, `/moderator/mentor-applicants?search=${encodeURIComponent(narrowEmail)}`);
    const narrowName = `${narrowFirstName} Applicant`;
    const narrow = moderatorPage.locator(`[aria-label="Application of ${narrowName}"]`);
    await narrow.waitFor();
    await moderatorPage.getByText("1 application waiting", { exact: true }).waitFor();
    expect((await narrow.boundingBox())!.width).toBeLessThanOrEqual(360);
    expect(await moderatorPage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    expect(await narrow.getByRole("button", { name: `Accept ${narrowName}`, exact: true }).isVisible()).toBe(true);
    expect(await narrow.getByRole("button", { name: `Reject ${narrowName}`, exact: true }).isVisible()).toBe(true);
    await narrow.getByRole("button", { name: "Read the whole bio" }).click();
    await narrow.getByRole("button", { name: "Show less" }).waitFor();

    const mentorPage = await (await b.newContext()).newPage();
    await signInThroughUi(mentorPage, "mentor", email);
    expect(await readStoredSession(mentorPage, "mentor")).toMatchObject({
      isMentorAuthenticated: true,
      mentorName: `${firstName} Applicant`,
    });
  });

  it("a mentee raises a ticket, the moderator blocks the accused from the ticket, and the accused's open tab is signed out", async () => {
    const accused = await createMentor({ firstName: `Accused${crypto.randomUUID().slice(0, 4)}`, lastName: "Mentor" });
    const mentee = await createMentee({ firstName: "Reporter" });
    await createEnrollment(mentee.id, accused.id);
    const accusedName = `${accused.firstName} ${accused.lastName}`;

    // The accused is signed in, with the realtime room open, in another browser.
    const accusedPage = await (await b.newContext()).newPage();
    const connected = realtimeConnected(accusedPage);
    await openSignedIn(accusedPage, "mentor", accused.email, accusedName, "/mentors");
    await connected;

    const page = b.page;
    await openSignedIn(page, "mentee", mentee.email, `${mentee.firstName} ${mentee.lastName}`, "/mentees");
    await page.getByRole("button", { name: "Account menu" }).click();
    await page.getByRole("menuitem", { name: "Raise a Ticket" }).click();
    await waitForPath(page, "/mentees/tickets");
    const form = page.getByRole("form", { name: "Raise a ticket" });
    await form.getByLabel("The mentor").selectOption({ label: accusedName });
    await form.getByLabel("What happened").fill("Too short");
    await form.getByRole("button", { name: "Raise ticket" }).click();
    expect(await form.getByText("Please describe what happened in at least 10 characters").isVisible()).toBe(true);
    await form.getByLabel("What happened").fill("The mentor insulted me during our last session and then cancelled without notice.");
    await form.getByRole("button", { name: "Raise ticket" }).click();
    await toasts(page, "Ticket raised").waitFor();
    await page.getByText(`About ${accusedName}`).waitFor();

    const moderatorPage = await (await b.newContext()).newPage();
    await openSignedIn(moderatorPage, "moderator", MODERATOR, MODERATOR_NAME, "/moderator");
    await moderatorPage.getByRole("navigation", { name: "Moderator navigation" }).getByRole("link", { name: "Tickets" }).click();
    const ticket = moderatorPage.locator(`[aria-label="Ticket against ${accusedName}"]`);
    await ticket.waitFor();
    expect(await ticket.getByText("insulted me").isVisible()).toBe(true);
    // The reporter asked for her data too: the moderator has a copy prepared; it reaches her mail, not his screen.
    const reporterName = `${mentee.firstName} ${mentee.lastName}`;
    await ticket.getByRole("button", { name: `Send ${reporterName} a copy of their data` }).click();
    await toasts(moderatorPage, `A copy of ${reporterName}'s data is being prepared`).waitFor();
    expect((await eventuallyDeliveredMail(mentee.email, /data is ready to download/)).text).toMatch(/\/privacy\/download#export=/);
    // The button says whom it blocks.
    await ticket.getByRole("button", { name: `Block ${accusedName}`, exact: true }).click();
    const dialog = moderatorPage.getByRole("dialog", { name: `Block ${accusedName}?` });
    await dialog.getByLabel("Note (optional)").fill("Confirmed with the reporter.");
    await dialog.getByRole("button", { name: `Block ${accusedName}`, exact: true }).click();
    await toasts(moderatorPage, "User Blocked").waitFor();
    await ticket.getByText(/Resolved by blocking/).waitFor();

    // The accused's open tab: closed by the server, signed out with the reason, without any action of theirs.
    await waitForPath(accusedPage, "/auth/login?mentors", 15_000);
    await toasts(accusedPage, BLOCKED_MESSAGE).waitFor();
    expect(await readStoredSession(accusedPage, "mentor")).toBeNull();
  });

  it("the moderator home shows the counts and draws both daily charts as lines, also on a 360 px screen", async () => {
    for (const viewport of [undefined, { width: 360, height: 740 }]) {
      // The phone is a touch screen: its charts answer a tap.
      const page = viewport ? await (await b.newContext({ viewport, hasTouch: true, isMobile: true })).newPage() : b.page;
      await openSignedIn(page, "moderator", MODERATOR, MODERATOR_NAME, "/moderator");
      await page.getByText("Pending applicants").waitFor();
      for (const chart of ["enrollments", "new mentees"]) {
        // A chart is drawn when it comes near the screen (and the page is idle): she scrolls to it.
        await page.getByTestId(`chart-${chart}`).scrollIntoViewIfNeeded();
        const drawn = page.getByTestId(`chart-${chart}`);
        const dots = drawn.locator(".recharts-line-dot");
        await dots.first().waitFor({ state: "attached", timeout: 15_000 });
        // A point a day for 30 days on one line (the seed has days with none, drawn at zero).
        expect(await dots.count()).toBe(30);
        expect(await drawn.locator(".recharts-line path.recharts-line-curve").count()).toBe(1);
        const heights = await dots.evaluateAll((circles) => circles.map((circle) => -Number(circle.getAttribute("cy"))));
        expect(Math.max(...heights)).toBeGreaterThan(Math.min(...heights));
        // Labels on both axes, at most six days named, none over another (src/ui/daily-line-chart.tsx).
        const days = await drawn.locator(".recharts-xAxis-tick-labels text").evaluateAll((texts) =>
          texts.map((text) => {
            const box = text.getBoundingClientRect();
            return { text: text.textContent, left: box.left, right: box.right };
          }),
        );
        expect(days.length).toBeGreaterThanOrEqual(2);
        expect(days.length).toBeLessThanOrEqual(6);
        for (const [i, day] of days.entries()) {
          expect(day.text).toMatch(/^[A-Z][a-z]{2} \d{1,2}$/);
          if (i > 0) expect(day.left).toBeGreaterThan(days[i - 1].right);
        }
        expect(await drawn.locator(".recharts-yAxis-tick-labels text").count()).toBeGreaterThanOrEqual(2);
        // Pointing at the day with the highest point, or tapping it on the phone, names its value.
        const highest = heights.indexOf(Math.max(...heights));
        const box = (await dots.nth(highest).boundingBox())!;
        const tooltip = drawn.locator(".recharts-tooltip-wrapper").filter({ hasText: /: \d/ });
        if (viewport) {
          // recharts answers the tap's emulated pointer events; a tap while the page still settles from the scroll can
          // miss, and a person taps again.
          await expect
            .poll(
              async () => {
                await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
                return tooltip.isVisible();
              },
              { timeout: 15_000 },
            )
            .toBe(true);
        } else {
          await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
          await tooltip.waitFor({ state: "visible" });
          await page.mouse.move(0, 0);
          await tooltip.waitFor({ state: "hidden" });
        }
      }
      expect(await page.getByRole("link", { name: "Review applicants" }).isVisible()).toBe(true);
      // Polled: recharts slides its tooltip for 400 ms, from the right of the point to its left near the right edge.
      if (viewport) await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    }
  });
});

describe("moderator lists", () => {
  it("a failed load toasts 'Error Fetching Mentees List' with a retry; Block and Unblock ask for a reason and show the new status; the audit log finds both by the person's name", async () => {
    const mentee = await createMentee({ firstName: "Listed", lastName: `Mentee${crypto.randomUUID().slice(0, 4)}` });
    const name = `${mentee.firstName} ${mentee.lastName}`;
    const page = b.page;
    await openSignedIn(page, "moderator", MODERATOR, MODERATOR_NAME, "/moderator");
    await page.route("**/trpc/moderation.mentees**", (route) =>
      route.fulfill({ status: 500, contentType: "application/json", body: "{}" }),
    );
    await page.getByRole("navigation", { name: "Moderator navigation" }).getByRole("link", { name: "Mentees List" }).click();
    await toasts(page, "Error Fetching Mentees List").waitFor();
    await page.unroute("**/trpc/moderation.mentees**");
    await page.getByRole("button", { name: "Retry" }).click();

    await page.getByLabel("Search by name or e-mail").fill(mentee.email);
    await waitForPath(page, `/moderator/mentees-list?search=${encodeURIComponent(mentee.email)}`);
    await page.getByRole("heading", { name }).waitFor();
    await page.getByRole("button", { name: `Block ${name}` }).click();
    const dialog = page.getByRole("dialog", { name: `Block ${name}?` });
    await dialog.getByRole("button", { name: "Block" }).click();
    expect(await dialog.getByText("Please give a reason").isVisible()).toBe(true);
    await dialog.getByLabel("Reason").fill("Spam messages to several mentors.");
    await dialog.getByRole("button", { name: "Block" }).click();
    await toasts(page, "User Blocked").waitFor();
    await page.getByRole("button", { name: `Unblock ${name}` }).waitFor();
    expect(await page.getByText("Blocked", { exact: true }).isVisible()).toBe(true);

    await page.getByRole("button", { name: `Unblock ${name}` }).click();
    const unblock = page.getByRole("dialog", { name: `Unblock ${name}?` });
    await unblock.getByLabel("Reason").fill("Cleared after review.");
    await unblock.getByRole("button", { name: "Unblock" }).click();
    await toasts(page, "User Unblocked").waitFor();
    await page.getByRole("button", { name: `Block ${name}` }).waitFor();

    // History beside Block: her sessions first, her moderation log one link further.
    await page.getByRole("button", { name: `History of ${name}` }).click();
    const history = page.getByRole("dialog", { name: `Sessions of ${name}` });
    await history.getByText("No settled sessions in the last 90 days.").waitFor();
    await history.getByRole("link", { name: `Moderation log of ${name}` }).click();
    await page.getByText("Reason: Cleared after review.").waitFor();
    expect(await page.getByText("Reason: Spam messages to several mentors.").isVisible()).toBe(true);

    // The whole audit log, searched by the person's name (not an account id): both actions, newest first, then oldest.
    await page.getByRole("navigation", { name: "Moderator navigation" }).getByRole("link", { name: "Audit Log" }).click();
    await waitForPath(page, "/moderator/audit-log");
    await page.getByLabel("Person (name or e-mail)").fill(name);
    await page.getByText("2 actions", { exact: true }).waitFor();
    expect(await page.getByText(/^Reason: /).allTextContents()).toEqual([
      "Reason: Cleared after review.",
      "Reason: Spam messages to several mentors.",
    ]);
    await page.getByLabel("Sort by").selectOption("oldest");
    await page.waitForURL(/sort=oldest/);
    await page.getByText("2 actions", { exact: true }).waitFor();
    const reasons = await page.getByText(/^Reason: /).allTextContents();
    expect(reasons).toEqual(["Reason: Spam messages to several mentors.", "Reason: Cleared after review."]);
  });
});

describe("moderator at scale", () => {
  it("mentees page with the keyboard: 20 a page, Next keeps focus, sort by name, a search with no match says so", async () => {
    const surname = `Kb${crypto
      .randomUUID()
      .replace(/[^a-f]/g, "")
      .slice(0, 6)}`;
    for (let i = 0; i < 21; i++)
      await createMentee({
        firstName: `M${String(i).padStart(2, "0")}`,
        lastName: surname,
        createdAt: new Date(Date.now() - (30 - i) * 60_000),
      });
    const page = b.page;
    await openSignedIn(page, "moderator", MODERATOR, MODERATOR_NAME, `/moderator/mentees-list?search=${surname}`);
    await page.getByText("21 mentees").waitFor();
    expect(await page.getByRole("heading", { name: `M20 ${surname}` }).isVisible()).toBe(true); // newest first
    expect(await page.getByText("1–20 of 21 · page 1 of 2").isVisible()).toBe(true);

    await page.getByRole("button", { name: "Next page" }).focus();
    await page.keyboard.press("Enter");
    await page.getByText("21–21 of 21 · page 2 of 2").waitFor();
    expect(await page.getByRole("heading", { name: `M00 ${surname}` }).isVisible()).toBe(true);
    expect(await page.evaluate(() => document.activeElement?.getAttribute("aria-label"))).toBe("Next page");
    await page.keyboard.press("Shift+Tab");
    await page.keyboard.press("Enter");
    await page.getByText("1–20 of 21 · page 1 of 2").waitFor();

    await page.getByLabel("Sort by").selectOption("name");
    await waitForPath(page, `/moderator/mentees-list?search=${surname}&sort=name`);
    await page.getByRole("heading", { name: `M00 ${surname}` }).waitFor();
    expect(await page.locator("section ul h2").first().textContent()).toBe(`M00 ${surname}`);

    await page.getByLabel("Search by name or e-mail").fill(`${surname}-nobody`);
    await page.getByText(`No mentees match "${surname}-nobody".`).waitFor();
  });
});
