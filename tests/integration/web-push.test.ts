import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { emailOutbox, mentees, notificationPreferences, pushSubscriptions, refreshSessions } from "../../db/schema";
import { accessTokenFor, signIn, testDb } from "../support/accounts";
import { doublesUrl, rest, trpc, trpcOutcome } from "../support/api";
import { chatPair, openChat, sendAs } from "../support/chat";
import { createModerator } from "../support/moderation";
import { book, call, HOUR, mentee, mentor, publishOne, subscribe } from "../support/scheduling";
import { opened, pushServiceAnswers, received, settle, testDevice, turnOnPush, waitForPushes } from "../support/web-push";

/**
 * Web Push (ADR 0027) against the built Worker: devices per account, the channels' switches, a
 * reminder and a message reaching the local push service encrypted for the device (and opened with
 * nothing but its keys), a subscription the push service says is gone, and sign-outs that end it.
 */

const devices = (ownerId: string) => testDb().select().from(pushSubscriptions).where(eq(pushSubscriptions.ownerId, ownerId));
const runReminders = (now: Date) => call("POST", `/dev/cron/reminders?now=${now.getTime()}`);

/** A mentee with a session booked with a new mentor at `start` (booked a day before), both signed in. */
async function bookedSession(start: Date) {
  const bookNow = new Date(start.getTime() - 48 * HOUR);
  const m = await mentor();
  const me = await mentee();
  await subscribe(me.id, m.id, bookNow);
  const slotId = await publishOne(m.token, start, bookNow);
  expect((await book(me.token, slotId, bookNow)).status).toBe(201);
  return { m, me, slotId };
}

describe("devices", () => {
  it("a device is added for its owner only: another account cannot see, turn off or remove it", async () => {
    const [a, b] = [await mentee(), await mentee()];
    const device = await testDevice();
    const { id } = await turnOnPush(a.token, device, "Chrome on Android");
    const overview = await trpc(a.token).notificationSettings.overview.query({ endpoint: device.endpoint });
    expect(overview.devices).toEqual([
      { id, label: "Chrome on Android", createdAt: expect.any(String), lastSuccessAt: null, thisDevice: true },
    ]);
    // The development Worker's subscriptions come from the local push service beside it (ADR 0033), on an https endpoint.
    expect(overview.push).toEqual({
      publicKey: expect.stringMatching(/^B[\w-]{86}$/),
      service: "development",
      serviceUrl: `${doublesUrl()}/dev/push`,
    });
    expect(device.endpoint).toMatch(new RegExp(`^https://${new URL(doublesUrl()).host}/dev/push/send/[\\w-]+$`));
    expect((await trpc(a.token).notificationSettings.overview.query({})).devices[0].thisDevice).toBe(false);

    expect((await trpc(b.token).notificationSettings.overview.query({ endpoint: device.endpoint })).devices).toEqual([]);
    expect(await trpcOutcome(trpc(b.token).notificationSettings.removeDevice.mutate({ id }))).toMatchObject({
      status: 404,
      message: "This device was not found.",
    });
    expect(await trpc(b.token).notificationSettings.unsubscribe.mutate({ endpoint: device.endpoint })).toEqual({ removed: 0 });
    expect(await devices(a.id)).toHaveLength(1);

    expect(await trpc(a.token).notificationSettings.removeDevice.mutate({ id })).toEqual({ removed: 1 });
    expect(await devices(a.id)).toHaveLength(0);
    expect((await trpcOutcome(trpc().notificationSettings.overview.query({}))).status).toBe(401);
  });

  it("the same device subscribing again is one row; signed into another account, it becomes that account's", async () => {
    const [a, b] = [await mentee(), await mentor()];
    const device = await testDevice();
    const first = await turnOnPush(a.token, device);
    expect((await turnOnPush(a.token, device, "Renamed")).id).toBe(first.id);
    expect((await devices(a.id)).map((d) => d.label)).toEqual(["Renamed"]);
    await turnOnPush(b.token, device);
    expect(await devices(a.id)).toHaveLength(0);
    expect(await devices(b.id)).toMatchObject([{ ownerRole: "mentor", endpoint: device.endpoint }]);
  });

  it("refuses an endpoint that is not a browser's push service, and keys that are not RFC 8291 keys", async () => {
    const a = await mentee();
    const device = await testDevice();
    const tryWith = (endpoint: string, keys = device.keys) =>
      trpcOutcome(trpc(a.token).notificationSettings.subscribe.mutate({ endpoint, keys, label: "x" }));
    expect(await tryWith("https://intranet.example/push")).toMatchObject({
      status: 400,
      message: "This browser's push service is not supported.",
    });
    expect(await tryWith("http://fcm.googleapis.com/fcm/send/x")).toMatchObject({ status: 400 });
    // The local push service's server is not a way to reach the doubles' other doors (or itself over plain http).
    const local = new URL(device.endpoint);
    for (const other of [
      `${local.origin}/v1/customers`,
      `${local.origin}/dev/push/messages.json`,
      device.endpoint.replace("https:", "http:"),
    ])
      expect(await tryWith(other), other).toMatchObject({ status: 400 });
    expect(await tryWith(device.endpoint, { ...device.keys, auth: "c2hvcnQ" })).toMatchObject({
      status: 400,
      message: "This subscription's auth secret is not 16 bytes.",
    });
    expect(await tryWith(device.endpoint, { ...device.keys, p256dh: `B${"A".repeat(86)}` })).toMatchObject({
      status: 400,
      message: "This subscription's key is not a P-256 public key.",
    });
    expect(await devices(a.id)).toHaveLength(0);
  });
});

