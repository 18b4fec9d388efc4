import { eq } from "drizzle-orm";
import type { Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { DEMO_PASSWORD } from "../../db/factories";
import { accountDeletions, earnings, enrollments, tickets, timeSlots } from "../../db/schema";
import { accessTokenFor, createMentee, createMentor, sessionFor, testDb, uniqueEmail } from "../support/accounts";
import { trpc } from "../support/api";
import { closing, seedSession, signInThroughUi, toasts, useBrowser, waitForPath } from "../support/browser";
import { chatPair, openChat, sendAs } from "../support/chat";
import { signInInto } from "../support/find-mentor";
import { payOnLocalCheckout, readyMentor } from "../support/local-money";
import { createEnrollment, createModerator } from "../support/moderation";
import { book, call, DAY, hoursAhead, publishOne } from "../support/scheduling";

/**
 * "Delete my account" in the browser (ADR 0042): on the mentee's and the mentor's profile; it says what happens, asks
 * for the password and asks once more before anything is done; afterwards she is signed out, and signing in again
 * restores the account and says so. A mentor's sessions of the next 7 days are listed first. In Hindi too.
 *
 * The card is one column at every width (its dialog too), so each journey is driven once, half of them at 1280 and
 * half at 360 px, and the card is checked at the other width on the same screen: nothing scrolls sideways and each
 * control a person needs is whole on the screen. The tests start signed in through a seeded session, except where
 * signing in is the point (the restore, Google's sign-in); the server's rules behind each refusal and amount are
 * checked in tests/integration/account-deletion.test.ts.
 */

const b = useBrowser();

const card = (page: Page) => page.getByTestId("delete-account-card");
const noSidewaysScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

const WIDE = { width: 1280, height: 800 };
const PHONE = { width: 360, height: 740 };
type Size = typeof WIDE;

/**
 * The screen as it is now at the other width, then back at the width the journey is driven at: at each, nothing
 * scrolls sideways and each control is whole on the screen once scrolled to (not cut by the edge nor wider than it).
 */
async function fitsBothWidths(page: Page, drivenAt: Size, controls: Locator[]) {
  for (const size of [drivenAt === WIDE ? PHONE : WIDE, drivenAt]) {
    await page.setViewportSize(size);
    expect(await noSidewaysScroll(page), `sideways scroll at ${size.width} px`).toBe(true);
    for (const control of controls) {
      await control.scrollIntoViewIfNeeded();
      const box = await control.boundingBox();
      expect(box, `${control} at ${size.width} px`).not.toBeNull();
      expect(box!.x >= 0 && box!.x + box!.width <= size.width && box!.y >= 0 && box!.y + box!.height <= size.height).toBe(true);
    }
  }
}

/** A signed-in session written for the account (no sign-in page, no password hash), then its profile page. */
async function openProfileAs(page: Page, role: "mentee" | "mentor", account: { email: string; firstName: string; lastName: string }) {
  await signInInto(page, role, account);
  await page.goto(role === "mentee" ? "/mentees/profile" : "/mentors/profile");
}
/** A mentee who paid ₹8,000 on the local Stripe, with one call of the period used (booked inside her 12-hour window): 3 of 4 left. */
async function paidMenteeWithOneCallUsed() {
  const { mentor } = await readyMentor();
  const { buyer } = await payOnLocalCheckout(mentor.id);
  const slotId = await publishOne(await accessTokenFor("mentor", mentor.id), hoursAhead(3));
  const bookedAt = new Date(Date.now() - DAY);
  await testDb()
    .update(timeSlots)
    .set({ state: "booked", menteeId: buyer.id, bookedAt, bookingId: `${slotId}-${bookedAt.getTime()}` })
    .where(eq(timeSlots.id, slotId));
  // The payment's webhook may lag on a busy machine.
  await expect
    .poll(async () => (await testDb().select().from(earnings).where(eq(earnings.menteeId, buyer.id))).length, { timeout: 10_000 })
    .toBe(1);
  const [earning] = await testDb().select().from(earnings).where(eq(earnings.menteeId, buyer.id));
  return { mentor, buyer, earningId: earning.id };
}

/** Presses "Delete my account" on the card, confirms it in the dialog, and waits until she is signed out to the landing. */
async function deleteAndConfirm(page: Page) {
  await card(page).getByRole("button", { name: "Delete my account" }).click();
  await page.getByRole("dialog", { name: "Delete your account?" }).getByRole("button", { name: "Delete my account" }).click();
  await waitForPath(page, "/", 15_000);
}

const deletionOf = async (userId: string) => (await testDb().select().from(accountDeletions).where(eq(accountDeletions.userId, userId)))[0];

describe("deleting an account", () => {
  it("at 360 px (and its card at 1280): a mentee is told what happens, asked first, refused a wrong password, signed out, and restored by signing in", async () => {
    const page = b.page;
    await page.setViewportSize(PHONE);
    const mentee = await createMentee();
    await openProfileAs(page, "mentee", mentee);
    await card(page).getByTestId("delete-account-effects").waitFor();
    expect(await card(page).textContent()).toContain("For 14 days, signing in again restores your account");
    const password = card(page).getByLabel("Your password");
    const remove = card(page).getByRole("button", { name: "Delete my account" });
    await fitsBothWidths(page, PHONE, [password, remove]);

    await password.fill("not my password");
    await remove.click();
    // What cannot be undone asks first: nothing is sent until she confirms.
    const dialog = page.getByRole("dialog", { name: "Delete your account?" });
    await dialog.waitFor();
    await dialog.getByRole("button", { name: "Keep my account" }).click();
    expect(await deletionOf(mentee.id)).toBeUndefined();

    await remove.click();
    await dialog.getByRole("button", { name: "Delete my account" }).click();
    await expect.poll(() => card(page).getByRole("alert").textContent(), { timeout: 15_000 }).toContain("That password is not right.");
    expect(await deletionOf(mentee.id)).toBeUndefined();

    await password.fill(DEMO_PASSWORD);
    await deleteAndConfirm(page);
    await toasts(page, "Your account will be deleted on").first().waitFor({ timeout: 15_000 });
    expect((await deletionOf(mentee.id)).state).toBe("pending");

    // Signing in again is the point here: through the sign-in page.
    await signInThroughUi(page, "mentee", mentee.email);
    await toasts(page, "Your account is restored").first().waitFor({ timeout: 15_000 });
    expect((await deletionOf(mentee.id)).state).toBe("restored");
  }, 120_000);

  it("at 1280 px (and its card at 360): a mentee with a session in the next 12 hours is told it stays booked, and it does", async () => {
    const page = b.page;
    await page.setViewportSize(WIDE);
    const [mentor, mentee] = await Promise.all([createMentor({ timeZone: "Asia/Kolkata" }), createMentee()]);
    await createEnrollment(mentee.id, mentor.id);
    const slotId = await publishOne(await accessTokenFor("mentor", mentor.id), hoursAhead(6));
    // Booked a day ago, when it was beyond the mentor's notice.
    const bookedAt = new Date(Date.now() - DAY);
    await testDb()
      .update(timeSlots)
      .set({ state: "booked", menteeId: mentee.id, bookedAt, bookingId: `${slotId}-${bookedAt.getTime()}` })
      .where(eq(timeSlots.id, slotId));

    await openProfileAs(page, "mentee", mentee);
    const late = card(page).getByTestId("delete-account-late");
    await late.waitFor({ timeout: 15_000 });
    expect(await late.textContent()).toContain("Your 1 session in the next 12 hours is too close to cancel: it stays booked");
    expect(await card(page).getByTestId("delete-account-effects").textContent()).toContain("You have no upcoming sessions.");
    const password = card(page).getByLabel("Your password");
    await fitsBothWidths(page, WIDE, [password, card(page).getByRole("button", { name: "Delete my account" })]);

    await password.fill(DEMO_PASSWORD);
    await deleteAndConfirm(page);
    expect((await deletionOf(mentee.id)).state).toBe("pending");
    expect((await testDb().select().from(timeSlots).where(eq(timeSlots.id, slotId)))[0]).toMatchObject({
      state: "booked",
      menteeId: mentee.id,
    });
  }, 120_000);

  it("at 360 px (and its card at 1280): a mentee with a running subscription sees what ending it now gives back, chooses it, and is told the amount", async () => {
    const page = b.page;
    await page.setViewportSize(PHONE);
    const her = await paidMenteeWithOneCallUsed();
    await openProfileAs(page, "mentee", her.buyer);
    const choice = card(page).getByTestId("delete-account-subscriptions");
    await choice.waitFor({ timeout: 15_000 });
    expect(await choice.textContent()).toContain(`${her.mentor.firstName} ${her.mentor.lastName}: 3 of 4 calls left in this period`);
    expect(await card(page).getByTestId("delete-account-refund").textContent()).toBe("₹6,000 back to your card");
    // "Keep it" is the default.
    expect(await card(page).getByTestId("delete-account-keep").isChecked()).toBe(true);
    const endNow = card(page).getByTestId("delete-account-end-now");
    const password = card(page).getByLabel("Your password");
    await fitsBothWidths(page, PHONE, [endNow, password, card(page).getByRole("button", { name: "Delete my account" })]);

    await endNow.check();
    await password.fill(DEMO_PASSWORD);
    await deleteAndConfirm(page);
    await toasts(page, "₹6,000 goes back to your card").first().waitFor({ timeout: 15_000 });
    expect((await testDb().select().from(earnings).where(eq(earnings.id, her.earningId)))[0].refundedPaise).toBe(600_000);
    expect((await testDb().select().from(enrollments).where(eq(enrollments.menteeId, her.buyer.id)))[0].status).toBe("canceled");
    // She signs in again: her deletion is restored, so this file's erasure run (5 accounts a run) is not taken up by hers.
    const again = await trpc().auth.login.mutate({ role: "mentee", email: her.buyer.email, password: DEMO_PASSWORD });
    expect(again).toMatchObject({ restored: true });
  }, 120_000);

  it("at 1280 px (and its card at 360): a mentor sees his sessions of the next 7 days and cannot go on until he cancels them or ticks “Cancel them for me”", async () => {
    const page = b.page;
    await page.setViewportSize(WIDE);
    const [mentor, mentee] = await Promise.all([createMentor({ timeZone: "Asia/Kolkata" }), createMentee()]);
    await createEnrollment(mentee.id, mentor.id);
    const slotId = await publishOne(await accessTokenFor("mentor", mentor.id), hoursAhead(40));
    expect((await book(await accessTokenFor("mentee", mentee.id), slotId)).status).toBe(201);

    await openProfileAs(page, "mentor", mentor);
    const soon = card(page).getByTestId("delete-account-soon");
    await soon.waitFor({ timeout: 15_000 });
    expect(await soon.textContent()).toContain(`${mentee.firstName} ${mentee.lastName}`);
    expect(await card(page).textContent()).toContain("payout account is closed");
    const remove = card(page).getByRole("button", { name: "Delete my account" });
    expect(await remove.isDisabled()).toBe(true);
    const cancelForMe = soon.getByLabel(/Cancel them for me/);
    const password = card(page).getByLabel("Your password");
    await fitsBothWidths(page, WIDE, [cancelForMe, password, remove]);
    await cancelForMe.check();
    await password.fill(DEMO_PASSWORD);
    await deleteAndConfirm(page);
    expect((await deletionOf(mentor.id)).cancelledForHim).toBe(true);
    // Signed out to the landing, which fits either screen.
    await fitsBothWidths(page, WIDE, []);
  }, 120_000);
});

/**
 * A mentee who signs in with Google only (the local Google names her `local-<e-mail>`), on her profile page through a
 * seeded session: confirming with Google is what these tests are about; Google's sign-in itself is still driven, by the
 * restore at their end.
 */
async function googleOnlyMenteeOnHerProfile(page: Page, label: string) {
  const email = uniqueEmail(label);
  const mentee = await createMentee({ email, passwordHash: null, googleId: `local-${email}`, emailVerifiedAt: new Date() });
  await signInInto(page, "mentee", mentee);
  await page.goto("/mentees/profile");
  return mentee;
}

/** On the local Google's screen: types an account and continues (the popup then goes back to the app and closes). */
async function consentAs(popup: Page, email: string) {
  await popup.waitForURL(/\/dev\/google\/o\/oauth2\/v2\/auth/);
  await popup.getByLabel("E-mail", { exact: true }).fill(email);
  const closed = closing(popup);
  await popup.getByRole("button", { name: "Continue" }).click();
  await closed;
}

describe("Confirm with Google", () => {
  it("at 1280 px (and the card and its question at 360): a Google-only mentee is refused another Google account, then deletes her account by signing in with Google again", async () => {
    const page = b.page;
    await page.setViewportSize(WIDE);
    const mentee = await googleOnlyMenteeOnHerProfile(page, "google-only");
    const confirm = card(page).getByRole("button", { name: "Confirm with Google" });
    await confirm.waitFor({ timeout: 15_000 });
    // No password to ask for, and no longer sent away to set one.
    expect(await card(page).getByLabel("Your password").count()).toBe(0);
    expect(await card(page).getByTestId("delete-account-set-password").count()).toBe(0);
    await fitsBothWidths(page, WIDE, [confirm]);

    // Another Google account at the consent screen: refused, in words, and nothing is asked.
    const [wrong] = await Promise.all([page.waitForEvent("popup"), confirm.click()]);
    await consentAs(wrong, uniqueEmail("someone-else"));
    await expect
      .poll(() => card(page).getByRole("alert").textContent(), { timeout: 15_000 })
      .toContain("That is not the Google account linked to yours.");
    expect(await deletionOf(mentee.id)).toBeUndefined();

    // From the keyboard: her own Google account, asked again, then the usual question before anything is done.
    await expect.poll(() => confirm.isEnabled(), { timeout: 10_000 }).toBe(true);
    await confirm.focus();
    const [own] = await Promise.all([page.waitForEvent("popup"), page.keyboard.press("Enter")]);
    await own.waitForURL(/prompt=login/);
    await consentAs(own, mentee.email);
    const dialog = page.getByRole("dialog", { name: "Delete your account?" });
    await dialog.waitFor({ timeout: 15_000 });
    expect(await deletionOf(mentee.id)).toBeUndefined();
    await fitsBothWidths(page, WIDE, [
      dialog.getByRole("button", { name: "Keep my account" }),
      dialog.getByRole("button", { name: "Delete my account" }),
    ]);
    await dialog.getByRole("button", { name: "Delete my account" }).focus();
    await page.keyboard.press("Enter");
    await waitForPath(page, "/", 15_000);
    await toasts(page, "Your account will be deleted on").first().waitFor({ timeout: 15_000 });
    expect((await deletionOf(mentee.id)).state).toBe("pending");
    // Signing in again restores her, so this file's erasure run is not taken up by hers.
    await googleOnlyRestore(page, mentee.email);
    expect((await deletionOf(mentee.id)).state).toBe("restored");
  }, 120_000);
});

/** Popups blocked: "Sign in with Google" runs in the tab, through the local Google's screen and back to /mentees. */
async function signInWithGoogleInTab(page: Page, email: string) {
  await page.goto("/auth/login?mentees");
  const signInButton = page.getByRole("tabpanel", { name: "Mentees" }).getByRole("button", { name: "Sign in with Google" });
  await expect.poll(() => signInButton.isEnabled(), { timeout: 10_000 }).toBe(true);
  await signInButton.click();
  await page.waitForURL(/\/dev\/google\/o\/oauth2\/v2\/auth/);
  await page.getByLabel("E-mail", { exact: true }).fill(email);
  await page.getByRole("button", { name: "Continue" }).click();
  await waitForPath(page, "/mentees", 15_000);
}

describe("Confirm with Google when popups are blocked", () => {
  it("runs in the tab itself and comes back to the card, which asks before deleting", async () => {
    // A browser that blocks popups: window.open gives nothing, so both Google flows run in this tab.
    await b.context.addInitScript(() => {
      window.open = () => null;
    });
    const page = b.page;
    await page.setViewportSize(PHONE);
    const mentee = await googleOnlyMenteeOnHerProfile(page, "google-tab");
    const email = mentee.email;
    await card(page).getByRole("button", { name: "Confirm with Google" }).click();
    await page.waitForURL(/prompt=login/);
    await page.getByLabel("E-mail", { exact: true }).fill(email);
    await page.getByRole("button", { name: "Continue" }).click();
    await waitForPath(page, "/mentees/profile", 15_000);
    const dialog = page.getByRole("dialog", { name: "Delete your account?" });
    await dialog.waitFor({ timeout: 15_000 });
    expect(await deletionOf(mentee.id)).toBeUndefined();
    await dialog.getByRole("button", { name: "Delete my account" }).click();
    await waitForPath(page, "/", 15_000);
    expect((await deletionOf(mentee.id)).state).toBe("pending");
    // Signing in again restores her, so this file's erasure run is not taken up by hers.
    await signInWithGoogleInTab(page, email);
    expect((await deletionOf(mentee.id)).state).toBe("restored");
  }, 120_000);
});

/** She signs in with Google again within the grace period: her account is restored and the app says so. */
async function googleOnlyRestore(page: Page, email: string) {
  await page.goto("/auth/login?mentees");
  const button = page.getByRole("tabpanel", { name: "Mentees" }).getByRole("button", { name: "Sign in with Google" });
  await expect.poll(() => button.isEnabled(), { timeout: 10_000 }).toBe(true);
  const [popup] = await Promise.all([page.waitForEvent("popup"), button.click()]);
  await consentAs(popup, email);
  await waitForPath(page, "/mentees", 15_000);
}

describe("in Hindi", () => {
  it("at 360 px the card, its choice to end a subscription now with its amount, and its question read in Hindi", async () => {
    const page = b.page;
    await page.setViewportSize(PHONE);
    const her = await paidMenteeWithOneCallUsed();
    await openProfileAs(page, "mentee", her.buyer);
    await card(page).getByTestId("delete-account-subscriptions").waitFor({ timeout: 15_000 });
    await page.getByRole("combobox", { name: "Language" }).selectOption("hi");
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe("hi");
    await expect.poll(() => card(page).getByRole("heading", { name: "मेरा खाता हटाएँ" }).isVisible()).toBe(true);
    await expect.poll(() => card(page).getByTestId("delete-account-refund").textContent()).toBe("₹6,000 आपके कार्ड पर वापस");
    expect(await card(page).getByTestId("delete-account-subscriptions").textContent()).toContain("इसे अभी समाप्त करें");
    expect(await noSidewaysScroll(page)).toBe(true);

    await card(page).getByLabel("आपका पासवर्ड").fill("x");
    await card(page).getByRole("button", { name: "मेरा खाता हटाएँ" }).click();
    await page.getByRole("dialog", { name: "अपना खाता हटाएँ?" }).waitFor();
    expect(await noSidewaysScroll(page)).toBe(true);
    await page.getByRole("button", { name: "मेरा खाता रखें" }).click();
    expect(await deletionOf(her.buyer.id)).toBeUndefined();
  }, 120_000);
});

describe("the other person's history", () => {
  it("after the erasure the mentor's chat names a Deleted user and shows her messages as removed, his own kept", async () => {
    const page = b.page;
    await page.setViewportSize({ width: 360, height: 740 });
    const pair = await chatPair("active");
    const conversationId = await openChat(pair);
    expect((await sendAs(pair, "mentee", conversationId, "My phone is 98xxxx, call me")).status).toBeLessThan(300);
    expect((await sendAs(pair, "mentor", conversationId, "Let us keep to the chat, please.")).status).toBeLessThan(300);
    await trpc(pair.menteeToken).privacy.deletion.request.mutate({ password: DEMO_PASSWORD });
    expect((await call("POST", `/dev/cron/eraseDeletedAccounts?now=${Date.now() + 14 * DAY + 60_000}`)).status).toBe(200);
    expect((await deletionOf(pair.mentee.id)).state).toBe("erased");

    await signInInto(page, "mentor", pair.mentor);
    await page.goto(`/mentors/connect/inbox/${conversationId}`);
    await page.getByText("Let us keep to the chat, please.").locator("visible=true").first().waitFor({ timeout: 15_000 });
    await page.getByText("Message removed: its author deleted their account").locator("visible=true").first().waitFor();
    expect(await page.getByText("My phone is 98xxxx").count()).toBe(0);
    // On a phone the thread fills the screen; its back arrow leads to the list.
    await page.getByRole("link", { name: "Back to conversations" }).click();
    await waitForPath(page, "/mentors/connect/inbox");
    await page
      .getByText(/Deleted user/)
      .first()
      .waitFor({ timeout: 15_000 });
    expect(await noSidewaysScroll(page)).toBe(true);
  }, 120_000);
});

describe("the moderators' list", () => {
  it("shows a deletion in progress with its open complaint, and pauses it after asking, with a reason", async () => {
    const page = b.page;
    await page.setViewportSize({ width: 1280, height: 800 });
    const [mentee, mentor, moderator] = await Promise.all([createMentee(), createMentor(), createModerator()]);
    await testDb()
      .insert(tickets)
      .values({ reporterRole: "mentor", reporterId: mentor.id, accusedRole: "mentee", accusedId: mentee.id, content: "No-show twice" });
    await trpc(await accessTokenFor("mentee", mentee.id)).privacy.deletion.request.mutate({ password: DEMO_PASSWORD });

    await seedSession(page, "moderator", { ...(await sessionFor("moderator", moderator.email)), name: "Moderator" });
    await page.goto("/moderator");
    await page.getByRole("link", { name: "Account deletions in progress" }).click();
    await waitForPath(page, "/moderator/deletions");
    const item = page.getByRole("listitem").filter({ hasText: `${mentee.firstName} ${mentee.lastName}` });
    await item.waitFor({ timeout: 15_000 });
    expect(await item.textContent()).toContain("Open complaints against this person: 1");
    await item.getByRole("button", { name: "Pause deletion" }).click();
    const dialog = page.getByRole("dialog", { name: "Pause this deletion?" });
    await dialog.getByLabel("Reason (kept in the audit log)").fill("Complaint under review");
    await dialog.getByRole("button", { name: "Pause deletion" }).click();
    await toasts(page, "Deletion paused").first().waitFor({ timeout: 15_000 });
    expect((await deletionOf(mentee.id)).state).toBe("paused");
    await item.getByRole("button", { name: "Let it go on" }).waitFor();
  }, 120_000);
});
