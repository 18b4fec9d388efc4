import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { deadLetters, emailOutbox } from "../../db/schema";
import { createMentee, testDb } from "../support/accounts";
import { signInThroughUi, useBrowser } from "../support/browser";
import { createModerator } from "../support/moderation";

/** The moderator's "Background work" page (ADR 0031): a parked e-mail is listed and sent again after a confirmation. */

const b = useBrowser();

/** A mail that failed its last attempt, as the queue's consumer leaves it: the parked outbox row and its dead letter. */
async function parkedMail(to: string) {
  const db = testDb();
  const at = new Date();
  const [row] = await db
    .insert(emailOutbox)
    .values({
      to,
      subject: "Your receipt from MentorLink",
      body: "Thank you.",
      lane: "bulk",
      attempts: 10,
      lastError: "provider answered 503",
      queuedAt: at,
      deadAt: at,
    })
    .returning();
  await db.insert(deadLetters).values({ queue: "mail-bulk", body: { kind: "mail", id: row.id }, attempts: 10, createdAt: at });
  return row;
}

describe("background work", () => {
  for (const viewport of [
    { width: 1280, height: 800 },
    { width: 360, height: 740 },
  ]) {
    it(`a moderator sends a parked e-mail again at ${viewport.width} px`, async () => {
      const moderator = await createModerator();
      const mentee = await createMentee();
      const row = await parkedMail(mentee.email);
      const page = await (await b.newContext({ viewport })).newPage();
      await signInThroughUi(page, "moderator", moderator.email);

      await page.getByRole("link", { name: /Background work/ }).click();
      await page.getByRole("heading", { name: "Background work", level: 1 }).waitFor();
      await page.getByRole("heading", { name: "Backlog" }).waitFor();
      const card = page.getByRole("listitem").filter({ has: page.locator(`[aria-label="E-mail to ${mentee.email}"]`) });
      await card.waitFor();
      expect(await card.getByText("Your receipt from MentorLink").isVisible()).toBe(true);
      expect(await card.getByText("provider answered 503").isVisible()).toBe(true);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);

      await card.getByRole("button", { name: `Send the e-mail to ${mentee.email} again` }).click();
      const dialog = page.getByRole("dialog", { name: `Send this e-mail to ${mentee.email} again?` });
      await dialog.waitFor();
      await dialog.getByRole("button", { name: "Send again" }).click();

      await page
        .getByRole("status")
        .filter({ hasText: `Sent again to ${mentee.email}.` })
        .waitFor();
      await card.waitFor({ state: "detached" });
      await expect
        .poll(async () => (await testDb().select().from(emailOutbox).where(eq(emailOutbox.id, row.id)))[0].sentAt, { timeout: 10_000 })
        .not.toBeNull();
    });
  }
});