describe("switches", () => {
  it("every channel starts on; only her role's switches change, and only hers", async () => {
    const [a, b] = [await mentee(), await mentee()];
    const initial = await trpc(a.token).notificationSettings.overview.query({});
    expect(initial.preferences.reminder).toEqual({ inApp: true, email: true, push: true });
    expect(initial.preferences.message).toEqual({ inApp: true, email: false, push: true });
    const { preferences } = await trpc(a.token).notificationSettings.setChannel.mutate({ kind: "message", channel: "push", on: false });
    expect(preferences.message).toEqual({ inApp: true, email: false, push: false });
    expect(
      await trpcOutcome(trpc(a.token).notificationSettings.setChannel.mutate({ kind: "account", channel: "email", on: false })),
    ).toMatchObject({ status: 400, message: "These notices are always sent this way." });
    expect(
      await trpcOutcome(trpc(a.token).notificationSettings.setChannel.mutate({ kind: "message", channel: "email", on: false })),
    ).toMatchObject({ status: 400, message: "This kind of notice is not sent this way." });
    expect((await trpc(b.token).notificationSettings.preferences.query()).message.push).toBe(true);
    const moderator = await accessTokenFor("moderator", (await createModerator()).id);
    expect(Object.keys((await trpc(moderator).notificationSettings.overview.query({})).preferences.account)).toEqual([
      "inApp",
      "email",
      "push",
    ]);
    expect(
      await trpcOutcome(trpc(moderator).notificationSettings.setChannel.mutate({ kind: "reminder", channel: "push", on: false })),
    ).toMatchObject({ status: 400 });
  });

  it("in the app off: the kind leaves her bell and its unread count, and comes back when turned on", async () => {
    const p = await chatPair();
    const conversationId = await openChat(p);
    expect((await sendAs(p, "mentor", conversationId, "Hello from your mentor")).status).toBe(201);
    const bell = () => trpc(p.menteeToken).notifications.latest.query({});
    expect((await bell()).notifications.map((n) => n.kind)).toContain("message");
    await trpc(p.menteeToken).notificationSettings.setChannel.mutate({ kind: "message", channel: "inApp", on: false });
    expect((await bell()).notifications.map((n) => n.kind)).not.toContain("message");
    expect((await bell()).unreadCount).toBe(0);
    await trpc(p.menteeToken).notificationSettings.setChannel.mutate({ kind: "message", channel: "inApp", on: true });
    expect((await bell()).unreadCount).toBe(1);
  });
});

