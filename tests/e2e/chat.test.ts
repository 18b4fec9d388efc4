import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { mentees } from "../../db/schema";
import { accessTokenFor, createMentee, createMentor, signIn, testDb } from "../support/accounts";
import { trpc } from "../support/api";
import { realtimeConnected, toasts, useBrowser, waitForPath } from "../support/browser";
import { chatPair, openChat, sendAs } from "../support/chat";
import { signInInto } from "../support/find-mentor";
import { createEnrollment } from "../support/moderation";

/**
 * Chat in Chromium with two browsers: a mentee starts a chat from a mentor's profile, the mentor's
 * open inbox shows it live (unread badge, Connect count, toast, bell), he replies, and she sees the
 * reply without reloading. Accounts are made by the test (the demo accounts stay untouched).
 */
const b = useBrowser();
const fullName = (m: { firstName: string; lastName: string }) => `${m.firstName} ${m.lastName}`;

describe("chat between a mentee and her mentor", () => {
  it("she sends from the profile's Chat; his inbox shows it live with badge, toast and bell; his reply reaches her without a reload", async () => {
    const mentee = await createMentee({ firstName: "Kiran", lastName: "Desai" });
    const mentor = await createMentor({ firstName: "Naveen", lastName: "Kapoor" });
    await createEnrollment(mentee.id, mentor.id);

    // The mentor waits in his inbox, his realtime room open.
    const mentorPage = await (await b.newContext()).newPage();
    await signInInto(mentorPage, "mentor", mentor);
    const mentorConnected = realtimeConnected(mentorPage);
    await mentorPage.goto("/mentors/connect/inbox");
    await mentorPage.getByRole("heading", { level: 1, name: "Connect" }).waitFor();
    await mentorConnected;
    await mentorPage.getByText("No conversations yet").waitFor();

    // She opens Chat on his profile and sends with Enter.
    const page = b.page;
    await signInInto(page, "mentee", mentee);
    const menteeConnected = realtimeConnected(page);
    await page.goto(`/mentees/browse/mentor/profile/${mentor.id}`);
    await menteeConnected;
    await page.getByRole("button", { name: "Chat", exact: true }).click();
    await page.waitForURL(/\/mentees\/connect\/inbox\/[0-9a-f-]{36}$/);
    const conversationId = new URL(page.url()).pathname.split("/").pop()!;
    const box = page.getByLabel("Message", { exact: true });
    await box.fill("Hello Naveen, <b>can we talk</b> about system design?");
    await box.press("Enter");
    const menteeLog = page.getByRole("log", { name: `Messages with ${fullName(mentor)}` });
    await menteeLog.getByText("Hello Naveen, <b>can we talk</b> about system design?").waitFor();
    await expect.poll(() => menteeLog.getByText("Sending...").count()).toBe(0);
    expect(await box.inputValue()).toBe("");

    // His inbox shows it live: the conversation with an unread badge, the Connect count, a toast and the bell's dot.
    const conversations = mentorPage.getByRole("list", { name: "Conversations" });
    const row = conversations.getByRole("link", { name: new RegExp(fullName(mentee)) });
    await row.waitFor({ timeout: 10_000 });
    await expect.poll(() => row.getByTestId("unread-badge").textContent()).toContain("1");
    expect(await row.textContent()).toContain("can we talk");
    await toasts(mentorPage, `New message from ${mentee.firstName}`).first().waitFor({ timeout: 10_000 });
    await expect
      .poll(() => mentorPage.getByRole("navigation", { name: "Mentor navigation" }).getByTestId("connect-unread").textContent())
      .toContain("1");
    await mentorPage.getByTestId("bell-dot").waitFor();

    // The bell lists the message notification, links to the conversation, and clears once opened.
    await mentorPage.getByRole("button", { name: /^Notifications/ }).click();
    const notification = mentorPage.getByRole("menuitem", { name: new RegExp(`New message from ${fullName(mentee)}`) });
    await notification.waitFor();
    expect(await notification.textContent()).toMatch(/seconds? ago|a minute ago/);
    await expect.poll(() => mentorPage.getByTestId("bell-dot").count()).toBe(0);
    await notification.click();
    await waitForPath(mentorPage, `/mentors/connect/inbox/${conversationId}`);

    // Opening the conversation marks it read; he replies on two lines (Shift+Enter), sent with Enter.
    const mentorLog = mentorPage.getByRole("log", { name: `Messages with ${fullName(mentee)}` });
    await mentorLog.getByText("can we talk").waitFor();
    await expect.poll(() => row.getByTestId("unread-badge").count()).toBe(0);
    await expect.poll(() => mentorPage.getByTestId("connect-unread").count()).toBe(0);
    const reply = mentorPage.getByLabel("Message", { exact: true });
    await reply.fill("Of course!");
    await reply.press("Shift+Enter");
    await reply.pressSequentially("Tomorrow at 6 pm?");
    expect(await reply.inputValue()).toBe("Of course!\nTomorrow at 6 pm?");
    await reply.press("Enter");

    // She sees the reply without reloading, once, after her own message.
    await menteeLog.getByText("Tomorrow at 6 pm?").waitFor({ timeout: 10_000 });
    const texts = await menteeLog.locator("p.whitespace-pre-wrap").allInnerTexts();
    expect(texts.map((t) => t.replace(/^(You|\w+):\s*/, ""))).toEqual([
      "Hello Naveen, <b>can we talk</b> about system design?",
      "Of course!\nTomorrow at 6 pm?",
    ]);
    expect(await menteeLog.locator("b").count()).toBe(0);
    expect(await menteeLog.getByRole("separator", { name: "Today" }).count()).toBe(1);
    // Her own message was not announced to her as new.
    expect(await toasts(page, `New message from ${mentee.firstName}`).count()).toBe(0);
  });

  it("on a 360 px screen the list and the thread are two steps, and a failed send can be retried", async () => {
    const mentee = await createMentee({ firstName: "Meena", lastName: "Small" });
    const mentor = await createMentor({ firstName: "Omar", lastName: "Narrow" });
    await createEnrollment(mentee.id, mentor.id);
    const context = await b.newContext({ viewport: { width: 360, height: 740 } });
    const page = await context.newPage();
    await signInInto(page, "mentee", mentee);
    await page.goto(`/mentees/browse/mentor/profile/${mentor.id}`);
    await page.getByRole("button", { name: "Chat", exact: true }).click();
    await page.waitForURL(/\/mentees\/connect\/inbox\/[0-9a-f-]{36}$/);
    const log = page.getByRole("log");
    await page.getByText("No messages yet. Say hello!").waitFor();
    expect(await page.getByRole("list", { name: "Conversations" }).isVisible()).toBe(false);

    // The network drops the send: it shows "Not sent." with Retry; Retry stores it once.
    await page.route("**/trpc/chat.send**", (route) => route.abort("internetdisconnected"));
    const box = page.getByLabel("Message", { exact: true });
    await box.fill("Sent on a train");
    await page.getByRole("button", { name: "Send message" }).click();
    await log.getByText("Not sent.").waitFor({ timeout: 15_000 });
    await toasts(page, "Something went Wrong from the Send API").first().waitFor();
    await page.unroute("**/trpc/chat.send**");
    await log.getByRole("button", { name: "Retry" }).click();
    await expect.poll(() => log.getByText("Not sent.").count(), { timeout: 10_000 }).toBe(0);
    await expect.poll(() => log.getByText("Sent on a train").count()).toBe(1);

    await page.getByRole("link", { name: "Back to conversations" }).click();
    await waitForPath(page, "/mentees/connect/inbox");
    const list = page.getByRole("list", { name: "Conversations" });
    await list.getByRole("link", { name: new RegExp(fullName(mentor)) }).waitFor();
    await expect.poll(() => list.textContent()).toContain("You: Sent on a train");
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(360);
  });

  it("on a 360 px screen, the Connect count of unread messages keeps every area page within the screen", async () => {
    const pair = await chatPair();
    const conversationId = await openChat(pair);
    for (const text of ["One", "Two"]) expect((await sendAs(pair, "mentor", conversationId, text)).status).toBe(201);
    const page = await (await b.newContext({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true })).newPage();
    await signInInto(page, "mentee", pair.mentee);
    // Her home, then two pages of her account menu, as she would reach them.
    await page.goto("/mentees");
    for (const [item, path] of [
      [null, "/mentees"],
      ["Booked Slots", "/mentees/booked-slots"],
      ["Subscriptions", "/mentees/subscribed-mentors"],
    ] as const) {
      if (item) {
        await page.getByRole("button", { name: "Account menu" }).click();
        await page.getByRole("menuitem", { name: item, exact: true }).click();
        await waitForPath(page, path);
      }
      const nav = page.getByRole("navigation", { name: "Mentee navigation" });
      await expect.poll(() => nav.getByTestId("connect-unread").textContent()).toContain("2");
      // The nav scrolls sideways inside itself; its screen-reader text must not widen the page.
      expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(360);
    }
  });

  it("the mentor starts from his Mentees List; she, elsewhere in the app, gets the toast, the Connect count and the bell, which opens the conversation", async () => {
    const mentee = await createMentee({ firstName: "Lata", lastName: "Iyer" });
    const mentor = await createMentor({ firstName: "Dev", lastName: "Anand" });
    await createEnrollment(mentee.id, mentor.id);

    const page = b.page;
    await signInInto(page, "mentee", mentee);
    // She signs in on another device too: that sign-in's alert is in this bell (a sign-in is not told about itself).
    await signIn("mentee", mentee.email);
    const connected = realtimeConnected(page);
    await page.goto("/mentees");
    await connected;
    // The other sign-in's alert is in the bell; opening it reads it.
    await page.getByRole("button", { name: /^Notifications/ }).click();
    await page.getByRole("menuitem", { name: /New sign-in to your account/ }).waitFor();
    await page.keyboard.press("Escape");
    await expect.poll(() => page.getByTestId("bell-dot").count()).toBe(0);

    const mentorPage = await (await b.newContext()).newPage();
    await signInInto(mentorPage, "mentor", mentor);
    await mentorPage.goto("/mentors/subscribed-mentees");
    await mentorPage.getByRole("button", { name: `Chat with ${mentee.firstName}` }).click();
    await mentorPage.waitForURL(/\/mentors\/connect\/inbox\/[0-9a-f-]{36}$/);
    const conversationId = new URL(mentorPage.url()).pathname.split("/").pop()!;
    await mentorPage.getByLabel("Message", { exact: true }).fill("Hi Lata, how did the interview go?");
    await mentorPage.getByLabel("Message", { exact: true }).press("Enter");

    await toasts(page, `New message from ${mentor.firstName}`).first().waitFor({ timeout: 10_000 });
    const nav = page.getByRole("navigation", { name: "Mentee navigation" });
    await expect.poll(() => nav.getByTestId("connect-unread").textContent()).toContain("1");
    await page.getByTestId("bell-dot").waitFor();
    await page.getByRole("button", { name: /^Notifications/ }).click();
    await page.getByRole("menuitem", { name: new RegExp(`New message from ${fullName(mentor)}`) }).click();
    await waitForPath(page, `/mentees/connect/inbox/${conversationId}`);
    await page.getByRole("log").getByText("how did the interview go?").waitFor();
    await expect.poll(() => nav.getByTestId("connect-unread").count()).toBe(0);
    await expect.poll(() => page.getByTestId("bell-dot").count()).toBe(0);
  });

  it("a dropped socket loses nothing: messages sent while it is down appear once after it reconnects, without a reload", async () => {
    const mentee = await createMentee({ firstName: "Uma", lastName: "Offline" });
    const mentor = await createMentor({ firstName: "Ravi", lastName: "Sender" });
    await createEnrollment(mentee.id, mentor.id);
    const page = b.page;
    // The room's socket goes through a proxy the test can cut: while `down`, every (re)connection is closed at once.
    let down = false;
    const live: { close: () => Promise<void> }[] = [];
    await page.routeWebSocket(/\/parties\/user-room\//, (ws) => {
      if (down) return void ws.close({ code: 4000, reason: "network down" });
      ws.connectToServer();
      live.push(ws);
    });
    await signInInto(page, "mentee", mentee);
    const connected = realtimeConnected(page);
    await page.goto(`/mentees/browse/mentor/profile/${mentor.id}`);
    await connected;
    await page.getByRole("button", { name: "Chat", exact: true }).click();
    await page.waitForURL(/\/mentees\/connect\/inbox\/[0-9a-f-]{36}$/);
    const conversationId = new URL(page.url()).pathname.split("/").pop()!;
    const log = page.getByRole("log");
    await page.getByText("No messages yet. Say hello!").waitFor();

    const mentorToken = await accessTokenFor("mentor", mentor.id);
    const send = (message: string) => trpc(mentorToken).chat.send.mutate({ conversationId, message });
    await send("before the drop");
    await log.getByText("before the drop").waitFor({ timeout: 10_000 });

    down = true;
    await Promise.all(live.splice(0).map((ws) => ws.close()));
    for (const text of ["while down 1", "while down 2", "while down 3"]) await send(text);
    await new Promise((r) => setTimeout(r, 1500));
    expect(await log.getByText(/while down/).count()).toBe(0);

    down = false;
    await expect.poll(() => log.getByText(/while down/).count(), { timeout: 15_000 }).toBe(3);
    const texts = await log.locator("p.whitespace-pre-wrap").allInnerTexts();
    expect(texts.map((t) => t.replace(/^\w+:\s*/, ""))).toEqual(["before the drop", "while down 1", "while down 2", "while down 3"]);
  });
});

