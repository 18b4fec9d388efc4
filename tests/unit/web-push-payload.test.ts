import { describe, expect, it } from "vitest";
import { CHANNEL_RULES, channelOn, kindsOf, NOTICE_KINDS, preferencesOf, ruleOf } from "../../shared/notification-kinds";
import type { NotificationPush } from "../../shared/realtime-protocol";
import { endpointProblem, localPushService } from "../../worker/notifications/web-push/endpoints";
import { deliveryOptions, MAX_BODY, pushPayload, screenFor } from "../../worker/notifications/web-push/payload";

/** What a push says and opens, which channels carry which kind, and which endpoints the Worker posts to. */

const notice = (overrides: Partial<NotificationPush> = {}): NotificationPush => ({
  id: "11111111-1111-4111-8111-111111111111",
  type: "alert",
  kind: "reminder",
  content: "Reminder: your session with Asha Rao starts within the hour: June 3rd 2029, 3:30 pm (Asia/Kolkata).",
  isRead: false,
  conversationId: null,
  time: "2029-06-03T09:05:00.000Z",
  createdAt: "2029-06-03T09:05:00.000Z",
  ...overrides,
});

describe("the push payload", () => {
  it("says what the bell says, under a title naming its kind, in the recipient's language", () => {
    expect(pushPayload(notice(), "mentee", "en")).toEqual({
      kind: "reminder",
      title: "Session reminder",
      body: notice().content,
      url: "/mentees/booked-slots",
      tag: `notice:${notice().id}`,
      lang: "en",
      noticeId: notice().id,
      sentAt: notice().createdAt,
    });
    expect(pushPayload(notice(), "mentor", "hi").lang).toBe("hi");
  });

  it("opens the right screen: the conversation, her booked slots or his schedule, his dashboard for a moderator's decision", () => {
    const conversationId = "22222222-2222-4222-8222-222222222222";
    expect(screenFor({ kind: "message", conversationId }, "mentee")).toBe(`/mentees/connect/inbox/${conversationId}`);
    expect(screenFor({ kind: "message", conversationId }, "mentor")).toBe(`/mentors/connect/inbox/${conversationId}`);
    expect(screenFor({ kind: "message", conversationId: null }, "mentor")).toBe("/mentors/connect/inbox");
    expect(screenFor({ kind: "reminder", conversationId: null }, "mentee")).toBe("/mentees/booked-slots");
    expect(screenFor({ kind: "reminder", conversationId: null }, "mentor")).toBe("/mentors");
    expect(screenFor({ kind: "booking", conversationId: null }, "mentee")).toBe("/mentees/booked-slots");
    expect(screenFor({ kind: "booking", conversationId: null }, "mentor")).toBe("/mentors/scheduler");
    expect(screenFor({ kind: "moderation", conversationId: null }, "mentor")).toBe("/mentors");
    expect(screenFor({ kind: "moderation", conversationId: null }, "mentee")).toBe("/mentees/tickets");
    expect(screenFor({ kind: "account", conversationId: null }, "moderator")).toBe("/moderator");
  });

  it("gives a conversation's messages one tag and one topic, so a device shows and keeps only the newest", () => {
    const conversationId = "22222222-2222-4222-8222-222222222222";
    const message = notice({ type: "message", kind: "message", content: "New message from Asha Rao", conversationId });
    expect(pushPayload(message, "mentee", "en").tag).toBe(`message:${conversationId}`);
    expect(deliveryOptions(message)).toEqual({ ttl: 86400, urgency: "high", topic: "22222222222242228222222222222222" });
    expect(deliveryOptions(message).topic).toMatch(/^[\w-]{1,32}$/);
    expect(deliveryOptions(notice())).toEqual({ ttl: 3600, urgency: "high" });
    expect(deliveryOptions(notice({ kind: "booking" }))).toEqual({ ttl: 86400, urgency: "normal" });
  });

  it("cuts a long notice for the lock screen, and fits a push message whatever the notice", () => {
    const long = pushPayload(notice({ kind: "booking", content: "A".repeat(4000) }), "mentor", "en");
    expect(long.body).toHaveLength(MAX_BODY);
    expect(long.body.endsWith("…")).toBe(true);
    expect(new TextEncoder().encode(JSON.stringify(long)).length).toBeLessThan(3993);
  });
});