describe("pushes", () => {
  it("a session reminder reaches each party's device encrypted for it, VAPID-signed, and opens her booked slots", async () => {
    const start = new Date("2031-03-10T10:00:00Z");
    const { m, me } = await bookedSession(start);
    const [hers, his] = [await testDevice(), await testDevice()];
    await turnOnPush(me.token, hers);
    await turnOnPush(m.token, his);

    expect((await runReminders(new Date(start.getTime() - 50 * 60_000))).status).toBe(200);
    const [message] = await waitForPushes(hers, 1);
    // As it arrived: only ciphertext (one 4,096-byte aes128gcm record), with the headers of a reminder.
    expect(message).toMatchObject({
      ttl: 3600,
      urgency: "high",
      topic: null,
      vapidSubject: "mailto:dev-push@mentorlink.localhost",
      plaintext: null,
    });
    expect(Buffer.from(message.body, "base64url")).toHaveLength(4096);
    expect(Buffer.from(message.body, "base64url").toString("latin1")).not.toContain("Reminder");
    expect(await opened(hers, message)).toMatchObject({
      kind: "reminder",
      title: "Session reminder",
      body: expect.stringMatching(/^Reminder: your session with Asha Rao\w* starts within the hour: /),
      url: "/mentees/booked-slots",
      lang: "en",
    });
    expect(await opened(his, (await waitForPushes(his, 1))[0])).toMatchObject({ kind: "reminder", url: "/mentors" });
    expect((await devices(me.id))[0].lastSuccessAt).not.toBeNull();
    // A second run sends nothing twice.
    await runReminders(new Date(start.getTime() - 40 * 60_000));
    await settle();
    expect(await received(hers)).toHaveLength(1);
  });

  it("a new message reaches the recipient's device and opens the conversation; the sender's devices get nothing", async () => {
    const p = await chatPair();
    const conversationId = await openChat(p);
    const [hers, his] = [await testDevice(), await testDevice()];
    await turnOnPush(p.menteeToken, hers);
    await turnOnPush(p.mentorToken, his);
    expect((await sendAs(p, "mentor", conversationId, "See you at 5")).status).toBe(201);
    const [message] = await waitForPushes(hers, 1);
    expect(message).toMatchObject({ urgency: "high", topic: conversationId.replace(/-/g, "") });
    expect(await opened(hers, message)).toMatchObject({
      kind: "message",
      title: "New message",
      body: expect.stringMatching(/^New message from /),
      url: `/mentees/connect/inbox/${conversationId}`,
      tag: `message:${conversationId}`,
    });
    await settle();
    expect(await received(his)).toHaveLength(0);
  });

  it("her switches hold: push off sends nothing to her devices, e-mail off writes the reminder muted and never delivers it", async () => {
    const start = new Date("2031-04-10T10:00:00Z");
    const { me } = await bookedSession(start);
    const device = await testDevice();
    await turnOnPush(me.token, device);
    await trpc(me.token).notificationSettings.setChannel.mutate({ kind: "reminder", channel: "push", on: false });
    await trpc(me.token).notificationSettings.setChannel.mutate({ kind: "reminder", channel: "email", on: false });
    expect(await testDb().select().from(notificationPreferences).where(eq(notificationPreferences.ownerId, me.id))).toMatchObject([
      { kind: "reminder", inApp: true, email: false, push: false },
    ]);

    await runReminders(new Date(start.getTime() - 24 * HOUR + 60_000));
    const reminderMail = async () =>
      (
        await testDb()
          .select()
          .from(emailOutbox)
          .where(and(eq(emailOutbox.to, me.row.email), eq(emailOutbox.subject, "Reminder: your MentorLink session is in about 24 hours")))
      )[0];
    await expect.poll(reminderMail, { timeout: 10_000 }).toBeDefined();
    await call("POST", `/dev/cron/deliverMail?now=${start.getTime() - 19 * HOUR}`);
    await settle();
    expect(await received(device)).toHaveLength(0);
    const mail = await reminderMail();
    expect(mail).toMatchObject({ sentAt: null, attempts: 0 });
    expect(mail.mutedAt).not.toBeNull();
    // The bell still has it: in the app is on.
    expect((await trpc(me.token).notifications.latest.query({})).notifications[0]).toMatchObject({ kind: "reminder" });
  });

  it("booking e-mails off: her booking mail is written muted and never sent, his goes out (the batch's chain of mails holds)", async () => {
    const bookNow = new Date("2031-05-01T00:00:00Z");
    const m = await mentor();
    const me = await mentee();
    await subscribe(me.id, m.id, bookNow);
    const slotId = await publishOne(m.token, new Date("2031-05-03T10:00:00Z"), bookNow);
    await trpc(me.token).notificationSettings.setChannel.mutate({ kind: "booking", channel: "email", on: false });
    expect((await book(me.token, slotId, bookNow)).status).toBe(201);
    const mailTo = async (to: string) => (await testDb().select().from(emailOutbox).where(eq(emailOutbox.to, to)))[0];
    for (let i = 0; i < 100 && !(await mailTo(m.row.email))?.sentAt; i++) await settle(50);
    expect(await mailTo(m.row.email)).toMatchObject({ mutedAt: null, sentAt: expect.any(Date) });
    expect(await mailTo(me.row.email)).toMatchObject({ mutedAt: expect.any(Date), sentAt: null, attempts: 0 });
  });

  it("a device the push service says is gone (410, or 404) is removed; other failures leave it", async () => {
    const p = await chatPair();
    const conversationId = await openChat(p);
    // A subscription made for another application server key: its push service refuses the Worker's VAPID signature (403).
    const otherKey = (await testDevice()).keys.p256dh;
    const [gone, unknown, failing] = [await testDevice(), await testDevice(), await testDevice(otherKey)];
    for (const d of [gone, unknown, failing]) await turnOnPush(p.menteeToken, d);
    await pushServiceAnswers(gone, 410);
    await pushServiceAnswers(unknown, 404);
    expect((await sendAs(p, "mentor", conversationId, "Are you there?")).status).toBe(201);
    for (let i = 0; i < 100 && (await devices(p.mentee.id)).length > 1; i++) await settle(50);
    expect((await devices(p.mentee.id)).map((d) => d.endpoint)).toEqual([failing.endpoint]);
  });
});

