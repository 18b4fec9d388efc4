import { eq } from "drizzle-orm";
import type { Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { pushSubscriptions } from "../../db/schema";
import { signIn, testDb } from "../support/accounts";
import { rest } from "../support/api";
import { seedSession, useBrowser } from "../support/browser";
import { book, call, HOUR, mentee, mentor, publishOne, subscribe } from "../support/scheduling";

/**
 * Web Push in Chromium (ADR 0027): a mentee turns push on from her Notifications screen (the browser
 * asks only then), a session reminder is sent by the cron, and the app's service worker shows it;
 * a message from her mentor reaches the service worker as a real `push` event (CDP's
 * ServiceWorker.deliverPushMessage, with what the local push service received); signing out turns
 * the device's push off. The local push service runs beside the Worker in the doubles' server
 * (`doublesUrl`, ADR 0033): the app's tab subscribes and fetches there, the Worker POSTs there over HTTP. Service workers are allowed in this file (they are blocked elsewhere).
 */
const fixture = useBrowser({ serviceWorkers: "allow" });

type Shown = { title: string; body: string; tag: string; data: { url: string; kind: string } };

/** The notifications the app's service worker is showing, read from a page of the app. */
const shownNotifications = (page: Page) =>
  page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    return (await registration.getNotifications()).map((n) => ({
      title: n.title,
      body: n.body,
      tag: n.tag,
      data: n.data as { url: string; kind: string },
    }));
  }) as Promise<Shown[]>;

/**
 * Waits for a notification. A reminder travels two queues and the relay's 3-second rounds, and a busy database retries a
 * queue's message after a backoff, so the wait is a generous one.
 */
async function waitForNotification(page: Page, title: string, rounds = 250): Promise<Shown> {
  for (let i = 0; i < rounds; i++) {
    const found = (await shownNotifications(page)).find((n) => n.title === title);
    if (found) return found;
    await page.waitForTimeout(200);
  }
  throw new Error(`no "${title}" notification; showing ${JSON.stringify(await shownNotifications(page))}`);
}

/** A mentee with a session booked at `start` with a mentor she subscribes to, signed in in the page. */
async function signedInWithSession(page: Page, start: Date) {
  const bookNow = new Date(start.getTime() - 48 * HOUR);
  const m = await mentor();
  const me = await mentee();
  await subscribe(me.id, m.id, bookNow);
  const slotId = await publishOne(m.token, start, bookNow);
  expect((await book(me.token, slotId, bookNow)).status).toBe(201);
  const tokens = await signIn("mentee", me.row.email);
  await seedSession(page, "mentee", { ...tokens, name: `${me.row.firstName} ${me.row.lastName}` });
  return { m, me, slotId, tokens };
}