describe("a long word or URL in a thread", () => {
  it("at 360x740 and at 1280x800 a 4,000-character word wraps, the composer and Send stay on screen, and the thread opens and stays at its newest message", async () => {
    const pair = await chatPair();
    // Her account's zone differs from her device's: the zone notice's bar shows at the bottom of the screen.
    await testDb().update(mentees).set({ timeZone: "Asia/Kolkata" }).where(eq(mentees.id, pair.mentee.id));
    const conversationId = await openChat(pair);
    // Enough earlier messages to scroll, then one 4,000-character word (the longest message there is).
    for (let i = 1; i <= 12; i++) expect((await sendAs(pair, "mentor", conversationId, `Earlier message ${i}`)).status).toBe(201);
    const longWord = `https://example.com/${"a".repeat(3_980)}`;
    expect(longWord.length).toBe(4_000);
    expect((await sendAs(pair, "mentor", conversationId, longWord)).status).toBe(201);

    // Opened on a phone; the same thread is then read on a computer's screen (the steps do not depend on the width).
    const page = await (await b.newContext({ viewport: { width: 360, height: 740 }, timezoneId: "Europe/London" })).newPage();
    await signInInto(page, "mentee", pair.mentee);
    const connected = realtimeConnected(page);
    await page.goto(`/mentees/connect/inbox/${conversationId}`);
    const log = page.getByRole("log");
    const bubbles = log.locator("p.whitespace-pre-wrap");
    await expect.poll(() => bubbles.count()).toBe(13);
    await connected;

    // Nothing scrolls sideways: not the page, not the thread.
    const widths = () =>
      page.evaluate(() => {
        const thread = document.querySelector<HTMLElement>("[role=log]")!.parentElement!.parentElement!;
        return {
          page: document.documentElement.scrollWidth - document.documentElement.clientWidth,
          thread: thread.scrollWidth - thread.clientWidth,
        };
      });
    const send = page.getByRole("button", { name: "Send message" });
    const message = page.getByLabel("Message", { exact: true });
    const inView = async (locator: ReturnType<typeof page.locator>) => {
      const box = await locator.boundingBox();
      const { width, height } = page.viewportSize()!;
      return box !== null && box.x >= 0 && box.y >= 0 && box.x + box.width <= width && box.y + box.height <= height;
    };
    const bar = page.getByRole("region", { name: "Time zone" });
    const barTop = async () => (await bar.boundingBox())!.y;
    const bottomOf = async (locator: ReturnType<typeof page.locator>) => {
      const box = (await locator.boundingBox())!;
      return box.y + box.height;
    };
    /** The long word wraps within the screen; the composer and Send are on screen without scrolling the page. */
    const fits = async () => {
      const { width } = page.viewportSize()!;
      const at = `at ${width} px`;
      expect(await widths(), at).toEqual({ page: 0, thread: 0 });
      const longBox = (await bubbles.nth(12).boundingBox())!;
      expect(longBox.x + longBox.width, at).toBeLessThanOrEqual(width);
      expect(longBox.height, at).toBeGreaterThan(100);
      expect(await inView(send), at).toBe(true);
      expect(await inView(message), at).toBe(true);
      // ...and above the zone notice's bar, not under it; the page itself does not scroll (into blank space or at all).
      await bar.waitFor();
      await expect.poll(() => bottomOf(send), { message: at }).toBeLessThanOrEqual(await barTop());
      expect(await bottomOf(message), at).toBeLessThanOrEqual(await barTop());
      expect(
        await page.evaluate(() => document.documentElement.scrollHeight - document.documentElement.clientHeight),
        at,
      ).toBeLessThanOrEqual(1);
    };
    await fits();
    // The long URL is a link that opens in a new tab.
    const link = bubbles.nth(12).getByRole("link");
    expect(await link.getAttribute("href")).toBe(longWord);
    expect(await link.getAttribute("target")).toBe("_blank");

    // Opened at the newest message: the long one's end is in the thread's view, the first message above it.
    const threadBox = async () => (await log.locator("xpath=../..").boundingBox())!;
    const bottomInView = async () => {
      const [thread, last] = [await threadBox(), (await bubbles.last().boundingBox())!];
      return last.y + last.height <= thread.y + thread.height + 1 && last.y + last.height > thread.y;
    };
    await expect.poll(bottomInView).toBe(true);
    expect((await bubbles.first().boundingBox())!.y).toBeLessThan((await threadBox()).y);

    // A new message while at the bottom: it shows, in view.
    expect((await sendAs(pair, "mentor", conversationId, "And one more thing")).status).toBe(201);
    await log.getByText("And one more thing").waitFor({ timeout: 10_000 });
    await expect.poll(bottomInView).toBe(true);

    // Her own long URL from the composer wraps too, and is in view once sent.
    await message.fill(longWord);
    await send.click();
    await expect.poll(() => bubbles.count()).toBe(15);
    await expect.poll(() => log.getByText("Sending...").count()).toBe(0);
    expect(await widths()).toEqual({ page: 0, thread: 0 });
    await expect.poll(bottomInView).toBe(true);
    expect(await inView(send)).toBe(true);

    // On a computer's screen: the same fit, still at the newest message, and the next one shows in view.
    await page.setViewportSize({ width: 1280, height: 800 });
    await fits();
    await expect.poll(bottomInView).toBe(true);
    expect((await sendAs(pair, "mentor", conversationId, "Seen on the big screen")).status).toBe(201);
    await log.getByText("Seen on the big screen").waitFor({ timeout: 10_000 });
    await expect.poll(bottomInView).toBe(true);
  });
});