describe("signing out ends the device's pushes", () => {
  it("logout removes the devices of that sign-in only; a password change those of the other sign-ins", async () => {
    const me = await mentee();
    const [phone, laptop, tablet] = [await testDevice(), await testDevice(), await testDevice()];
    const first = await signIn("mentee", me.row.email);
    const second = await signIn("mentee", me.row.email);
    const third = await signIn("mentee", me.row.email);
    await turnOnPush(first.accessToken, phone);
    await turnOnPush(second.accessToken, laptop);
    await turnOnPush(third.accessToken, tablet);
    expect(await devices(me.id)).toHaveLength(3);

    expect((await rest("POST", "/api/mentees/logout", { token: first.accessToken, body: {} })).status).toBeLessThan(300);
    for (let i = 0; i < 100 && (await devices(me.id)).length > 2; i++) await settle(50);
    expect((await devices(me.id)).map((d) => d.endpoint).sort()).toEqual([laptop.endpoint, tablet.endpoint].sort());

    const changed = await trpcOutcome(
      trpc(second.accessToken).password.change.mutate({
        currentPassword: "Passw0rd!",
        password: "A new password 2031!",
        confirmPassword: "A new password 2031!",
      }),
    );
    expect(changed.status).toBe(200);
    for (let i = 0; i < 100 && (await devices(me.id)).length > 1; i++) await settle(50);
    expect((await devices(me.id)).map((d) => d.endpoint)).toEqual([laptop.endpoint]);
  });

  it("a block removes every device of the account", async () => {
    const p = await chatPair();
    const conversationId = await openChat(p);
    const device = await testDevice();
    await turnOnPush(p.menteeToken, device);
    const moderator = await accessTokenFor("moderator", (await createModerator()).id);
    const blocked = await trpcOutcome(
      trpc(moderator).moderation.setBlocked.mutate({ role: "mentee", id: p.mentee.id, blocked: true, reason: "Testing Web Push" }),
    );
    expect(blocked.status, JSON.stringify(blocked)).toBe(200);
    for (let i = 0; i < 100 && (await devices(p.mentee.id)).length > 0; i++) await settle(50);
    expect(await devices(p.mentee.id)).toHaveLength(0);
    expect((await sendAs(p, "mentor", conversationId, "Still there?")).status).toBe(403);
  });
});

describe("a sign-in that expired", () => {
  it("its device receives nothing once the sign-in has run out, and the cron's clean-up removes it; a live sign-in's device keeps receiving", async () => {
    const p = await chatPair();
    const conversationId = await openChat(p);
    const [passedOn, kept] = [await testDevice(), await testDevice()];
    const old = await signIn("mentee", p.mentee.email);
    const current = await signIn("mentee", p.mentee.email);
    await turnOnPush(old.accessToken, passedOn);
    await turnOnPush(current.accessToken, kept);
    // The old sign-in's last refresh token runs out: expired, never revoked.
    const [device] = await testDb().select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, passedOn.endpoint));
    await testDb()
      .update(refreshSessions)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(eq(refreshSessions.familyId, device.signInId));

    expect((await sendAs(p, "mentor", conversationId, "Anyone there?")).status).toBe(201);
    await waitForPushes(kept, 1);
    await settle();
    expect(await received(passedOn)).toHaveLength(0);

    const run = await call("POST", "/dev/cron/dropDevicesOfEndedSignIns");
    expect(run.status).toBe(200);
    expect((await devices(p.mentee.id)).map((d) => d.endpoint)).toEqual([kept.endpoint]);
    // Run again: nothing more goes.
    expect((await call("POST", "/dev/cron/dropDevicesOfEndedSignIns")).body).toMatchObject({ dropDevicesOfEndedSignIns: { removed: 0 } });
    expect(await devices(p.mentee.id)).toHaveLength(1);
  });
});

describe("the demo", () => {
  it("Priya has turned off e-mails about her bookings and pushes about sign-ins; everything else is on, and no device is seeded", async () => {
    const [priya] = await testDb().select().from(mentees).where(eq(mentees.email, "mentee@example.com"));
    const token = await accessTokenFor("mentee", priya.id);
    const { preferences, devices } = await trpc(token).notificationSettings.overview.query({});
    expect(preferences.booking).toEqual({ inApp: true, email: false, push: true });
    expect(preferences.account).toEqual({ inApp: true, email: true, push: false });
    expect(preferences.reminder).toEqual({ inApp: true, email: true, push: true });
    expect(devices).toEqual([]);
  });
});