describe("Web Push", () => {
  it("she turns push on; a session reminder and a message reach the service worker and show as notifications; signing out turns it off", async () => {
    const { page, context } = fixture;
    const baseUrl = inject("baseUrl");
    const doublesUrl = inject("doublesUrl");
    const start = new Date("2032-02-10T10:00:00Z");
    const { m, me, tokens } = await signedInWithSession(page, start);

    await page.goto("/mentees/notifications");
    const state = page.getByTestId("push-state");
    await expect.poll(() => state.getAttribute("data-state")).toBe("off");
    // Nothing asked the browser yet: the permission is still the default.
    expect(await page.evaluate(() => Notification.permission)).toBe("default");
    await context.grantPermissions(["notifications"], { origin: baseUrl });
    await page.getByRole("button", { name: "Turn on" }).click();
    await expect.poll(() => state.getAttribute("data-state"), { timeout: 15_000 }).toBe("on");
    await expect.poll(() => page.getByRole("button", { name: /^Remove Chrome on \w+ \(this device\)$/ }).count()).toBe(1);
    const devices = async () => testDb().select().from(pushSubscriptions).where(eq(pushSubscriptions.ownerId, me.id));
    expect(await devices()).toMatchObject([
      {
        label: expect.stringMatching(/^Chrome on /),
        endpoint: expect.stringMatching(`^https://${new URL(doublesUrl).host}/dev/push/send/`),
      },
    ]);

    // The cron's reminders 50 minutes before: the open tab hands what the local push service received to the service worker.
    expect((await call("POST", `/dev/cron/reminders?now=${start.getTime() - 50 * 60_000}`)).status).toBe(200);
    const reminder = await waitForNotification(page, "Session reminder");
    expect(reminder).toMatchObject({
      body: expect.stringMatching(/^Reminder: your session with Asha Rao\w* starts within the hour: /),
      data: { url: "/mentees/booked-slots", kind: "reminder" },
    });

    // A real `push` event: with no tab of the app open to relay it (the app's origin, but its health check, not the app),
    // the local push service keeps what arrives.
    await page.goto("/healthz");
    const opened = await rest("POST", "/api/chats/messages", { token: tokens.accessToken, body: { menteeId: me.id, mentorId: m.id } });
    const conversationId = (opened.body.conversations as { _id: string })._id;
    expect(
      (
        await rest("POST", `/api/chats/mentor-messages/${conversationId}`, {
          token: m.token,
          body: { message: "See you on Tuesday", sender: m.id },
        })
      ).status,
    ).toBe(201);
    const endpoint = (await devices())[0].endpoint;
    const subscriptionId = endpoint.split("/").pop();
    let payload: Record<string, unknown> | null = null;
    for (let i = 0; i < 300 && !payload; i++) {
      const received = (await (await fetch(`${doublesUrl}/dev/push/messages.json?subscription=${subscriptionId}`)).json()) as {
        payload: Record<string, unknown> | null;
        deliveredAt: string | null;
      }[];
      payload = received.find((r) => r.payload?.kind === "message" && r.deliveredAt === null)?.payload ?? null;
      if (!payload) await page.waitForTimeout(100);
    }
    expect(payload).toMatchObject({ title: "New message", url: `/mentees/connect/inbox/${conversationId}` });
    // Its inbox beside the Worker lists it, decrypted with the device's keys it made.
    const inbox = await context.newPage();
    await inbox.goto(`${doublesUrl}/dev/push`);
    await expect.poll(() => inbox.getByRole("article", { name: "New message" }).count()).toBeGreaterThan(0);
    await inbox.close();
    // The browser's push service would deliver it to this registration; CDP delivers it the same way.
    const cdp = await context.newCDPSession(page);
    const registrationId = new Promise<string>((resolve) =>
      cdp.on(
        "ServiceWorker.workerRegistrationUpdated",
        ({ registrations }: { registrations: { registrationId: string; scopeURL: string; isDeleted: boolean }[] }) => {
          const ours = registrations.find((r) => r.scopeURL === `${baseUrl}/` && !r.isDeleted);
          if (ours) resolve(ours.registrationId);
        },
      ),
    );
    // A push reaches the registration's activated version: on a busy machine the navigation's update check may
    // still be settling when the registration is first reported, so the push waits for an activated version.
    const activated = new Set<string>();
    const versionActivated = new Promise<void>((resolve) =>
      cdp.on("ServiceWorker.workerVersionUpdated", ({ versions }: { versions: { registrationId: string; status: string }[] }) => {
        for (const v of versions) if (v.status === "activated") activated.add(v.registrationId);
        void registrationId.then((id) => activated.has(id) && resolve());
      }),
    );
    await cdp.send("ServiceWorker.enable");
    await versionActivated;
    const shownBefore = await shownNotifications(page);
    const deliver = async () =>
      cdp.send("ServiceWorker.deliverPushMessage", {
        origin: baseUrl,
        registrationId: await registrationId,
        data: JSON.stringify(payload),
      });
    // Once, in a full run on a saturated machine, nothing was shown 50 s after the delivery (not even the reminder shown
    // before it; the cause is not found). A push service hands a message over again when the browser did not take it:
    // so does this test, at most twice more, and a failure says what was showing before the first delivery.
    let message: Shown | undefined;
    for (let delivery = 1; !message && delivery <= 3; delivery++) {
      await deliver();
      message = await waitForNotification(page, "New message", 75).catch((error: Error) => {
        if (delivery === 3) throw new Error(`${error.message}; before the first delivery: ${JSON.stringify(shownBefore)}`);
        return undefined;
      });
    }
    expect(message).toMatchObject({
      tag: `message:${conversationId}`,
      data: { url: `/mentees/connect/inbox/${conversationId}`, kind: "message" },
    });
    expect(message?.body).toMatch(/^New message from /);

    // Signing out on this device ends its push: the server forgets it and the local subscription goes.
    await page.goto("/mentees");
    await page.getByRole("button", { name: "Account menu" }).click();
    await page.getByRole("menuitem", { name: "Logout" }).click();
    await expect.poll(async () => (await devices()).length).toBe(0);
    // Polled: the page forgets its subscription after the server has, a moment later on a busy machine.
    await expect.poll(() => page.evaluate(() => localStorage.getItem("mentorlink.devPush"))).toBeNull();
  }, 150_000);

  it("after booking she is offered reminders on this device; Not now is remembered", async () => {
    const { page } = fixture;
    const { slotId } = await signedInWithSession(page, new Date("2032-03-10T10:00:00Z"));
    await page.goto(`/mentees/booking-confirmed/${slotId}`);
    const offer = page.getByTestId("push-offer");
    await expect.poll(() => offer.count()).toBe(1);
    await expect.poll(() => offer.getByRole("heading").textContent()).toBe("Get a reminder on this device?");
    await offer.getByRole("button", { name: "Not now" }).click();
    await expect.poll(() => offer.count()).toBe(0);
    await page.reload();
    await page.getByRole("heading", { name: "You're booked" }).waitFor();
    expect(await offer.count()).toBe(0);
    expect(await page.evaluate(() => Notification.permission)).toBe("default");
  });
});
