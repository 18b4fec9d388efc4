import { describe, expect, it } from "vitest";
import { accessTokenFor, createMentee, signIn } from "../support/accounts";
import { rest, trpc, trpcOutcome } from "../support/api";
import { chatPair, openChat, sendAs } from "../support/chat";
import { createModerator } from "../support/moderation";

/** The bell's notifications over REST (SPEC §7) and tRPC. */

type Notification = {
  id: string;
  type: string;
  content: string;
  isRead: boolean;
  conversationId: string | null;
  time: string;
  createdAt: string;
};

describe("notifications", () => {
  it("the sign-in alert is one of them, for her other sign-ins: GET reads `notifications`, PATCH with no body marks them read", async () => {
    const mentee = await createMentee();
    const { accessToken } = await signIn("mentee", mentee.email);
    // The sign-in that caused the notice is not told about itself.
    expect((await rest("GET", `/api/mentees/notifications/${mentee.id}`, { token: accessToken })).body).toMatchObject({
      unreadCount: 0,
      notifications: [],
    });
    // A second sign-in (another device): each reads the other's notice, unread, and not its own.
    const other = await signIn("mentee", mentee.email);
    const seenByOther = (await rest("GET", `/api/mentees/notifications/${mentee.id}`, { token: other.accessToken })).body;
    expect(seenByOther).toMatchObject({ unreadCount: 1, notifications: [{ content: expect.stringMatching(/New sign-in/) }] });
    expect((seenByOther.notifications as unknown[]).length).toBe(1);
    const listed = await rest("GET", `/api/mentees/notifications/${mentee.id}`, { token: accessToken });
    expect(listed.status).toBe(200);
    expect(listed.body).toMatchObject({
      unreadCount: 1,
      notifications: [{ type: "alert", isRead: false, conversationId: null, content: expect.stringMatching(/New sign-in/) }],
    });
    expect((listed.body.notifications as { id: string }[]).map((n) => n.id)).not.toEqual(
      (seenByOther.notifications as { id: string }[]).map((n) => n.id),
    );
    expect((await rest("GET", `/api/mentees/notifications?menteeId=${mentee.id}`, { token: accessToken })).body).toEqual(listed.body);
    expect(await rest("PATCH", `/api/mentees/notifications/${mentee.id}`, { token: accessToken })).toMatchObject({
      status: 200,
      body: { message: "Notifications marked as read" },
    });
    const after = await rest("GET", `/api/mentees/notifications/${mentee.id}`, { token: accessToken });
    expect(after.body).toMatchObject({ unreadCount: 0, notifications: [{ isRead: true }] });
  });

  it("a message notifies the recipient once per conversation with news, linking to it; opening the conversation marks it read", async () => {
    const p = await chatPair();
    const id = await openChat(p);
    await sendAs(p, "mentee", id, "First");
    await sendAs(p, "mentee", id, "Second");
    const mentorView = await rest("GET", `/api/mentors/notifications/${p.mentor.id}`, { token: p.mentorToken });
    expect(mentorView.body).toMatchObject({
      unreadCount: 1,
      notifications: [
        { type: "message", conversationId: id, isRead: false, content: `New message from ${p.mentee.firstName} ${p.mentee.lastName}` },
      ],
    });
    expect((mentorView.body.notifications as Notification[]).length).toBe(1);
    // The sender is not notified of her own messages.
    expect((await rest("GET", `/api/mentees/notifications/${p.mentee.id}`, { token: p.menteeToken })).body).toEqual({
      notifications: [],
      unreadCount: 0,
    });

    await rest("PATCH", `/api/chats/mentor-messages/${id}`, { token: p.mentorToken });
    expect((await trpc(p.mentorToken).notifications.latest.query({})).unreadCount).toBe(0);
    await sendAs(p, "mentee", id, "Third");
    const again = (await trpc(p.mentorToken).notifications.latest.query({})).notifications;
    expect(again.map((n) => n.isRead)).toEqual([false, true]);
    // The mentor's bell over REST: PATCH with no body marks the rest read.
    expect(await rest("PATCH", `/api/mentors/notifications/${p.mentor.id}`, { token: p.mentorToken })).toEqual({
      status: 200,
      body: { message: "Notifications marked as read", marked: 1 },
    });
    expect((await rest("GET", `/api/mentors/notifications/${p.mentor.id}`, { token: p.mentorToken })).body).toMatchObject({
      unreadCount: 0,
    });
    expect((await rest("PATCH", `/api/mentors/notifications/${p.mentor.id}`, { token: p.menteeToken })).status).toBe(403);
  });

  it("the bell holds the latest 5, newest first, and counts every unread one", async () => {
    const mentee = await createMentee();
    const token = await accessTokenFor("mentee", mentee.id);
    for (let i = 0; i < 7; i++) await signIn("mentee", mentee.email);
    const bell = await trpc(token).notifications.latest.query({});
    expect(bell.notifications).toHaveLength(5);
    expect(bell.unreadCount).toBe(7);
    const times = bell.notifications.map((n) => Date.parse(n.createdAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect(await trpc(token).notifications.markAllRead.mutate({})).toEqual({ marked: 7 });
  });

  it("only the owner: another user's id in the path, the other role's path, moderators and anonymous callers are refused", async () => {
    const p = await chatPair();
    const moderator = await createModerator();
    expect((await rest("GET", `/api/mentees/notifications/${p.mentee.id}`, { token: p.mentorToken })).status).toBe(403);
    expect((await rest("GET", `/api/mentors/notifications/${p.mentor.id}`, { token: p.menteeToken })).status).toBe(403);
    expect((await rest("PATCH", `/api/mentees/notifications/${p.mentor.id}`, { token: p.menteeToken })).status).toBe(403);
    expect((await rest("GET", `/api/mentees/notifications?menteeId=${p.mentor.id}`, { token: p.menteeToken })).status).toBe(403);
    expect((await rest("GET", `/api/mentees/notifications/${p.mentee.id}`, { token: moderator.token })).status).toBe(403);
    expect((await rest("PATCH", `/api/mentees/notifications/${p.mentee.id}`)).status).toBe(401);
    expect(await trpcOutcome(trpc(moderator.token).notifications.latest.query({}))).toMatchObject({ status: 403 });
  });
});