describe("the channels of each kind", () => {
  it("lists each role's kinds: mentees and mentors all five, moderators their sign-in alerts", () => {
    expect(kindsOf("mentee")).toEqual([...NOTICE_KINDS]);
    expect(kindsOf("mentor")).toEqual([...NOTICE_KINDS]);
    expect(kindsOf("moderator")).toEqual(["account"]);
  });

  it("is on by default, off where she turned it off, and never changes what is always or never sent", () => {
    expect(channelOn("mentee", "reminder", "push")).toBe(true);
    expect(channelOn("mentee", "reminder", "push", { reminder: { push: false } })).toBe(false);
    expect(channelOn("mentee", "reminder", "email", { reminder: { push: false } })).toBe(true);
    expect(channelOn("mentee", "account", "email", { account: { email: false } })).toBe(true);
    expect(channelOn("mentee", "message", "email", { message: { email: true } })).toBe(false);
    expect(channelOn("mentor", "message", "email")).toBe(true);
    expect(channelOn("moderator", "account", "inApp")).toBe(true);
    expect(channelOn("moderator", "account", "email")).toBe(false);
    expect(channelOn("moderator", "reminder", "push")).toBe(false);
    expect(ruleOf("mentee", "account", "inApp")).toBe("always");
  });

  it("gives every kind's three channels for the settings screen", () => {
    const prefs = preferencesOf("mentee", { message: { push: false }, booking: { email: false, inApp: false } });
    expect(prefs.message).toEqual({ inApp: true, email: false, push: false });
    expect(prefs.booking).toEqual({ inApp: false, email: false, push: true });
    expect(prefs.account).toEqual({ inApp: true, email: true, push: true });
    for (const role of ["mentee", "mentor", "moderator"] as const)
      expect(Object.values(CHANNEL_RULES[role]).every((r) => r.push === "switch")).toBe(true);
  });
});

describe("push endpoints", () => {
  it("accepts the browsers' push services over https", () => {
    for (const url of [
      "https://fcm.googleapis.com/fcm/send/dAPT:APA91b",
      "https://updates.push.services.mozilla.com/wpush/v2/gAAAAA",
      "https://wns2-par02p.notify.windows.com/w/?token=BQYAAA",
      "https://web.push.apple.com/QGuQyavXutnMH6Ig2uYOJDwA",
    ])
      expect(endpointProblem(url, null), url).toBeNull();
  });

  it("refuses anything else, so the Worker never posts to an address a client chose", () => {
    for (const url of [
      "http://fcm.googleapis.com/fcm/send/x",
      "https://fcm.googleapis.com:8443/x",
      "https://evil.example/fcm.googleapis.com",
      "https://127.0.0.1/x",
      "https://user:pw@fcm.googleapis.com/x",
      "not a url",
    ])
      expect(endpointProblem(url, null), url).not.toBeNull();
  });

  it("accepts the local push service's subscriptions in development only, and nothing else of its server", () => {
    const local = "http://127.0.0.1:8090/dev/push";
    const development = localPushService({ ENVIRONMENT: "development", PUSH_SERVICE_URL: local });
    expect(development).toBe(local);
    expect(localPushService({ ENVIRONMENT: "production", PUSH_SERVICE_URL: local })).toBeNull();
    expect(localPushService({ ENVIRONMENT: "development" })).toBeNull();
    // Its endpoints are https (RFC 8030), on its address.
    expect(endpointProblem("https://127.0.0.1:8090/dev/push/send/8a1f-c3", development)).toBeNull();
    expect(endpointProblem("https://127.0.0.1:8090/dev/push/send/8a1f-c3", null)).not.toBeNull();
    for (const url of [
      "https://127.0.0.1:8090/v1/customers",
      "https://127.0.0.1:8090/dev/push/send/",
      "https://127.0.0.1:8090/dev/push/send/a/../../../v1/customers",
      "https://127.0.0.1:8090/dev/push/send/a?x=1",
      "https://127.0.0.1:8091/dev/push/send/a",
      "https://127.0.0.2:8090/dev/push/send/a",
      "https://127.0.0.1/dev/push/send/a",
      "https://push.localhost/dev/push/send/a",
    ])
      expect(endpointProblem(url, development), url).not.toBeNull();
  });
});
